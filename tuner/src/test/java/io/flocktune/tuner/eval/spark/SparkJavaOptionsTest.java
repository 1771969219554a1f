package io.flocktune.tuner.eval.spark;

import org.apache.spark.launcher.JavaModuleOptions;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The JVM options of a Spark JVM that flocktune starts (the launcher's {@code --executor spark},
 * the Spark tests) are Spark's own ({@link JavaModuleOptions}), less the package Java 25 no
 * longer has, plus quiet about {@code sun.misc.Unsafe}: checked against the Spark on the class
 * path, so that a Spark upgrade that changes them fails here.
 */
class SparkJavaOptionsTest {
    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();   // surefire runs in tuner/

    static List<String> expected() {
        List<String> options = new ArrayList<>(Arrays.asList(JavaModuleOptions.defaultModuleOptionArray()));
        assertTrue(options.remove("--add-opens=java.base/sun.security.action=ALL-UNNAMED"));
        options.add("--sun-misc-unsafe-memory-access=allow");
        return options;
    }

    @Test
    void theLaunchersOptionsAreSparks() throws Exception {
        Matcher array = Pattern.compile("FLOCKTUNE_SPARK_JAVA_OPTIONS=\\(([^)]*)\\)").matcher(Files.readString(ROOT.resolve("flocktune")));
        assertTrue(array.find());
        assertEquals(expected(), List.of(array.group(1).strip().split("\\s+")));
    }

    @Test
    void theTestJvmRunsWithSparksOptions() {
        List<String> arguments = ManagementFactory.getRuntimeMXBean().getInputArguments();
        for (String option : expected()) assertTrue(arguments.contains(option), option + " in " + arguments);
    }
}
