package io.flocktune.tuner.arch;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.WildcardType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No record of the tuner or the API holds a JSON tree: a component whose type is (or has a type
 * argument that is) a Jackson class. JSON is read and written at the edges only: the JSON layer
 * ({@code io.flocktune.tuner.io} and the {@code *Json} readers and writers, whose form records
 * mirror a file), the run directory's own files ({@code run.Checkpoint}, {@code run.Versions}) and
 * the writer of Unity's JSON asset ({@code export.UnityExport}).
 * The compiled classes are scanned, nested records included.
 */
class NoJsonInRecordsTest {
    private static final Path CLASSES = Path.of("target/classes");
    private static final List<String> EDGES = List.of("io.flocktune.tuner.run.Checkpoint", "io.flocktune.tuner.run.Versions",
            "io.flocktune.tuner.export.UnityExport");

    @Test
    void noRecordOutsideTheJsonLayerHasAJacksonComponent() throws Exception {
        List<String> found = new ArrayList<>();
        int records = 0, layer = 0;
        for (Class<?> c : classes()) {
            if (!c.isRecord()) continue;
            List<String> jackson = jacksonComponents(c);
            if (jsonLayer(c)) {
                if (!jackson.isEmpty()) layer++;
                continue;
            }
            records++;
            found.addAll(jackson);
        }
        assertEquals(List.of(), found, "record components of a Jackson type outside the JSON layer");
        assertTrue(records > 60, "records scanned: " + records);
        assertTrue(layer > 0, "the scan sees the JSON layer's form records (e.g. ExperimentJson.File): the check can fail");
    }

    /** The API's values ({@code FlockPreset}, results) hold typed data too: no instance field of a Jackson type. */
    @Test
    void noApiClassHasAJacksonField() throws Exception {
        List<String> found = new ArrayList<>();
        for (Class<?> c : classes()) {
            if (!c.getPackageName().equals("io.flocktune.api")) continue;
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                if (!java.lang.reflect.Modifier.isStatic(f.getModifiers()) && jackson(f.getGenericType())) {
                    found.add(c.getName() + "." + f.getName() + ": " + f.getGenericType().getTypeName());
                }
            }
        }
        assertEquals(List.of(), found, "instance fields of a Jackson type in the API");
    }

    private static boolean jsonLayer(Class<?> c) {
        Class<?> top = c;
        while (top.getEnclosingClass() != null) top = top.getEnclosingClass();
        return c.getPackageName().equals("io.flocktune.tuner.io") || top.getSimpleName().endsWith("Json")
                || EDGES.contains(top.getName());
    }

    /** @return "Record.component: type" for every component whose type names a Jackson class */
    private static List<String> jacksonComponents(Class<?> record) {
        List<String> found = new ArrayList<>();
        for (RecordComponent component : record.getRecordComponents()) {
            if (jackson(component.getGenericType())) {
                found.add(record.getName() + "." + component.getName() + ": " + component.getGenericType().getTypeName());
            }
        }
        return found;
    }

    private static boolean jackson(Type type) {
        return switch (type) {
            case Class<?> c when c.isArray() -> jackson(c.getComponentType());
            case Class<?> c -> c.getName().startsWith("com.fasterxml.jackson.");
            case ParameterizedType p -> jackson(p.getRawType()) || List.of(p.getActualTypeArguments()).stream().anyMatch(NoJsonInRecordsTest::jackson);
            case GenericArrayType a -> jackson(a.getGenericComponentType());
            case WildcardType w -> List.of(w.getUpperBounds()).stream().anyMatch(NoJsonInRecordsTest::jackson)
                    || List.of(w.getLowerBounds()).stream().anyMatch(NoJsonInRecordsTest::jackson);
            default -> false;
        };
    }

    /** Every compiled class of {@code io.flocktune.tuner} and {@code io.flocktune.api}, loaded without initialising it. */
    private static List<Class<?>> classes() throws IOException, ClassNotFoundException {
        List<Class<?>> classes = new ArrayList<>();
        for (String root : List.of("io/flocktune/tuner", "io/flocktune/api")) {
            try (Stream<Path> files = Files.walk(CLASSES.resolve(root))) {
                for (Path f : files.filter(p -> p.toString().endsWith(".class")).sorted().toList()) {
                    String name = CLASSES.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
                    classes.add(Class.forName(name, false, NoJsonInRecordsTest.class.getClassLoader()));
                }
            }
        }
        assertTrue(classes.size() > 200, "classes found: " + classes.size());
        return classes;
    }
}
