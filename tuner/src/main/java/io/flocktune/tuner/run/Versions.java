package io.flocktune.tuner.run;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The versions a run records in its {@code experiment.json}: flocktune, Jenetics, XChart, Java. */
public final class Versions {
    private Versions() {}

    /** @return {@code {"flocktune": ..., "jenetics": ..., "xchart": ..., "java": ...}}. */
    public static ObjectNode json() {
        Properties p = new Properties();
        try (InputStream in = Versions.class.getResourceAsStream("/io/flocktune/tuner/versions.properties")) {
            if (in != null) p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ObjectNode v = JsonNodeFactory.instance.objectNode();
        for (String key : new String[] {"flocktune", "jenetics", "xchart"}) v.put(key, p.getProperty(key, "unknown"));
        v.put("java", Runtime.version().toString());
        return v;
    }
}
