package io.flocktune.tuner.export;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The text files exporters ship as they are (engines, stubs), read from this package's resources. */
final class Resources {
    private Resources() {}

    /** @return the UTF-8 text of resource {@code io/flocktune/tuner/export/PATH} */
    static String text(String path) {
        try (InputStream in = Resources.class.getResourceAsStream(path)) {
            if (in == null) throw new IllegalStateException("missing resource io/flocktune/tuner/export/" + path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource io/flocktune/tuner/export/" + path, e);
        }
    }
}
