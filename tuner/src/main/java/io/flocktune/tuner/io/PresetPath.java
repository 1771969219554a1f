package io.flocktune.tuner.io;

import io.flocktune.sim.Check;

/**
 * A dotted key path into a preset as its file spells it: {@code separation.weight},
 * {@code boids.count}, {@code obstacles.spheres.0.radius} (a list index), {@code separation.kind}.
 * Split once, when it is made; {@link PresetEdit} follows it.
 */
public final class PresetPath {
    private final String text;
    private final String[] keys;

    private PresetPath(String text) {
        this.text = Check.present("path", text);
        this.keys = text.split("\\.", -1);
    }

    /** @return the path {@code text} */
    public static PresetPath of(String text) {
        return new PresetPath(text);
    }

    /** @return the path as written */
    public String text() {
        return text;
    }

    /** @return the keys, in order (the path's own array: not to be changed) */
    String[] keys() {
        return keys;
    }

    /** @return the list index {@code key} names (at most 9 digits), or -1 */
    static int index(String key) {
        if (key.isEmpty() || key.length() > 9 || !key.chars().allMatch(Character::isDigit)) return -1;
        return Integer.parseInt(key);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PresetPath p && p.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return text;
    }
}
