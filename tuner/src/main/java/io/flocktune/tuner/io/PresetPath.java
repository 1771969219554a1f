package io.flocktune.tuner.io;

import io.flocktune.sim.Check;

/**
 * A dotted key path into a preset as its file spells it: {@code separation.weight},
 * {@code boids.count}, {@code obstacles.spheres.0.radius} (a list index), {@code separation.kind}.
 * Split once; {@link PresetEdit} follows it.
 *
 * @param text the path as written
 */
public record PresetPath(String text) {
    public PresetPath {
        Check.present("path", text);
    }

    /** @return the path {@code text} */
    public static PresetPath of(String text) {
        return new PresetPath(text);
    }

    /** @return the keys, in order (a fresh array) */
    public String[] keys() {
        return text.split("\\.", -1);
    }

    /** @return the list index {@code key} names (at most 9 digits), or -1 */
    static int index(String key) {
        if (key.isEmpty() || key.length() > 9 || !key.chars().allMatch(Character::isDigit)) return -1;
        return Integer.parseInt(key);
    }
}
