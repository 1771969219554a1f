package io.flocktune.tuner.compare;

import io.flocktune.sim.Kinds;
import io.flocktune.tuner.io.Edit;
import io.flocktune.tuner.store.Table;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Preset overrides as one short line a researcher reads: a rule variant as
 * {@code alignment: meanVelocityLimited(weight 1, maxForce 0.1)}, a field as
 * {@code motion.dt: 0.4}, a section as {@code world: (dimension 2, size 200, boundary wrap)}.
 */
final class Overrides {
    private Overrides() {}

    /** @return the overrides, "path: value" joined by "; ", in their order. */
    static String text(List<Edit> overrides) {
        List<String> parts = new ArrayList<>();
        for (Edit e : overrides) parts.add(e.path().text() + ": " + value(e.value()));
        return String.join("; ", parts);
    }

    /**
     * @return a value: a rule variant as kind(field value, …) (its kind alone when it has no
     *         fields), a section as (field value, …), numbers as short as exact, an enum in lower case
     */
    static String value(Object value) {
        return switch (value) {
            case Number n -> Table.number(n.doubleValue()).replaceAll("\\.0$", "");
            case Enum<?> e -> e.name().toLowerCase(Locale.ROOT);
            case List<?> list -> "[" + String.join(", ", list.stream().map(Overrides::value).toList()) + "]";
            case Record r -> {
                boolean variant = Arrays.stream(r.getClass().getInterfaces()).anyMatch(Class::isSealed);
                String kind = variant ? Kinds.of(r) : "";
                List<String> fields = new ArrayList<>();
                for (RecordComponent c : r.getClass().getRecordComponents()) fields.add(c.getName() + " " + value(component(r, c)));
                yield fields.isEmpty() ? kind : kind + "(" + String.join(", ", fields) + ")";
            }
            default -> String.valueOf(value);
        };
    }

    private static Object component(Record r, RecordComponent c) {
        try {
            var accessor = c.getAccessor();
            accessor.trySetAccessible();
            return accessor.invoke(r);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot read " + c, e);
        }
    }
}
