package io.flocktune.tuner.export;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The export formats by name, in listing order. */
public final class Exporters {
    private Exporters() {}

    private static final Map<String, Exporter> ALL = new LinkedHashMap<>();

    static {
        add(new JsonExport());
        add(new WebExport());
        add(new PythonExport());
        add(new UnityExport());
        add(new CppExport());
        add(new PythonSeedExport());
        add(new UnitySeedExport());
        add(new CppSeedExport());
    }

    private static void add(Exporter exporter) {
        ALL.put(exporter.format(), exporter);
    }

    /** @return every exporter by its format name */
    public static Map<String, Exporter> all() {
        return Collections.unmodifiableMap(ALL);
    }

    /** @return the exporter of {@code format}, if there is one */
    public static Optional<Exporter> find(String format) {
        return Optional.ofNullable(ALL.get(format));
    }
}
