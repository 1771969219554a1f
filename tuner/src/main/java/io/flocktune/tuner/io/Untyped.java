package io.flocktune.tuner.io;

import com.fasterxml.jackson.databind.JsonNode;
import io.flocktune.sim.Check;
import io.flocktune.sim.Kinds;

import java.lang.reflect.Type;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A value for a preset path in a form not yet resolved against a preset: an override or a
 * choice's option as a file gives it (JSON) or as code gives it (a Java value). It becomes typed
 * ({@link #as}) once the preset, and so the type of its path, is known; an {@link Edit} or a
 * {@code Parameter.Choice} holds the typed value only. Made by the JSON layer
 * ({@link PresetJson#untyped}) or by {@link #of}.
 */
public sealed interface Untyped {
    /**
     * @param type the declared type of the path ({@link PresetEdit#type})
     * @param at   the path, to start a message
     * @return the value as a value of {@code type}: a JSON value bound as the records bind it, a
     *         Java value as it is (checked against the type when it is set)
     * @throws IllegalArgumentException one line starting with {@code at}: no value of the type
     */
    Object as(Type type, String at);

    /** @return the default label of a choice's option, before labels shared by two options are made distinct */
    String label();

    /** @return the value as compact JSON text, e.g. {@code 2} or {@code {"kind":"wrap"}} ({@link PresetJson#untypedTree}) */
    default String text() {
        return PresetJson.untypedTree(this).toString();
    }

    /** @return a Java value (a record, enum constant, number, string, boolean or list) as an untyped value */
    static Untyped of(Object value) {
        return new Java(value);
    }

    /** A Java value: a record, enum constant, number, string, boolean or list. */
    record Java(Object value) implements Untyped {
        public Java {
            Check.present("value", value);
        }

        @Override
        public Object as(Type type, String at) {
            return value;
        }

        /**
         * A record's kind ({@code "inverseDistance"}; {@code "option"} for a record of no rule
         * family), an enum constant's lower-case name, a number, text or boolean as Java writes it
         * ({@code "2.0"}, {@code "sequential"}), {@code ""} for a list.
         */
        @Override
        public String label() {
            return switch (value) {
                case Enum<?> e -> e.name().toLowerCase(Locale.ROOT);
                case List<?> l -> "";
                case Record r -> Arrays.stream(r.getClass().getInterfaces()).anyMatch(Class::isSealed) ? Kinds.of(r) : "option";
                default -> String.valueOf(value);
            };
        }
    }

    /** A JSON value from a file, bound by {@link PresetJson#part}. */
    record Json(JsonNode value) implements Untyped {
        public Json {
            value = Check.present("value", value).deepCopy();
        }

        @Override
        public Object as(Type type, String at) {
            return PresetJson.part(value, type, at);
        }

        /** A scalar's text, an object's {@code kind} ({@code "option"} without one). */
        @Override
        public String label() {
            return value.isObject() ? value.path("kind").asText("option") : value.asText();
        }
    }
}
