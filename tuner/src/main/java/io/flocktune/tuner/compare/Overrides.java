package io.flocktune.tuner.compare;

import com.fasterxml.jackson.databind.JsonNode;
import io.flocktune.tuner.store.Table;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Preset overrides as one short line a researcher reads: a rule variant as
 * {@code alignment: meanVelocityLimited(weight 1, maxForce 0.1)}, a field as
 * {@code motion.dt: 0.4}, an object as {@code world: (dimension 2, size 200, boundary wrap)}.
 */
final class Overrides {
    private Overrides() {}

    /** @return the overrides, "path: value" joined by "; ", in their order. */
    static String text(Map<String, JsonNode> overrides) {
        List<String> parts = new ArrayList<>();
        overrides.forEach((path, value) -> parts.add(path + ": " + value(value)));
        return String.join("; ", parts);
    }

    /** @return a value: an object with a kind as kind(field value, …), numbers as short as exact. */
    static String value(JsonNode node) {
        if (node.isNumber()) return Table.number(node.doubleValue()).replaceAll("\\.0$", "");
        if (node.isTextual()) return node.textValue();
        if (node.isArray()) {
            List<String> items = new ArrayList<>();
            node.forEach(item -> items.add(value(item)));
            return "[" + String.join(", ", items) + "]";
        }
        if (node.isObject()) {
            String kind = node.has("kind") && node.get("kind").isTextual() ? node.get("kind").textValue() : "";
            List<String> fields = new ArrayList<>();
            node.properties().forEach(e -> {
                if (!(e.getKey().equals("kind") && !kind.isEmpty())) fields.add(e.getKey() + " " + value(e.getValue()));
            });
            return fields.isEmpty() ? kind : kind + "(" + String.join(", ", fields) + ")";
        }
        return node.toString();
    }
}
