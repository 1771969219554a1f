package io.flocktune.notebooks.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs notebooks through the built kernel ({@code target/flocktune-kernel.jar}) with
 * {@code jupyter nbconvert --to notebook --execute}, as a user and CI do. Runs after
 * {@code package} (the surefire execution "notebook-run"). Without Jupyter it is skipped with a
 * message, except in CI ({@code CI=true}), where it fails.
 */
class NotebookRunIT {
    private static final Path MODULE = Path.of("").toAbsolutePath();
    private static String jupyter;

    @BeforeAll
    static void findJupyter() throws Exception {
        for (String candidate : List.of("/usr/bin/jupyter", "jupyter")) {
            try {
                Process p = new ProcessBuilder(candidate, "nbconvert", "--version").redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                if (p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0) {
                    jupyter = candidate;
                    return;
                }
            } catch (IOException notThere) {
                // try the next one
            }
        }
        String message = "jupyter nbconvert not found (Debian: apt-get install jupyter-nbconvert python3-nbclient "
                + "python3-ipykernel jupyter-client); .ci/run installs it";
        if ("true".equals(System.getenv("CI"))) {
            fail(message);
        }
        Assumptions.abort(message);
    }

    @Test
    void aNotebookRunsWithStateCharsTablesAndValues(@TempDir Path dir) throws Exception {
        Run run = execute("tiny.ipynb", dir);
        assertEquals(0, run.exit, run.log);
        Map<String, List<JsonNode>> outputs = outputs(dir.resolve("out.ipynb"));
        List<JsonNode> second = outputs.get("c02");
        assertEquals("hello from cell 2\n", text(second.get(0).get("text")), "a method of cell 1 ran in cell 2");
        assertEquals("42", text(second.get(1).get("data").get("text/plain")), "a variable of cell 1 seen in cell 2");
        assertTrue(text(outputs.get("c03").get(0).get("data").get("text/html")).contains("<td>b&lt;c</td><td>2.25</td>"));
        JsonNode chart = outputs.get("c04").get(0);
        assertEquals("display_data", chart.get("output_type").asText());
        BufferedImage png = ImageIO.read(new ByteArrayInputStream(Base64.getDecoder().decode(
                text(chart.get("data").get("image/png")).replace("\n", ""))));
        assertEquals(300, png.getWidth());
        assertEquals(200, png.getHeight());
        assertEquals("200", text(outputs.get("c04").get(1).get("data").get("text/plain")), "the reynolds preset has 200 boids");
    }

    @Test
    void aFailingCellFailsTheRun(@TempDir Path dir) throws Exception {
        Run run = execute("failing.ipynb", dir);
        assertNotEquals(0, run.exit, run.log);
        assertTrue(run.log.contains("java.lang.IllegalStateException: cell 2 fails on purpose"), run.log);
        assertFalse(Files.exists(dir.resolve("out.ipynb")), "nbconvert wrote no result");
    }

    private record Run(int exit, String log) {}

    private static Run execute(String notebook, Path dir) throws Exception {
        Files.copy(MODULE.resolve("src/test/resources").resolve(notebook), dir.resolve(notebook));
        // a kernelspec for the jar just built; notebooks/kernels/flocktune-java/kernel.json runs the same jar through ../run
        Path spec = Files.createDirectories(dir.resolve("jupyter/kernels/flocktune-java"));
        String java = ProcessHandle.current().info().command().orElse("java");
        Path jar = MODULE.resolve("target/flocktune-kernel.jar");
        Files.writeString(spec.resolve("kernel.json"), new ObjectMapper().writeValueAsString(Map.of(
                "argv", List.of(java, "-jar", jar.toString(), "{connection_file}"),
                "display_name", "Java (flocktune)", "language", "java")));
        ProcessBuilder pb = new ProcessBuilder(jupyter, "nbconvert", "--to", "notebook", "--execute",
                "--ExecutePreprocessor.timeout=120", "--output", "out.ipynb", notebook)
                .directory(dir.toFile()).redirectErrorStream(true);
        pb.environment().put("JUPYTER_PATH", dir.resolve("jupyter").toString());
        pb.environment().put("JUPYTER_RUNTIME_DIR", dir.resolve("runtime").toString());
        pb.environment().put("JUPYTER_DATA_DIR", dir.resolve("data").toString());
        pb.environment().put("PYDEVD_DISABLE_FILE_VALIDATION", "1");
        Process p = pb.start();
        String log = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            fail("nbconvert did not finish in 5 minutes:\n" + log);
        }
        return new Run(p.exitValue(), log);
    }

    private static Map<String, List<JsonNode>> outputs(Path notebook) throws IOException {
        Map<String, List<JsonNode>> byCell = new java.util.HashMap<>();
        for (JsonNode cell : new ObjectMapper().readTree(notebook.toFile()).get("cells")) {
            List<JsonNode> list = new ArrayList<>();
            if (cell.has("outputs")) {
                cell.get("outputs").forEach(list::add);
            }
            byCell.put(cell.get("id").asText(), list);
        }
        return byCell;
    }

    /** Notebook text fields are a string or a list of lines. */
    private static String text(JsonNode node) {
        if (node.isArray()) {
            StringBuilder s = new StringBuilder();
            node.forEach(n -> s.append(n.asText()));
            return s.toString();
        }
        return node.asText();
    }
}
