package io.flocktune.tuner.export;

import io.flocktune.sim.Constraint;
import io.flocktune.sim.Preset;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random valid presets drawn from the records themselves: every sealed family picks a random
 * variant, every number a random value inside its component's declared {@link Constraint}
 * (sometimes exactly on a bound), lists 0–3 elements. Candidates the preset constructor's
 * cross-section rules reject are drawn again, so every result is valid.
 */
final class RandomPresetTrees {
    private RandomPresetTrees() {}

    static Preset next(SplittableRandom random) {
        for (int attempt = 0; ; attempt++) {
            try {
                return (Preset) value(Preset.class, null, random);
            } catch (IllegalArgumentException rejected) {
                if (attempt > 10_000) throw new IllegalStateException("no valid random preset", rejected);
            }
        }
    }

    private static Object value(Type type, RecordComponent component, SplittableRandom r) {
        if (type instanceof ParameterizedType list) {
            // custom rules are Java code with no JSON form: a JSON preset has none
            if (list.getActualTypeArguments()[0] == io.flocktune.sim.CustomRule.class) return List.of();
            List<Object> values = new ArrayList<>();
            for (int k = r.nextInt(4); k > 0; k--) values.add(value(list.getActualTypeArguments()[0], null, r));
            return values;
        }
        Class<?> c = (Class<?>) type;
        if (c == double.class) return number(Constraint.of(component), r);
        if (c == int.class) {
            Constraint.Between b = (Constraint.Between) Constraint.of(component);
            int min = (int) b.min(), max = (int) Math.min(b.max(), min + 500);
            return min + r.nextInt(max - min + 1);
        }
        if (c == boolean.class) return r.nextBoolean();
        if (c == String.class) return component.getName().equals("format") ? Preset.FORMAT : "random-" + r.nextInt(1000);
        if (c.isEnum()) return c.getEnumConstants()[r.nextInt(c.getEnumConstants().length)];
        if (c.isInterface()) {
            Class<?>[] variants = c.getPermittedSubclasses();
            return value(variants[r.nextInt(variants.length)], null, r);
        }
        RecordComponent[] components = c.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] args = new Object[components.length];
        for (int k = 0; k < components.length; k++) {
            types[k] = components[k].getType();
            args[k] = value(components[k].getGenericType(), components[k], r);
        }
        try {
            Constructor<?> constructor = c.getDeclaredConstructor(types);
            constructor.setAccessible(true);
            return constructor.newInstance(args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException rejected) throw rejected;
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static double number(Constraint constraint, SplittableRandom r) {
        boolean edge = r.nextInt(8) == 0;
        return switch (constraint) {
            case Constraint.GreaterThanZero g -> edge ? Double.MIN_VALUE : Math.exp(r.nextDouble(Math.log(1e-3), Math.log(1e3)));
            case Constraint.AtLeastZero a -> edge ? 0 : Math.exp(r.nextDouble(Math.log(1e-3), Math.log(1e3)));
            case Constraint.AnyFinite f -> r.nextBoolean() ? 0 : r.nextDouble(-100, 100);
            case Constraint.Between b -> edge ? (r.nextBoolean() ? b.min() : b.max()) : r.nextDouble(b.min(), b.max());
        };
    }
}
