package io.flocktune.tuner.io;

import io.flocktune.sim.Flock;
import io.flocktune.sim.StepObserver;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.DuplicateHeaderMode;

import java.io.IOException;
import java.io.PushbackReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The state CSV: one row per boid and predator, header {@code step,kind,id,x,y,z,vx,vy,vz}, with
 * {@code kind} {@code boid} or {@code predator}, positions in world units and velocities in world
 * units per time unit (2D keeps z and vz at 0). It is the bridge to every other front end:
 * {@code --init} reads one state, {@code --trace} writes one every K steps.
 *
 * <p>Numbers are written with {@link Double#toString(double)}, so a state read back is bit for
 * bit the state written. Rows keep the flock's slot order; predator ids are their indices.
 *
 * <p>Read leniently where a spreadsheet or editor differs harmlessly: a UTF-8 byte order mark,
 * CRLF line ends, quoted cells, spaces around cells, and empty rows (also {@code ,,,,,,,,}) are
 * accepted. Strict where a number could be misread: cells must be plain decimal numbers
 * ({@code 1.5d} and {@code 0x1p3}, which Java would read, are refused).
 */
public final class StateCsv {
    private StateCsv() {}

    /** The columns, in the order they are written (any order is read). */
    public static final List<String> HEADER = List.of("step", "kind", "id", "x", "y", "z", "vx", "vy", "vz");

    private static final String BOID = "boid", PREDATOR = "predator";

    private static final CSVFormat READ = CSVFormat.DEFAULT.builder()
            .setHeader().setSkipHeaderRecord(true)
            .setDuplicateHeaderMode(DuplicateHeaderMode.ALLOW_ALL)   // reported by checkHeader
            .setIgnoreEmptyLines(true)
            .setTrim(true)
            .get();

    private static final CSVFormat WRITE = CSVFormat.DEFAULT.builder()
            .setHeader(HEADER.toArray(String[]::new))
            .setRecordSeparator('\n')
            .get();

    /** How commons-csv starts a message about a record that spans lines. */
    private static final Pattern START_LINE = Pattern.compile("\\(startline (\\d+)\\) (.*)");

    /**
     * Reads one state. The {@code step} column must hold integers &ge; 0 but is otherwise ignored;
     * ids must be integers &ge; 0, unique among the boids and among the predators.
     *
     * @param dimension the world's dimension, 2 or 3; in 2D every z and vz must be 0
     * @return a flock with the file's boids (at least one) and predators, in file order
     * @throws InputException naming the file and the line (or the column) of the first problem:
     *                        missing or unknown columns, a row of the wrong length, an unknown kind,
     *                        a cell that is not a finite number, a duplicate id, z &ne; 0 in 2D
     */
    public static Flock read(Path file, int dimension) throws InputException {
        Rows boids = new Rows(), predators = new Rows();
        try (Reader reader = withoutByteOrderMark(Files.newBufferedReader(file, StandardCharsets.UTF_8));
             CSVParser parser = CSVParser.builder().setReader(reader).setFormat(READ).get()) {
            checkHeader(file, parser.getHeaderNames());
            Iterator<CSVRecord> records = parser.iterator();
            while (true) {
                CSVRecord record;
                try {
                    if (!records.hasNext()) break;
                    record = records.next();
                } catch (UncheckedIOException | IllegalStateException e) {
                    throw malformed(file, parser.getCurrentLineNumber() + 1, rootMessage(e), e);
                }
                if (record.stream().allMatch(String::isEmpty)) continue;   // a spreadsheet's empty row: ",,,,,,,,"
                Row row = new Row(file, parser.getCurrentLineNumber(), record);
                String kind = row.text("kind");
                switch (kind) {
                    case BOID -> boids.add(row, dimension, BOID);
                    case PREDATOR -> predators.add(row, dimension, PREDATOR);
                    default -> throw row.error("kind = \"" + kind + "\": must be " + BOID + " or " + PREDATOR);
                }
            }
        } catch (NoSuchFileException e) {
            throw new InputException(file + ": no such file", e);
        } catch (CharacterCodingException e) {
            throw StrictJson.notUtf8(file.toString(), StrictJson.firstInvalidUtf8(file));
        } catch (IOException e) {
            if (e.getCause() instanceof CharacterCodingException) throw StrictJson.notUtf8(file.toString(), StrictJson.firstInvalidUtf8(file));
            throw new InputException(file + ": cannot read: " + AtomicFile.reason(e), e);
        }
        if (boids.size == 0) throw new InputException(file + ": no boid rows; expected at least one row with kind = boid");
        if (predators.size > MAX_PREDATORS) {
            throw new InputException(file + ": " + predators.size + " predator rows; at most " + MAX_PREDATORS
                    + " (the limit of predators.count)");
        }
        Flock flock = new Flock(dimension, boids.size, predators.size);
        boids.copyTo(flock.x(), flock.y(), flock.z(), flock.vx(), flock.vy(), flock.vz());
        System.arraycopy(boids.ids, 0, flock.id(), 0, boids.size);
        predators.copyTo(flock.px(), flock.py(), flock.pz(), flock.pvx(), flock.pvy(), flock.pvz());
        return flock;
    }

    /** The most predators a state may hold, as {@code predators.count}. */
    public static final int MAX_PREDATORS = 1000;

    /** Skips a leading UTF-8 byte order mark, as many Windows editors and spreadsheets write. */
    private static Reader withoutByteOrderMark(Reader reader) throws IOException {
        PushbackReader pushback = new PushbackReader(reader, 1);
        int first = pushback.read();
        if (first >= 0 && first != '\uFEFF') pushback.unread(first);
        return pushback;
    }

    /** A decimal number: digits, an optional fraction and exponent; no hex, no {@code d}/{@code f} suffix. */
    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");

    private static void checkHeader(Path file, List<String> names) throws InputException {
        if (names.size() == 1 && names.getFirst().contains(";")) {
            throw new InputException(file + ": line 1: the columns are separated by ';'; save the file as CSV with ',' "
                    + "between cells and '.' as the decimal point");
        }
        List<String> missing = HEADER.stream().filter(column -> !names.contains(column)).toList();
        if (!missing.isEmpty()) {
            throw new InputException(file + ": line 1: missing column" + (missing.size() > 1 ? "s " : " ")
                    + String.join(", ", missing) + "; the header must be " + String.join(",", HEADER));
        }
        List<String> duplicated = names.stream().filter(column -> names.indexOf(column) != names.lastIndexOf(column))
                .distinct().toList();
        if (!duplicated.isEmpty()) {
            throw new InputException(file + ": line 1: duplicate column " + String.join(", ", duplicated)
                    + "; the header must be " + String.join(",", HEADER));
        }
        List<String> unknown = names.stream().filter(column -> !HEADER.contains(column)).toList();
        if (!unknown.isEmpty()) {
            throw new InputException(file + ": line 1: unknown column" + (unknown.size() > 1 ? "s " : " ")
                    + String.join(", ", unknown) + "; the header must be " + String.join(",", HEADER));
        }
    }

    /** One record with its line number, for messages. */
    private record Row(Path file, long line, CSVRecord record) {
        InputException error(String message) {
            return new InputException(file + ": line " + line + ": " + message);
        }

        String text(String column) throws InputException {
            if (!record.isConsistent()) {
                throw error(record.size() + " cells; the header has " + record.getParser().getHeaderNames().size());
            }
            return record.get(column);
        }

        double number(String column) throws InputException {
            String text = text(column);
            if (!DECIMAL.matcher(text).matches()) {
                if (text.matches("[+-]?(NaN|Infinity)")) throw error(column + " = " + text + ": must be a finite number");
                throw error(column + " = \"" + text + "\": must be a number (a decimal such as -1.25 or 3e-2)");
            }
            double value = Double.parseDouble(text);
            if (!Double.isFinite(value)) throw error(column + " = " + text + ": must be a finite number (too large)");
            return value;
        }

        /** An integer in [0, max]. */
        long whole(String column, long max) throws InputException {
            String text = text(column);
            try {
                long value = Long.parseLong(text);
                if (value >= 0 && value <= max) return value;
            } catch (NumberFormatException e) {
                // reported below
            }
            throw error(column + " = \"" + text + "\": must be an integer in [0, " + max + "]");
        }
    }

    /** Growing columns of one kind of row, with the line where each id was first seen. */
    private static final class Rows {
        private int size;
        private int[] ids = new int[64];
        private double[][] columns = new double[6][64];
        private final Map<Integer, Long> lineOfId = new HashMap<>();

        void add(Row row, int dimension, String kind) throws InputException {
            row.whole("step", Long.MAX_VALUE);
            int id = (int) row.whole("id", Integer.MAX_VALUE);
            Long first = lineOfId.putIfAbsent(id, row.line());
            if (first != null) {
                throw row.error("duplicate " + kind + " id " + id + " (first on line " + first
                        + "); a state holds one step, so keep only one step of a trace");
            }
            if (size == ids.length) {
                ids = Arrays.copyOf(ids, 2 * size);
                for (int c = 0; c < columns.length; c++) columns[c] = Arrays.copyOf(columns[c], 2 * size);
            }
            ids[size] = id;
            for (int c = 0; c < columns.length; c++) {
                String column = HEADER.get(3 + c);
                double value = row.number(column);
                if (dimension == 2 && (column.equals("z") || column.equals("vz")) && value != 0) {
                    throw row.error(column + " = " + value + ": must be 0 in a 2D world (world.dimension = 2)");
                }
                columns[c][size] = value;
            }
            size++;
        }

        void copyTo(double[] x, double[] y, double[] z, double[] vx, double[] vy, double[] vz) {
            double[][] targets = {x, y, z, vx, vy, vz};
            for (int c = 0; c < columns.length; c++) System.arraycopy(columns[c], 0, targets[c], 0, size);
        }
    }

    /** commons-csv's "(startline 2) EOF reached before encapsulated token finished", as one line. */
    private static InputException malformed(Path file, long line, String message, Exception cause) {
        Matcher start = START_LINE.matcher(message);
        if (start.matches()) return new InputException(file + ": line " + start.group(1) + ": malformed CSV: " + start.group(2), cause);
        return new InputException(file + ": line " + line + ": malformed CSV: " + message, cause);
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null) root = root.getCause();
        String message = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
        int newline = message.indexOf('\n');
        return newline < 0 ? message : message.substring(0, newline);
    }

    // ------------------------------------------------------------------ writing

    /**
     * Writes one state (all rows with the given step) atomically.
     *
     * @throws InputException naming the file if it cannot be written; nothing is left behind
     */
    public static void write(Path file, long step, Flock flock) throws InputException {
        try (Trace trace = trace(file, 1)) {
            trace.observe(step, flock);
            trace.commit();
        } catch (UncheckedIOException e) {
            throw new InputException(e.getMessage(), e);
        }
    }

    /**
     * Opens a trace: a {@link StepObserver} that writes the state of every step divisible by
     * {@code every} (step 0 is the initial state). The file appears only on {@link Trace#commit()};
     * closing without a commit discards it.
     *
     * @param every write every K-th step, K &ge; 1
     * @throws InputException naming the file if it cannot be created
     */
    public static Trace trace(Path file, int every) throws InputException {
        if (every < 1) throw new IllegalArgumentException("every = " + every + ": must be >= 1");
        AtomicFile output = AtomicFile.create(file);
        try {
            return new Trace(output, new CSVPrinter(output.writer(), WRITE), every);
        } catch (IOException e) {
            output.close();
            throw new InputException(file + ": cannot write: " + AtomicFile.reason(e), e);
        }
    }

    /** A streaming state writer; see {@link #trace(Path, int)}. Not thread-safe. */
    public static final class Trace implements StepObserver, AutoCloseable {
        private final AtomicFile output;
        private final CSVPrinter printer;
        private final int every;

        private Trace(AtomicFile output, CSVPrinter printer, int every) {
            this.output = output;
            this.printer = printer;
            this.every = every;
        }

        /**
         * Writes the flock's rows if {@code step} is a multiple of {@code every}.
         *
         * @throws UncheckedIOException whose message names the file, if writing fails
         */
        @Override
        public void observe(long step, Flock flock) {
            if (step % every != 0) return;
            try {
                for (int i = 0; i < flock.count(); i++) {
                    row(step, BOID, flock.id()[i], flock.x()[i], flock.y()[i], flock.z()[i],
                            flock.vx()[i], flock.vy()[i], flock.vz()[i]);
                }
                for (int k = 0; k < flock.predatorCount(); k++) {
                    row(step, PREDATOR, k, flock.px()[k], flock.py()[k], flock.pz()[k],
                            flock.pvx()[k], flock.pvy()[k], flock.pvz()[k]);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(output.target() + ": cannot write: " + AtomicFile.reason(e), e);
            }
        }

        private void row(long step, String kind, int id, double x, double y, double z,
                         double vx, double vy, double vz) throws IOException {
            printer.print(step);
            printer.print(kind);
            printer.print(id);
            printer.print(x);
            printer.print(y);
            printer.print(z);
            printer.print(vx);
            printer.print(vy);
            printer.print(vz);
            printer.println();
        }

        /** Flushes and moves the file into place. */
        public void commit() throws InputException {
            try {
                printer.flush();
            } catch (IOException e) {
                output.close();
                throw new InputException(output.target() + ": cannot write: " + AtomicFile.reason(e), e);
            }
            output.commit();
        }

        /** Discards the file unless it was committed. */
        @Override
        public void close() {
            output.close();
        }
    }
}
