package io.flocktune.tuner.export;

import io.flocktune.sim.Kinds;

import java.util.ArrayList;
import java.util.List;

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

    /** @return the {@code kind} name of a rule variant, as in the preset JSON */
    static String kind(Object variant) {
        return Kinds.of(variant);
    }

    /** @return {@code text} with every line after the first one starting with {@code prefix} */
    static String comment(String prefix, String text) {
        return text.replace("\n", "\n" + prefix);
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
