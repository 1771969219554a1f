package io.flocktune.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static io.flocktune.cli.MainTest.flocktune;
import static io.flocktune.cli.MainTest.ok;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** End-to-end tests of {@code flocktune validate}, on short sweeps (the real ones are in results/validation). */
class ValidateCommandTest {

    @Test
    void vicsekWritesTheCsvAndChartsAndPrintsTheTable(@TempDir Path dir) throws IOException {
        Path one = dir.resolve("one"), two = dir.resolve("two");
        String[] args = {"validate", "vicsek", "--values", "0.5,6.283185307179586", "--steps", "600", "--seeds", "2"};
        List<String> lines = ok(concat(args, "--out", one.toString(), "--threads", "1")).out().lines().toList();
        ok(concat(args, "--out", two.toString(), "--threads", "2"));

        assertEquals("eta       polarization [95% CI]", lines.get(0));
        assertTrue(lines.get(1).matches("0\\.5000 +0\\.9\\d{3} \\[0\\.9\\d{3}, (0\\.9\\d{3}|1\\.0000)]"), lines.get(1));
        assertTrue(lines.get(2).matches("6\\.2832 +0\\.0\\d{3} \\[0\\.0\\d{3}, 0\\.\\d{4}]"), lines.get(2));
        assertTrue(lines.get(3).startsWith("wrote " + one.resolve("vicsek.csv") + ", " + one.resolve("vicsek.png") + ", "
                + one.resolve("vicsek.svg") + " ("), lines.get(3));
        assertEquals(4, lines.size());
        List<String> csv = Files.readAllLines(one.resolve("vicsek.csv"));
        assertEquals("eta,polarization_mean,polarization_sd,polarization_ci95_low,polarization_ci95_high", csv.getFirst());
        assertEquals(3, csv.size());
        for (String file : new String[] {"vicsek.csv", "vicsek.png", "vicsek.svg"}) {
            assertArrayEquals(Files.readAllBytes(one.resolve(file)), Files.readAllBytes(two.resolve(file)), file + " on 1 and 2 threads");
        }
    }

    @Test
    void couzinLabelsEachPointsState(@TempDir Path dir) throws IOException {
        List<String> lines = ok("validate", "couzin", "--values", "6", "--steps", "1200", "--seeds", "1", "--out", dir.toString())
                .out().lines().toList();
        assertEquals("dr_o      polarization [95% CI]       milling [95% CI]", lines.get(0));
        assertTrue(lines.get(1).matches("6\\.0000 +0\\.99\\d\\d +0\\.\\d{4} +highly parallel"), lines.get(1));
        List<String> csv = Files.readAllLines(dir.resolve("couzin.csv"));
        assertTrue(csv.get(1).matches("6\\.0,0\\.99\\d+,0\\.0,,,0\\.\\d+(E-\\d+)?,0\\.0,,,highly parallel,highly parallel"), csv.get(1));
    }

    static Stream<MainTest.Bad> badInputs() {
        return Stream.of(
                new MainTest.Bad("flocktune: validate: noise = 7.0: must be in [0, 6.28", "validate", "vicsek", "--values", "7"),
                new MainTest.Bad("flocktune: validate: orientation width = -1.0: must be >= 0 and finite", "validate", "couzin", "--values", "-1"),
                new MainTest.Bad("flocktune: --set alignment.noise=1: the validation sweeps alignment.noise; use --values",
                        "validate", "vicsek", "--set", "alignment.noise=1"),
                new MainTest.Bad("flocktune: --set neighbourhood.radius=5: the validation sweeps alignment.radius and neighbourhood.radius; use --values",
                        "validate", "couzin", "--set", "neighbourhood.radius=5"),
                new MainTest.Bad("flocktune: couzin with --set neighbourhood={\"kind\": \"global\"}: alignment.kind = zonal: needs a metric or fieldOfView neighbourhood",
                        "validate", "couzin", "--set", "neighbourhood={\"kind\": \"global\"}"),
                new MainTest.Bad("flocktune: --steps = 1: must be >= 2", "validate", "vicsek", "--steps", "1"),
                new MainTest.Bad("flocktune: --seeds = 0: must be >= 1", "validate", "vicsek", "--seeds", "0"),
                new MainTest.Bad("flocktune: --threads = 0: must be in [1, 4096]", "validate", "couzin", "--threads", "0", "--values", "1", "--steps", "2"),
                new MainTest.Bad("flocktune: Invalid value for option '--values' (V): 'x' is not a double", "validate", "vicsek", "--values", "1,x"),
                new MainTest.Bad("flocktune: missing validation: vicsek or couzin (see 'flocktune validate --help')", "validate"),
                new MainTest.Bad("flocktune: Unmatched argument at index 1: 'reynolds'", "validate", "reynolds"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badInputs")
    void badInputGivesOneLineExitTwoAndNoFile(MainTest.Bad bad, @TempDir Path dir) throws IOException {
        MainTest.Result result = flocktune(concat(bad.args(), "--out", dir.resolve("out").toString()));
        if (bad.args().length < 2 || bad.args()[1].equals("reynolds")) result = flocktune(bad.args());   // no --out there
        assertEquals(2, result.exit(), result.err());
        assertEquals(1, result.errLines().size(), result.err());
        assertTrue(result.err().startsWith(bad.expected()), result.err());
        assertEquals("", result.out());
        assertTrue(Files.notExists(dir.resolve("out")));
    }

    private static String[] concat(String[] args, String... more) {
        return Stream.concat(Stream.of(args), Stream.of(more)).toArray(String[]::new);
    }
}
