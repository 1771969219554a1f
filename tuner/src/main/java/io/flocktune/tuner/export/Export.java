package io.flocktune.tuner.export;

import io.flocktune.sim.Check;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an {@link Exporter} produced.
 *
 * @param files         relative path ('/'-separated) → UTF-8 content, in the order they are listed
 * @param unrepresented what the target cannot express, one entry per parameter or feature;
 *                      empty when the export is faithful
 */
public record Export(Map<String, String> files, List<Unrepresented> unrepresented) {
    public Export {
        Check.present("files", files);
        if (files.isEmpty()) throw new IllegalArgumentException("files: an export writes at least one file");
        for (String name : files.keySet()) {
            if (!isRelativePath(name)) {
                throw new IllegalArgumentException("files: \"" + name + "\" is not a relative path of plain names");
            }
        }
        files = Collections.unmodifiableMap(new LinkedHashMap<>(files));
        unrepresented = List.copyOf(Check.present("unrepresented", unrepresented));
    }

    /**
     * A parameter or feature the target cannot express.
     *
     * @param path   dotted preset path, e.g. {@code world.boundary.kind} or {@code predators.count}
     * @param reason one line: the preset's value and what the target lacks
     */
    public record Unrepresented(String path, String reason) {
        public Unrepresented {
            Check.present("path", path);
            Check.present("reason", reason);
        }

        @Override
        public String toString() {
            return path + ": " + reason;
        }
    }

    /** @return whether {@code name} is a relative path of '/'-separated plain names (none empty or starting with '.') */
    static boolean isRelativePath(String name) {
        if (name.isEmpty() || name.contains("\\")) return false;
        for (String segment : name.split("/", -1)) {
            if (segment.isEmpty() || segment.startsWith(".")) return false;
        }
        return true;
    }
}
