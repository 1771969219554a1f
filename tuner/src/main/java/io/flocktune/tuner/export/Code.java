package io.flocktune.tuner.export;

import io.flocktune.sim.Kinds;
import io.flocktune.sim.Preset;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Helpers shared by the code generators: names, number literals, and the list of what does not map. */
final class Code {
    private Code() {}

    /** @return {@code name} reduced to a safe file name stem: letters, digits, '_', '-' and '.'; never hidden */
    static String fileName(String name) {
        String safe = name.replaceAll("[^A-Za-z0-9_.-]", "_");
        return safe.isEmpty() || safe.startsWith(".") ? "preset" + safe : safe;
    }

    /**
     * @return Java's shortest round-trip form of a finite double ({@code 0.02}, {@code 1.0E-4}),
     *         which Python, C++, C# and JSON all read back as the same double
     */
    static String number(double value) {
        if (!Double.isFinite(value)) throw new IllegalArgumentException("not a finite number: " + value);
        return Double.toString(value);
    }

    /**
     * @return {@code value} rounded to a float, as the literal C++ and C# read back as that
     *         float ({@code 20.0f}, {@code 1.0E-4f}); a value beyond the float range is written as
     *         the largest float and a non-zero value below it as the smallest, each added to
     *         {@code gaps} under {@code path}
     */
    static String floatLiteral(double value, String path, String target, Gaps gaps) {
        return Float.toString(toFloat(value, path, target, gaps)) + "f";
    }

    /** @return {@code value} as a float, range problems added to {@code gaps} (see {@link #floatLiteral}) */
    static float toFloat(double value, String path, String target, Gaps gaps) {
        float f = (float) value;
        if (Float.isInfinite(f)) {
            gaps.add(path, value + ": beyond the float range of " + target + "; written as the largest float");
            return Math.copySign(Float.MAX_VALUE, f);
        }
        if (f == 0 && value != 0) {
            gaps.add(path, value + ": below the float precision of " + target + "; written as the smallest float");
            return Math.copySign(Float.MIN_VALUE, (float) Math.signum(value));
        }
        return f;
    }

    /**
     * @return {@link #oneLine} text for a C++ {@code //} comment: backslashes become slashes, since
     *         a backslash at the end of a line would splice the next line into the comment
     */
    static String cppComment(String text) {
        return oneLine(text).replace('\\', '/');
    }

    /**
     * The export of a peer-model preset by a format whose code runs flocktune's rules only: a
     * README that says why, and the peer as unrepresented.
     *
     * @param engine what the format's code is, named in the reason (e.g. {@code "the C++ engine"})
     */
    static Export notForPeer(Preset.Peer peer, String engine) {
        String reason = "preset " + peer.name() + " runs the peer model " + kind(peer.peer()) + ", which " + engine
                + " does not implement; formats for a peer model: json, web";
        return new Export(Map.of("README.md", "# " + oneLine(peer.name()) + "\n\nNot exported: " + oneLine(reason) + ".\n"),
                List.of(new Export.Unrepresented("peer", reason)));
    }

    /** @return the {@code kind} name of a rule variant, as in the preset JSON */
    static String kind(Object variant) {
        return Kinds.of(variant);
    }

    /**
     * @return {@code text} (a preset's name or description, a path) on one line: every control
     *         or line-separator character becomes a space, so it cannot end a comment line of the
     *         generated code
     */
    static String oneLine(String text) {
        StringBuilder line = new StringBuilder(text.length());
        text.codePoints().forEach(c -> line.appendCodePoint(Character.isISOControl(c) || c == 0x2028 || c == 0x2029 || c == 0x85 ? ' ' : c));
        return line.toString();
    }

    /** @return the UTF-8 text of resource {@code io/flocktune/tuner/export/NAME}: a file an exporter ships as it is */
    static String resource(String name) {
        return text("export/" + name);
    }

    /** @return the UTF-8 text of resource {@code io/flocktune/tuner/PATH} (the exporters' files and the web player's) */
    static String text(String path) {
        try (InputStream in = Code.class.getResourceAsStream("/io/flocktune/tuner/" + path)) {
            if (in == null) throw new IllegalStateException("missing resource io/flocktune/tuner/" + path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read resource io/flocktune/tuner/" + path, e);
        }
    }

    /** Collects what a target cannot represent, in the order found. */
    static final class Gaps {
        private final List<Export.Unrepresented> list = new ArrayList<>();

        void add(String path, String reason) {
            list.add(new Export.Unrepresented(path, reason));
        }

        List<Export.Unrepresented> list() {
            return list;
        }
    }
}
