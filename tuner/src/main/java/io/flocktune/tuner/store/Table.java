package io.flocktune.tuner.store;

import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * An append-only table of a study's directory (CSV: RFC 4180, a header row, "\n" line ends,
 * UTF-8), which grows batch by batch and is part of the study's resume state: rows are written
 * through to the disk ({@link #flush}), and opening it for a resumed study cuts it back to the
 * length recorded when its last batch was complete, dropping a half-written row or a batch
 * that was in flight.
 */
public final class Table implements AutoCloseable {
    /** The CSV dialect of every table. */
    public static final CSVFormat FORMAT = CSVFormat.RFC4180.builder().setRecordSeparator("\n").get();

    private final Path file;
    private final CSVPrinter printer;

    private Table(Path file, CSVPrinter printer) {
        this.file = file;
        this.printer = printer;
    }

    /** @return a double as text that reads back to the same bits ("NaN" and "Infinity" included). */
    public static String number(double v) {
        return Double.toString(v);
    }

    /**
     * @param header the header row, written when the table starts afresh
     * @param length the length to cut the file back to, or &lt; 0 to start afresh
     * @throws IOException if the file is shorter than {@code length}, or cannot be written
     */
    public static Table open(Path file, List<String> header, long length) throws IOException {
        if (length < 0) {
            Files.deleteIfExists(file);
        } else {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
                if (channel.size() < length) {
                    throw new IOException(file + " is shorter (" + channel.size() + " bytes) than at the checkpoint ("
                            + length + " bytes)");
                }
                channel.truncate(length);
            }
        }
        CSVPrinter printer = new CSVPrinter(Files.newBufferedWriter(file, StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE), FORMAT);
        if (length < 0) printer.printRecord(header);
        return new Table(file, printer);
    }

    /** Appends one row. */
    public void row(List<String> values) throws IOException {
        printer.printRecord(values);
    }

    /** Writes everything so far through to the disk (flush, then fsync). */
    public void flush() throws IOException {
        printer.flush();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
    }

    /** @return the file's length after a {@link #flush}. */
    public long size() throws IOException {
        return Files.size(file);
    }

    @Override
    public void close() throws IOException {
        printer.close();
    }
}
