package io.flocktune.api;

import org.junit.jupiter.api.Test;

import java.lang.module.FindException;
import java.lang.module.ModuleFinder;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reason {@code package-info.java} gives for having no {@code module-info.java}: the Spark jar
 * the tuner compiles against cannot be a module, so a module descriptor of the tuner could not
 * name it.
 */
class ClassPathOnlyTest {

    @Test
    void sparkCoreCannotBeNamedAsAModule() throws Exception {
        Path sparkCore = Path.of(Class.forName("org.apache.spark.SparkContext").getProtectionDomain().getCodeSource().getLocation().toURI());
        assertTrue(sparkCore.getFileName().toString().startsWith("spark-core_2.13-"), sparkCore.toString());
        FindException e = assertThrows(FindException.class, () -> ModuleFinder.of(sparkCore).findAll());
        assertTrue(String.valueOf(e.getCause()).contains("Invalid module name"), String.valueOf(e.getCause()));
    }

    @Test
    void theTunerHasNoModuleDescriptor() {
        assertFalse(Tune.class.getModule().isNamed(), "the tuner runs on the class path");
    }
}
