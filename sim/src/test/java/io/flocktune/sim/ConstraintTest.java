package io.flocktune.sim;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The constraint annotations of the preset records are what their constructors enforce: for
 * every numeric component of every record of the preset tree, a value just outside its declared
 * range is rejected with a message naming that component, and the declared bounds themselves
 * are accepted. So a component whose {@link Check#components} argument is misplaced, or whose
 * annotation is missing, fails here.
 */
class ConstraintTest {

    /** One valid instance of every record class reachable from a preset (random presets cover every variant). */
    static Map<Class<?>, Record> instances() {
        Map<Class<?>, Record> found = new LinkedHashMap<>();
        SplittableRandom random = new SplittableRandom(20261123);
        for (Preset p : Presets.all().values()) collect(p, found);
        for (int k = 0; k < 500; k++) collect(RandomPresets.next(random), found);
        return found;
    }

    private static void collect(Object value, Map<Class<?>, Record> found) {
        if (value instanceof List<?> list) list.forEach(v -> collect(v, found));
        if (!(value instanceof Record record)) return;
        found.putIfAbsent(record.getClass(), record);
        for (RecordComponent c : record.getClass().getRecordComponents()) collect(read(c, record), found);
    }

    @Test
    void everyRecordAndVariantIsCovered() {
        Map<Class<?>, Record> instances = instances();
        int variants = 0;
        for (Class<?> family : List.of(io.flocktune.sim.rule.Separation.class, io.flocktune.sim.rule.Alignment.class,
                io.flocktune.sim.rule.Cohesion.class, io.flocktune.sim.rule.Motion.class,
                io.flocktune.sim.rule.Neighbourhood.class, io.flocktune.sim.rule.Boundary.class,
                io.flocktune.sim.rule.PredatorBehaviour.class, io.flocktune.sim.rule.ObstacleAvoidance.class)) {
            for (Class<?> variant : family.getPermittedSubclasses()) {
                assertTrue(instances.containsKey(variant), "no instance of " + variant);
                variants++;
            }
        }
        assertTrue(variants >= 30, "variants: " + variants);
    }

    @Test
    void outOfRangeValuesAreRejectedNamingTheComponentAndBoundsAccepted() throws Exception {
        int checked = 0;
        for (Record valid : instances().values()) {
            RecordComponent[] components = valid.getClass().getRecordComponents();
            for (int k = 0; k < components.length; k++) {
                Class<?> type = components[k].getType();
                if (type != int.class && type != double.class) continue;
                Constraint constraint = Constraint.of(components[k]);
                String name = components[k].getName();
                for (Object bad : outside(constraint, type)) {
                    Throwable thrown = construct(valid, k, bad);
                    assertInstanceOf(IllegalArgumentException.class, thrown, valid.getClass() + "." + name + " = " + bad);
                    assertTrue(thrown.getMessage().startsWith(name + " = "), thrown.getMessage());
                    checked++;
                }
                if (constraint instanceof Constraint.Between b && !(valid instanceof Preset.Boids)) {
                    for (double bound : new double[] {b.min(), b.max()}) {
                        Object value = type == int.class ? (Object) (int) bound : (Object) bound;
                        Throwable thrown = construct(valid, k, value);
                        if (thrown != null && !(thrown.getMessage().startsWith(name + " = "))) continue;   // another rule
                        assertEquals(null, thrown, valid.getClass() + "." + name + " = " + value);
                    }
                }
            }
        }
        assertTrue(checked > 80, "checked: " + checked);
    }

    @Test
    void theMessagesAreCheckMessages() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new io.flocktune.sim.rule.Separation.Linear(-1, 1));
        assertEquals("radius = -1.0: must be > 0 and finite", e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new Preset.Boids(0, 0, 1, 1, 1));
        assertEquals("count = 0: must be in [1, 10000000]", e.getMessage());
        e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> new Preset.World(2, 10, null));
        assertEquals("boundary is missing", e.getMessage());
    }

    private static List<Object> outside(Constraint constraint, Class<?> type) {
        return switch (constraint) {
            case Constraint.GreaterThanZero g -> List.of(0.0, -1.0, Double.NaN, Double.POSITIVE_INFINITY);
            case Constraint.AtLeastZero a -> List.of(-Double.MIN_VALUE, -1.0, Double.NaN, Double.POSITIVE_INFINITY);
            case Constraint.AnyFinite f -> List.of(Double.NaN, Double.NEGATIVE_INFINITY);
            case Constraint.Between b -> type == int.class
                    ? List.of((int) b.min() - 1, (int) b.max() + 1)
                    : List.of(Math.nextDown(b.min()), Math.nextUp(b.max()), Double.NaN);
        };
    }

    /** @return what constructing {@code valid} with component {@code k} replaced throws, or null */
    private static Throwable construct(Record valid, int k, Object value) throws ReflectiveOperationException {
        RecordComponent[] components = valid.getClass().getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        Object[] args = new Object[components.length];
        for (int i = 0; i < components.length; i++) {
            types[i] = components[i].getType();
            args[i] = i == k ? value : read(components[i], valid);
        }
        Constructor<?> constructor = valid.getClass().getDeclaredConstructor(types);
        constructor.setAccessible(true);
        try {
            constructor.newInstance(args);
            return null;
        } catch (InvocationTargetException e) {
            return e.getCause();
        }
    }

    private static Object read(RecordComponent component, Record record) {
        try {
            var accessor = component.getAccessor();
            accessor.setAccessible(true);
            return accessor.invoke(record);
        } catch (ReflectiveOperationException e) {
            fail(e);
            return null;
        }
    }
}
