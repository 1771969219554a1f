package io.flocktune.tuner.eval.spark;

import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;

/** A Spark context on {@code local[2]} for tests, with up to 3 attempts per task (as on a cluster, where it is 4). */
public final class LocalSpark {
    private LocalSpark() {}

    /** @return a new context; the caller stops it (one context per JVM at a time) */
    public static JavaSparkContext start() {
        JavaSparkContext spark = new JavaSparkContext(new SparkConf().setMaster("local[2,3]").setAppName("flocktune-test")
                .set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1")
                .set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false"));
        spark.setLogLevel("WARN");
        return spark;
    }
}
