package io.flocktune.tuner.io;

import io.flocktune.sim.Kinds;
import io.flocktune.sim.Preset;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Typed path setters on a {@link Preset}: the one way a value reaches a preset at a dotted path
 * ({@code separation.weight}, {@code boids.count}, {@code separation} = a whole rule variant,
 * {@code separation.kind} = another variant with the same fields, {@code obstacles.spheres.0.radius}
 * = an element of a list), shared by a search's genes, {@code --set} and the API. An edit starts
 * from a preset, takes any number of {@link #set} calls, and {@link #build}s the result by calling
 * the canonical constructors of the records on the edited paths only, innermost first, so the
 * records' own checks validate it and their messages gain the path
 * ({@code separation.radius = 0.0: must be > 0 and finite}).
 *
 * <p>Values are typed: a record, an enum constant, a {@code Double} (also accepted for
 * {@code double}), a {@code Long} or {@code Integer} (for {@code int}, {@code long} and
 * {@code double}), a {@code Boolean}, a {@code String}, a {@code List}. No JSON is involved; the
 * record structure is read by reflection once per record class ({@link Shape}) and an edit calls
 * only cached accessors and constructors. Paths are checked by {@link #set} (a missing key is an
 * {@link InputException} naming the keys there, as the preset file spells them); a value of the
 * wrong type, an out-of-range value and every rule of the records are reported by {@link #build},
 * so a sequence of sets is judged as a whole (e.g. {@code boids.minSpeed} above the old
 * {@code boids.maxSpeed} is fine when a later set raises {@code maxSpeed}).
 *
 * <pre>{@code
 * Preset p = new PresetEdit(Presets.get("reynolds"))
 *         .set(PresetPath.of("separation.weight"), 2.0, "example")
 *         .build("example");
 * }</pre>
 */
public final class PresetEdit {
    /** A record (possibly switched to another variant of its family) or a list being edited. */
    private static final class Node {
        Class<?> type;           // the record class; null for a list
        Type elementType;        // a list's element type (declared)
        String[] names;          // record component names (may differ from type's after a kind switch)
        Object[] values;         // component values or list elements; edited children are Nodes
        Object original;         // the value this node was opened from, or null once changed

        Node(Object record) {
            original = record;
            if (record instanceof List<?> list) {
                values = list.toArray();
            } else {
                Shape shape = Shape.of(record.getClass());
                type = record.getClass();
                names = shape.names;
                values = shape.components(record);
            }
        }
    }

    private final Node root;
    private IllegalArgumentException pending;      // the first value problem, reported by build

    /** @param preset the preset the edit starts from (not changed) */
    public PresetEdit(Preset preset) {
        root = new Node(preset);
    }

    /**
     * Sets {@code value} at {@code path}.
     *
     * @param source names the setting in a message about the path, e.g. {@code --set boids.cont=5}
     * @throws InputException if the path does not exist (the message lists the keys that do)
     */
    public PresetEdit set(PresetPath path, Object value, String source) throws InputException {
        Node parent = parentOf(path, source);
        String[] keys = path.keys();
        put(parent, keys[keys.length - 1], value, path.text());
        return this;
    }

    /**
     * @return the declared type of the value at {@code path} as the edit stands (e.g. {@code int},
     *         {@code Separation}, {@code List<Sphere>}; {@code String} for a {@code kind}): what a
     *         value from text is read as
     * @throws InputException if the path does not exist
     */
    public Type type(PresetPath path, String source) throws InputException {
        Node parent = parentOf(path, source);
        String key = path.keys()[path.keys().length - 1];
        if (parent.type == null) return parent.elementType;
        if (key.equals("kind") && Shape.family(parent.type) != null) return String.class;
        return declared(parent, key);
    }

    /**
     * @return the value at {@code path} as the edit stands (e.g. {@code 100} at
     *         {@code boids.count}, a {@code Separation} record at {@code separation}, the kind's
     *         name at {@code separation.kind})
     * @throws InputException if the path does not exist, or what was set inside it makes no valid record
     */
    public Object get(PresetPath path, String source) throws InputException {
        Node parent = parentOf(path, source);
        String key = path.keys()[path.keys().length - 1];
        Object value;
        if (parent.type == null) value = parent.values[PresetPath.index(key)];
        else if (key.equals("kind") && Shape.family(parent.type) != null) return Kinds.of(parent.type);
        else value = parent.values[Arrays.asList(parent.names).indexOf(key)];   // the path was checked by parentOf
        if (!(value instanceof Node node)) return value;
        try {
            return build(node, path.text());
        } catch (IllegalArgumentException e) {
            throw new InputException(source + ": " + e.getMessage(), e);
        }
    }

    /** Records a value problem found outside the edit (e.g. text that is no value of the type), reported by {@link #build}. */
    public PresetEdit fail(String message) {
        return fail(new IllegalArgumentException(message));
    }

    /** As {@link #fail(String)}, keeping the problem (and its cause) as the cause of the message. */
    public PresetEdit fail(IllegalArgumentException problem) {
        if (pending == null) pending = problem;
        return this;
    }

    /**
     * @return the edited preset
     * @param source names the result at the start of a message, e.g. {@code candidate}
     * @throws InputException the first value of the wrong type or a record's own check, with its path
     */
    public Preset build(String source) throws InputException {
        if (pending != null) throw new InputException(source + ": " + pending.getMessage(), pending);
        try {
            return (Preset) build(root, "");
        } catch (IllegalArgumentException e) {
            throw new InputException(source + ": " + e.getMessage(), e);
        }
    }

    // ------------------------------------------------------------------ walking

    /** @return the node holding the last key of {@code path}, opening the records on the way */
    private Node parentOf(PresetPath path, String source) throws InputException {
        String[] keys = path.keys();
        Node node = root;
        StringBuilder at = new StringBuilder();
        for (int k = 0; k < keys.length; k++) {
            String key = keys[k];
            int index = indexOf(node, key, at, source);
            if (k == keys.length - 1) return node;
            if (index < 0) {   // "kind" on the way
                throw new InputException(source + ": " + dotted(at, key) + " is a single value (the string \""
                        + Kinds.of(node.type) + "\"), it has no key \"" + keys[k + 1] + "\"");
            }
            Object child = node.values[index];
            if (!(child instanceof Node)) {
                if (child == null || !(child.getClass().isRecord() || child instanceof List<?>)) {
                    throw new InputException(source + ": " + dotted(at, key) + " is a single value (" + describe(child)
                            + "), it has no key \"" + keys[k + 1] + "\"");
                }
                Node opened = new Node(child);
                if (child instanceof List<?>) opened.elementType = elementType(node, index);
                node.values[index] = opened;
                node.original = null;
                child = opened;
            }
            node = (Node) child;
            if (!at.isEmpty()) at.append('.');
            at.append(key);
        }
        throw new IllegalStateException("empty path");
    }

    /** @return the component or element index of {@code key} in {@code node}; -1 for a variant's {@code kind} */
    private static int indexOf(Node node, String key, CharSequence at, String source) throws InputException {
        if (node.type == null) {
            int index = PresetPath.index(key);
            if (index < 0 || index >= node.values.length) {
                throw new InputException(source + ": " + at + (node.values.length == 0 ? " is an empty array"
                        : " is an array; expected an index in [0, " + (node.values.length - 1) + "]") + ", got \"" + key + "\"");
            }
            return index;
        }
        int index = -2;
        if (key.equals("kind") && Shape.family(node.type) != null) index = -1;
        for (int i = 0; i < node.names.length && index == -2; i++) if (node.names[i].equals(key)) index = i;
        if (index == -2 || Preset.class.isAssignableFrom(node.type) && !keysOf(node).contains(key)) {
            throw new InputException(source + ": no key \"" + key + "\" in " + (at.isEmpty() ? "the preset" : at)
                    + "; keys there: " + String.join(", ", keysOf(node)));
        }
        return index;
    }

    /** The keys of a record as its JSON object spells them: {@code kind} first in a rule variant; a preset's as its file has them. */
    private static List<String> keysOf(Node node) {
        List<String> keys = new ArrayList<>();
        if (Shape.family(node.type) != null) keys.add("kind");
        keys.addAll(Arrays.asList(node.names));
        if (node.type == Preset.RuleSet.class) keys.remove("customRules");   // Java only
        return keys;
    }

    /** The element type of the list at component {@code index} of the record {@code parent}. */
    private static Type elementType(Node parent, int index) {
        Type declared = parent.type == null ? Object.class : declared(parent, parent.names[index]);
        return declared instanceof ParameterizedType p ? p.getActualTypeArguments()[0] : Object.class;
    }

    /** The declared type of component {@code name} of the record {@code node} (of its new variant after a kind switch). */
    private static Type declared(Node node, String name) {
        Shape shape = Shape.of(node.type);
        int index = shape.index(name);
        return index < 0 ? Object.class : shape.genericTypes[index];
    }

    private void put(Node parent, String key, Object value, String path) {
        parent.original = null;
        if (parent.type == null) {
            try {
                parent.values[PresetPath.index(key)] = checked(parent.elementType, value, path);
            } catch (IllegalArgumentException invalid) {
                fail(invalid);
            }
            return;
        }
        if (key.equals("kind") && Shape.family(parent.type) != null) {
            Class<?> variant = value instanceof String kind ? Shape.variant(Shape.family(parent.type), kind) : null;
            if (variant == null) {
                fail(path + " = " + (value instanceof String s ? "\"" + s + "\"" : String.valueOf(value)) + ": must be one of "
                        + String.join(", ", Arrays.stream(Shape.family(parent.type).getPermittedSubclasses()).map(Kinds::of).toList()));
                return;
            }
            parent.type = variant;
            return;
        }
        int index = 0;
        while (!parent.names[index].equals(key)) index++;     // the path was checked by parentOf
        try {
            parent.values[index] = checked(declared(parent, key), value, path);
        } catch (IllegalArgumentException invalid) {
            fail(invalid);
            parent.values[index] = null;
        }
    }

    /**
     * @return {@code value} as {@link #set} stores it at {@code path} of the edit as it stands: a
     *         whole number as a {@code Double} for a {@code double}, an {@code Integer} or
     *         {@code Long} as the component is declared, a list as an unmodifiable copy; any other
     *         value as it is. Two values that set the same thing are then equal.
     * @throws InputException           if the path does not exist
     * @throws IllegalArgumentException one line starting with the path: no value of the path's type
     */
    public Object typed(PresetPath path, Object value, String source) throws InputException {
        Type type = type(path, source);
        Object typed = checked(type, value, path.text());
        return typed instanceof List<?> list ? List.copyOf(list) : typed;
    }

    /**
     * @return {@code value} as a value of {@code type}
     * @throws IllegalArgumentException one line starting with {@code path} if it is none
     */
    private static Object checked(Type type, Object value, String path) {
        Class<?> raw = type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
        if (value == null) throw new IllegalArgumentException(path + " is null");
        if (raw == int.class || raw == Integer.class) {
            if (value instanceof Integer) return value;
            if (value instanceof Long l && l == (int) (long) l) return (int) (long) l;
            if (value instanceof Long l) {   // as a file's number beyond an int reads (StrictJson)
                throw new IllegalArgumentException(path + " = " + l + ": too " + (l < 0 ? "small for an integer (at least "
                        + Integer.MIN_VALUE : "large for an integer (at most " + Integer.MAX_VALUE) + ")");
            }
            if (value instanceof Double d) throw new IllegalArgumentException(path + " = " + d + ": expected an integer");
        } else if (raw == long.class || raw == Long.class) {
            if (value instanceof Long) return value;
            if (value instanceof Integer i) return (long) i;
            if (value instanceof Double d) throw new IllegalArgumentException(path + " = " + d + ": expected an integer");
        } else if (raw == double.class || raw == Double.class) {
            if (value instanceof Double) return value;
            if (value instanceof Long l) return (double) l;
            if (value instanceof Integer i) return (double) i;
        } else if (raw == boolean.class) {
            if (value instanceof Boolean) return value;
        } else if (raw.isInstance(value)) {
            return value;
        }
        throw new IllegalArgumentException(path + ": expected " + expected(raw) + ", found " + describe(value));
    }

    // ------------------------------------------------------------------ building

    /** @return the value of {@code node}: the original when unchanged, else the records rebuilt innermost first */
    private static Object build(Node node, String at) {
        if (node.original != null) return node.original;
        Object[] values = new Object[node.values.length];
        for (int i = 0; i < values.length; i++) {
            Object v = node.values[i];
            values[i] = v instanceof Node child ? build(child, node.type == null ? at + "[" + i + "]" : dotted(at, node.names[i])) : v;
        }
        if (node.type == null) return List.of(values);
        Shape shape = Shape.of(node.type);
        Object[] args = values;
        if (node.names != shape.names) args = byName(shape, node.names, values, at);
        try {
            return shape.construct(args);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException((at.isEmpty() ? "" : at + ".") + e.getMessage(), e);
        }
    }

    /** The components of a switched variant, taken by name from its old ones. */
    private static Object[] byName(Shape shape, String[] names, Object[] values, String at) {
        List<String> old = Arrays.asList(names);
        for (String name : names) {
            if (!Arrays.asList(shape.names).contains(name)) {
                throw new IllegalArgumentException(dotted(at, name) + ": unknown key; allowed: "
                        + (shape.names.length == 0 ? "none but \"kind\"" : String.join(", ", shape.names)));
            }
        }
        Object[] args = new Object[shape.names.length];
        for (int i = 0; i < args.length; i++) {
            int from = old.indexOf(shape.names[i]);
            if (from < 0) throw new IllegalArgumentException(dotted(at, shape.names[i]) + " is missing");
            args[i] = values[from];
        }
        return args;
    }

    private static String dotted(CharSequence at, String key) {
        return at.isEmpty() ? key : at + "." + key;
    }

    private static String describe(Object value) {
        return switch (value) {
            case null -> "nothing";
            case String s -> "the string \"" + s + "\"";
            case Number n -> "the number " + n;
            case Boolean b -> b.toString();
            case List<?> l -> "a list";
            case Enum<?> e -> e.name().toLowerCase(java.util.Locale.ROOT);
            default -> value.getClass().isRecord() && Shape.family(value.getClass()) != null
                    ? "a " + Kinds.of(value) + " " + Kinds.of(Shape.family(value.getClass())) : "an object";
        };
    }

    private static String expected(Class<?> type) {
        if (type == int.class || type == long.class) return "an integer";
        if (type == double.class) return "a number";
        if (type == boolean.class) return "true or false";
        if (type == String.class) return "a string";
        if (type.isEnum()) {
            return "one of " + String.join(", ", Arrays.stream(type.getEnumConstants()).map(c -> ((Enum<?>) c).name().toLowerCase(java.util.Locale.ROOT)).toList());
        }
        if (type.isSealed()) {
            return "a " + Kinds.of(type) + " (" + String.join(", ", Arrays.stream(type.getPermittedSubclasses()).map(Kinds::of).toList()) + ")";
        }
        return "a " + Kinds.of(type);
    }

    // ------------------------------------------------------------------ record shapes

    /** A record class's components, accessors and canonical constructor, looked up once per class. */
    static final class Shape {
        private static final ClassValue<Shape> SHAPES = new ClassValue<>() {
            @Override
            protected Shape computeValue(Class<?> type) {
                return new Shape(type);
            }
        };
        private static final ClassValue<Class<?>> FAMILIES = new ClassValue<>() {
            @Override
            protected Class<?> computeValue(Class<?> type) {
                for (Class<?> i : type.getInterfaces()) if (i.isSealed() && i != Preset.class) return i;
                return null;
            }
        };

        final Class<?> type;
        final String[] names;
        final Class<?>[] types;
        final Type[] genericTypes;
        private final MethodHandle[] accessors;    // (Object) Object
        private final MethodHandle constructor;    // (Object[]) Object

        private Shape(Class<?> type) {
            if (!type.isRecord()) throw new IllegalArgumentException(type + " is not a record");
            this.type = type;
            RecordComponent[] components = type.getRecordComponents();
            names = new String[components.length];
            types = new Class<?>[components.length];
            genericTypes = new Type[components.length];
            accessors = new MethodHandle[components.length];
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            try {
                for (int i = 0; i < components.length; i++) {
                    names[i] = components[i].getName();
                    types[i] = components[i].getType();
                    genericTypes[i] = components[i].getGenericType();
                    var accessor = components[i].getAccessor();
                    accessor.setAccessible(true);
                    accessors[i] = lookup.unreflect(accessor).asType(MethodType.methodType(Object.class, Object.class));
                }
                var canonical = type.getDeclaredConstructor(types);
                canonical.setAccessible(true);
                constructor = lookup.unreflectConstructor(canonical)
                        .asSpreader(Object[].class, components.length)
                        .asType(MethodType.methodType(Object.class, Object[].class));
            } catch (ReflectiveOperationException | RuntimeException e) {
                throw new IllegalStateException("cannot read the record " + type.getName() + ": " + e, e);
            }
        }

        static Shape of(Class<?> type) {
            return SHAPES.get(type);
        }

        /** @return the sealed interface a rule variant (or a peer model) implements, or null; a preset has no {@code kind} */
        static Class<?> family(Class<?> type) {
            return type == null ? null : FAMILIES.get(type);
        }

        /** @return the variant of {@code family} called {@code kind}, or null */
        static Class<?> variant(Class<?> family, String kind) {
            for (Class<?> v : family.getPermittedSubclasses()) if (Kinds.of(v).equals(kind)) return v;
            return null;
        }

        int index(String name) {
            for (int i = 0; i < names.length; i++) if (names[i].equals(name)) return i;
            return -1;
        }

        Object[] components(Object record) {
            Object[] values = new Object[accessors.length];
            try {
                for (int i = 0; i < values.length; i++) values[i] = (Object) accessors[i].invokeExact(record);
            } catch (Throwable t) {
                throw new IllegalStateException("cannot read " + type.getName() + ": " + t, t);
            }
            return values;
        }

        Object construct(Object[] args) {
            for (int i = 0; i < args.length; i++) {
                if (args[i] == null && types[i].isPrimitive()) throw new IllegalArgumentException(names[i] + " is missing");
            }
            try {
                return (Object) constructor.invokeExact(args);
            } catch (IllegalArgumentException | NullPointerException e) {
                throw e instanceof IllegalArgumentException iae ? iae : new IllegalArgumentException(e.getMessage(), e);
            } catch (RuntimeException | Error e) {
                throw e;
            } catch (Throwable t) {
                throw new IllegalStateException(t);
            }
        }
    }
}
