package io.flocktune.tuner.io;

import io.flocktune.sim.Flock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StateCsvTest {
    private static final String HEADER = "step,kind,id,x,y,z,vx,vy,vz\n";

    /** A flock with awkward doubles (tiny, huge, negative zero, many digits) and shuffled ids. */
    static Flock randomFlock(long seed, int dimension, int boids, int predators) {
        System.out.println("StateCsvTest seed " + seed);
        SplittableRandom random = new SplittableRandom(seed);
        Flock flock = new Flock(dimension, boids, predators);
        double[][] columns = {flock.x(), flock.y(), flock.z(), flock.vx(), flock.vy(), flock.vz()};
        double[][] predatorColumns = {flock.px(), flock.py(), flock.pz(), flock.pvx(), flock.pvy(), flock.pvz()};
        for (int c = 0; c < 6; c++) {
            boolean zColumn = c == 2 || c == 5;
            if (dimension == 2 && zColumn) continue;
            for (int i = 0; i < boids; i++) columns[c][i] = awkward(random);
            for (int k = 0; k < predators; k++) predatorColumns[c][k] = awkward(random);
        }
        for (int i = 0; i < boids; i++) flock.id()[i] = 1000 - 7 * i;
        return flock;
    }

    private static double awkward(SplittableRandom random) {
        return switch (random.nextInt(5)) {
            case 0 -> random.nextDouble(-1e-300, 1e-300);
            case 1 -> random.nextDouble(-1e300, 1e300);
            case 2 -> -0.0;
            default -> random.nextDouble(-50, 50);
        };
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 3})
    void writeThenReadGivesTheSameStateBitForBit(int dimension, @TempDir Path dir) throws InputException {
        for (long seed = 1; seed <= 5; seed++) {
            Flock flock = randomFlock(seed, dimension, 40, (int) seed % 3);
            Path file = dir.resolve("state" + seed + ".csv");
            StateCsv.write(file, 0, flock);
            Flock back = StateCsv.read(file, dimension);
            assertTrue(flock.sameState(back), "seed " + seed);
            // -0.0 survives too (sameState compares bits through Arrays.equals)
        }
    }

    @Test
    void writesTheDocumentedHeaderAndRows(@TempDir Path dir) throws Exception {
        Flock flock = new Flock(2, 2, 1);
        flock.x()[0] = 1.5; flock.vy()[0] = -0.25; flock.id()[1] = 9; flock.px()[0] = 3;
        Path file = dir.resolve("s.csv");
        StateCsv.write(file, 7, flock);
        assertEquals(HEADER
                + "7,boid,0,1.5,0.0,0.0,0.0,-0.25,0.0\n"
                + "7,boid,9,0.0,0.0,0.0,0.0,0.0,0.0\n"
                + "7,predator,0,3.0,0.0,0.0,0.0,0.0,0.0\n", Files.readString(file));
    }

    @Test
    void readsColumnsInAnyOrderWithSpacesAndBlankLines(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("s.csv"),
                "id, kind ,step,vz,vy,vx,z,y,x\r\n\r\n 4,boid,0,0,2,1,0,-1,0.5\r\n");
        Flock flock = StateCsv.read(file, 2);
        assertEquals(1, flock.count());
        assertEquals(4, flock.id()[0]);
        assertEquals(0.5, flock.x()[0]);
        assertEquals(-1, flock.y()[0]);
        assertEquals(1, flock.vx()[0]);
        assertEquals(2, flock.vy()[0]);
    }

    /**
     * What Excel ("CSV UTF-8") and LibreOffice write: a byte order mark, CRLF line ends, quoted
     * cells, exponents in capitals, empty rows of commas at the end.
     */
    @Test
    void aStateSavedByASpreadsheetIsRead(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("excel.csv");
        Files.writeString(file, "\uFEFFstep,kind,id,x,y,z,vx,vy,vz\r\n0,boid,0,1.25,-3.5,0,0.3,-0.7,0\r\n"
                + "\"0\",\"boid\",\"1\",\"2\",\" 4.75\",\"0\",\"1.23E-05\",\"-0\",\"0\"\r\n,,,,,,,,\r\n,,,,,,,,\r\n\r\n");
        Flock flock = StateCsv.read(file, 2);
        assertEquals(2, flock.count());
        assertEquals(1.25, flock.x()[0]);
        assertEquals(4.75, flock.y()[1]);
        assertEquals(1.23e-5, flock.vx()[1]);
    }

    @Test
    void aStateThatIsNotUtf8SaysSo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("latin1.csv");
        Files.write(file, "step,kind,id,x,y,z,vx,vy,vz\n0,boid,0,1,2,0,1,0,0 \u00e9\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        InputException e = assertThrows(InputException.class, () -> StateCsv.read(file, 2));
        assertEquals(file + ": not UTF-8 text (invalid byte at offset 49); save it as UTF-8", e.getMessage());
    }

    @Test
    void moreThan1000PredatorRowsAreRefused(@TempDir Path dir) throws Exception {
        StringBuilder csv = new StringBuilder("step,kind,id,x,y,z,vx,vy,vz\n0,boid,0,1,2,0,1,0,0\n");
        for (int k = 0; k < 1001; k++) csv.append("0,predator,").append(k).append(",1,2,0,1,0,0\n");
        Path file = Files.writeString(dir.resolve("predators.csv"), csv);
        InputException e = assertThrows(InputException.class, () -> StateCsv.read(file, 2));
        assertEquals(file + ": 1001 predator rows; at most 1000 (the limit of predators.count)", e.getMessage());
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', value = {
            "step,kind,id,x,y,vx,vy,vz\\n0,boid,0,1,2,0,1,0                 | line 1: missing column z; the header must be step,kind,id,x,y,z,vx,vy,vz",
            "step,kind,id,x,y\\n                                             | line 1: missing columns z, vx, vy, vz;",
            "step,kind,id,x,y,z,vx,vy,vz,w\\n                                | line 1: unknown column w;",
            "step,kind,id,x,y,z,vx,vy,vz,x\\n                                | line 1: duplicate column x;",
            "''                                                               | line 1: missing columns step, kind, id, x, y, z, vx, vy, vz;",
            "H0,boid,0,1,2,0,1,0,0\\n0,boid,1,1,abc,0,1,0,0                 | line 3: y = \"abc\": must be a number",
            "H0,boid,0,1,2,0,1,0,0\\n0,boid,1,1,,0,1,0,0                    | line 3: y = \"\": must be a number",
            "H0,boid,0,1,2,0,1,0,0\\n0,boid,1,1,NaN,0,1,0,0                 | line 3: y = NaN: must be a finite number",
            "H0,boid,0,1.5d,2,0,1,0,0                                        | line 2: x = \"1.5d\": must be a number",
            "H0,boid,0,0x1p3,2,0,1,0,0                                       | line 2: x = \"0x1p3\": must be a number",
            "H0,boid,0,1,2,0,1f,0,0                                          | line 2: vx = \"1f\": must be a number",
            "step;kind;id;x;y;z;vx;vy;vz\\n0;boid;0;1;2;0;1;0;0               | line 1: the columns are separated by ';'",
            "H0,boid,0,1,2,0.5,1,0,0                                         | line 2: z = 0.5: must be 0 in a 2D world (world.dimension = 2)",
            "H0,boid,0,1,2,0,1,0,-1e-9                                       | line 2: vz = -1.0E-9: must be 0 in a 2D world",
            "H0,predator,0,1,2,3,1,0,0\\n0,boid,0,1,2,0,1,0,0                | line 2: z = 3.0: must be 0 in a 2D world",
            "H0,boid,5,1,2,0,1,0,0\\n\\n0,boid,5,1,2,0,1,0,0                | line 4: duplicate boid id 5 (first on line 2)",
            "H0,boid,0,1,2,0,1,0\\n                                          | line 2: 8 cells; the header has 9",
            "H0,bird,0,1,2,0,1,0,0\\n                                        | line 2: kind = \"bird\": must be boid or predator",
            "H0,boid,-3,1,2,0,1,0,0\\n                                       | line 2: id = \"-3\": must be an integer in [0, 2147483647]",
            "H0,boid,2.5,1,2,0,1,0,0\\n                                      | line 2: id = \"2.5\": must be an integer in [0, 2147483647]",
            "Hx,boid,2,1,2,0,1,0,0\\n                                        | line 2: step = \"x\": must be an integer",
            "H0,predator,0,1,2,0,1,0,0\\n                                    | no boid rows; expected at least one row with kind = boid",
            "H0,boid,0,1,2,0,1,0,\"0\\n                                      | line 2: malformed CSV",
    })
    void badFilesNameTheLineAndTheRule(String content, String expected, @TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("bad.csv"), content.replace("\\n", "\n").replaceFirst("^H", HEADER));
        InputException e = assertThrows(InputException.class, () -> StateCsv.read(file, 2));
        assertTrue(e.getMessage().startsWith(file + ": " + expected), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void threeDimensionalFilesMayHaveZ(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("s.csv"), HEADER + "0,boid,0,1,2,3,4,5,6\n");
        assertEquals(3, StateCsv.read(file, 3).z()[0]);
    }

    @Test
    void aMissingFileIsNamed(@TempDir Path dir) {
        Path file = dir.resolve("none.csv");
        InputException e = assertThrows(InputException.class, () -> StateCsv.read(file, 2));
        assertEquals(file + ": no such file", e.getMessage());
    }

    @Test
    void aTraceWritesEveryKthStepAndAppearsOnlyOnCommit(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("trace.csv");
        Flock flock = randomFlock(11, 3, 3, 1);
        try (StateCsv.Trace trace = StateCsv.trace(file, 4)) {
            for (long step = 0; step <= 10; step++) trace.observe(step, flock);
            assertFalse(Files.exists(file), "nothing before the commit");
            trace.commit();
        }
        List<String> steps = Files.readAllLines(file).stream().skip(1).map(line -> line.substring(0, line.indexOf(',')))
                .distinct().toList();
        assertEquals(List.of("0", "4", "8"), steps);
        assertEquals(1 + 3 * 4, Files.readAllLines(file).size());
        assertEquals(List.of(file), list(dir), "no temporary file left");
    }

    @Test
    void aTraceClosedWithoutCommitLeavesNothing(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("trace.csv");
        try (StateCsv.Trace trace = StateCsv.trace(file, 1)) {
            trace.observe(0, randomFlock(3, 2, 5, 0));
        }
        assertEquals(List.of(), list(dir));
    }

    @Test
    void aTraceReplacesAnOldFileOnlyOnCommit(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("trace.csv"), "old");
        try (StateCsv.Trace trace = StateCsv.trace(file, 1)) {
            trace.observe(0, randomFlock(3, 2, 5, 0));
        }
        assertEquals("old", Files.readString(file));
        StateCsv.write(file, 0, randomFlock(3, 2, 5, 0));
        assertTrue(Files.readString(file).startsWith(HEADER));
    }

    @Test
    void anUnwritableTargetIsNamed(@TempDir Path dir) {
        Path file = dir.resolve("no/such/dir/trace.csv");
        InputException e = assertThrows(InputException.class, () -> StateCsv.trace(file, 1));
        assertEquals(file + ": cannot write: no such directory or file", e.getMessage());
        InputException directory = assertThrows(InputException.class, () -> StateCsv.trace(dir, 1));
        assertEquals(dir + ": is a directory; expected a file name", directory.getMessage());
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted().toList();
        }
    }
}
