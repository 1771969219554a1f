package io.flocktune.tuner.arch;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The structure of the main sources: {@code sim} ← {@code objectives} ← {@code tuner}, and inside
 * the tuner packages that depend on each other without a cycle, so each can be read, tested and
 * changed from the bottom up; every command of the command line goes through the public API.
 *
 * <p>A package depends on another when one of its files names a type of it in code: an import,
 * or a fully qualified name outside comments. The engine counts as one package: its sub-packages
 * ({@code rule}, {@code space}, {@code peer}) are parts of one library whose sealed types name
 * their variants.
 */
class PackageCyclesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final List<Path> SOURCES = List.of(ROOT.resolve("sim/src/main/java"), ROOT.resolve("objectives/src/main/java"),
            ROOT.resolve("tuner/src/main/java"));
    private static final Pattern REFERENCE = Pattern.compile("\\bio\\.flocktune(\\.[a-z][a-z0-9]*)+(?=\\.[A-Z])");

    @Test
    void thePackagesOfTheMainSourcesFormNoCycle() {
        Map<String, Set<String>> graph = dependencies();
        assertTrue(graph.size() >= 15, "packages found: " + graph.keySet());
        List<String> cycle = cycle(graph);
        assertEquals(List.of(), cycle, "a cycle of packages (each depends on the next, the last on the first)");
    }

    @Test
    void everyCliClassImportsThePublicApi() throws IOException {
        Path cli = ROOT.resolve("tuner/src/main/java/io/flocktune/cli");
        List<String> without = new ArrayList<>();
        try (Stream<Path> files = Files.list(cli)) {
            for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".java")).sorted().toList()) {
                if (!Files.readString(f).contains("import io.flocktune.api.")) without.add(f.getFileName().toString());
            }
        }
        assertEquals(List.of(), without, "command-line classes that do not import io.flocktune.api");
    }

    /** Package → the packages it names, over every main source file. */
    static Map<String, Set<String>> dependencies() {
        Map<String, Set<String>> graph = new TreeMap<>();
        for (Path root : SOURCES) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java") && !p.endsWith("module-info.java")).toList()) {
                    String pkg = unit(root.relativize(f.getParent()).toString().replace('/', '.'));
                    Set<String> uses = graph.computeIfAbsent(pkg, k -> new TreeSet<>());
                    Matcher m = REFERENCE.matcher(code(Files.readString(f)));
                    while (m.find()) if (!unit(m.group()).equals(pkg)) uses.add(unit(m.group()));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        graph.values().forEach(uses -> uses.retainAll(graph.keySet()));
        return graph;
    }

    /** @return the package, or {@code io.flocktune.sim} for the engine's sub-packages */
    static String unit(String pkg) {
        return pkg.startsWith("io.flocktune.sim.") ? "io.flocktune.sim" : pkg;
    }

    /** The text without comments and string literals. */
    static String code(String java) {
        return java.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", " ").replaceAll("\"(\\\\.|[^\"\\\\\\n])*\"", "\"\"");
    }

    /** @return one cycle of {@code graph}, or an empty list */
    static List<String> cycle(Map<String, Set<String>> graph) {
        Map<String, Integer> state = new TreeMap<>();   // 1 on the path, 2 done
        List<String> path = new ArrayList<>();
        for (String start : graph.keySet()) {
            List<String> found = visit(start, graph, state, path);
            if (!found.isEmpty()) return found;
        }
        return List.of();
    }

    private static List<String> visit(String node, Map<String, Set<String>> graph, Map<String, Integer> state, List<String> path) {
        Integer s = state.get(node);
        if (s != null && s == 2) return List.of();
        if (s != null) return List.copyOf(path.subList(path.indexOf(node), path.size()));
        state.put(node, 1);
        path.add(node);
        for (String next : graph.getOrDefault(node, Set.of())) {
            List<String> found = visit(next, graph, state, path);
            if (!found.isEmpty()) return found;
        }
        path.removeLast();
        state.put(node, 2);
        return List.of();
    }
}
