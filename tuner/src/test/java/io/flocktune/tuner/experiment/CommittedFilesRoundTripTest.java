package io.flocktune.tuner.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.flocktune.tuner.compare.Comparison;
import io.flocktune.tuner.compare.ComparisonJson;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The files of the committed results read into the typed records and write back byte for byte
 * (with the versions they were written with): an experiment's base is a {@code Preset}, its
 * overrides typed edits, and their written form is the one the runs wrote. A file written before
 * a field was added to the format ({@code replicates.combine}, {@code search.finalists}) is
 * compared without the fields it lacks. Read, written and read again, they are equal records.
 */
class CommittedFilesRoundTripTest {
    private static final Path RESULTS = Path.of("../results");
    private static final JsonMapper JSON = new JsonMapper();

    @Test
    void everyCommittedExperimentReadsAndWritesBackByteForByte() throws Exception {
        List<Path> files;
        try (Stream<Path> all = Files.walk(RESULTS)) {
            files = all.filter(p -> p.getFileName().toString().equals("experiment.json")).sorted().toList();
        }
        assertTrue(files.size() >= 8, "committed experiments: " + files);
        boolean overrides = false;
        int current = 0;
        for (Path file : files) {
            String text = Files.readString(file);
            Experiment e = ExperimentJson.read(file);
            overrides |= !e.set().isEmpty();
            ObjectNode tree = ExperimentJson.toTree(e);
            tree.set("versions", versions(text));
            String written = ExperimentJson.write(tree);
            ObjectNode asOld = tree.deepCopy();
            prune(asOld, JSON.readTree(text));
            assertEquals(text, ExperimentJson.write(asOld), file.toString());
            current += written.equals(text) ? 1 : 0;
            assertEquals(e, ExperimentJson.parse(written, "written", file.toAbsolutePath().getParent()), file.toString());
        }
        assertTrue(overrides, "some committed experiments have overrides (showcase, mason-flockers published-run)");
        assertTrue(current >= 2, "committed experiments in today's format, written back whole: " + current);
    }

    /** Removes from {@code tree} every key {@code old} does not have, at every depth. */
    private static void prune(JsonNode tree, JsonNode old) {
        if (tree instanceof ObjectNode object && old.isObject()) {
            object.retain(java.util.stream.StreamSupport.stream(java.util.Spliterators.spliteratorUnknownSize(old.fieldNames(), 0), false)
                    .toList());
            object.properties().forEach(e -> prune(e.getValue(), old.get(e.getKey())));
        } else if (tree.isArray() && old.isArray() && tree.size() == old.size()) {
            for (int i = 0; i < tree.size(); i++) prune(tree.get(i), old.get(i));
        }
    }

    @Test
    void theCommittedComparisonReadsAndWritesBackByteForByte() throws Exception {
        Path file = RESULTS.resolve("compare-seeds/comparison.json");
        String text = Files.readString(file);
        Comparison c = ComparisonJson.read(file);
        assertTrue(!c.set().isEmpty(), "its common overrides (world, goal: records written with whole numbers as given)");
        ObjectNode tree = ComparisonJson.toTree(c);
        tree.set("versions", versions(text));
        String written = ComparisonJson.write(tree);
        assertEquals(text, written);
        Comparison back = ComparisonJson.parse(written, "written", file.toAbsolutePath().getParent());
        assertEquals(c.set(), back.set());
        assertEquals(c.arms(), back.arms());
    }

    private static JsonNode versions(String text) throws Exception {
        return JSON.readTree(text).get("versions");
    }
}
