package io.flocktune.tuner.eval.spark;

import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.experiment.ExperimentJson;
import io.flocktune.tuner.run.Checkpoint;
import io.flocktune.tuner.run.RunFiles;
import io.flocktune.tuner.run.RunResults;
import io.flocktune.tuner.run.TinyExperiment;
import io.flocktune.tuner.run.Tuning;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerTaskEnd;
import org.apache.spark.scheduler.SparkListenerTaskStart;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A run on a real standalone cluster (a master and two one-core workers on 127.0.0.1, each a
 * JVM, their executors JVMs of their own) gives exactly the local evaluator's results, even
 * though one worker and its executor are killed while tasks run on it. Takes about two minutes on a loaded two-core machine;
 * tagged so the default build skips it, and .ci/run runs it.
 */
@Tag("spark")
class SparkClusterTest {

    @Test
    void aClusterThatLosesAWorkerMidRunGivesTheLocalResults(@TempDir Path tmp) throws Exception {
        // longer runs than TinyExperiment's 60 steps, so that tasks are running when the worker dies;
        // candidates with boids.minSpeed above boids.maxSpeed fail deterministically
        String json = TinyExperiment.json("{\"path\": \"boids.minSpeed\", \"range\": [0.2, 0.9]}, {\"path\": \"boids.maxSpeed\", \"range\": [0.3, 1.5]}", 3)
                .replace("\"steps\": 60", "\"steps\": 600");
        Experiment e = ExperimentJson.parse(json, "tiny.json", null);
        Path local = tmp.resolve("local");
        Tuning.start(e, local, new Tuning.Options(2, false, new PrintWriter(new StringWriter()), false));

        // the cluster's logs and work directories stay in target/ for a look after a failure
        Path logs = Path.of("target", "spark-cluster-test");
        if (Files.exists(logs)) try (var old = Files.walk(logs)) {
            old.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
        try (StandaloneCluster cluster = new StandaloneCluster(logs, 2, 1)) {
            JavaSparkContext spark = new JavaSparkContext(new SparkConf().setMaster(cluster.url()).setAppName("flocktune-cluster-test")
                    .set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1")
                    .set("spark.executor.memory", "512m").set("spark.cores.max", "2")
                    .set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false"));
            try {
                spark.setLogLevel("WARN");
                Map<Long, String> running = new ConcurrentHashMap<>();
                List<String> failures = new CopyOnWriteArrayList<>();
                spark.sc().addSparkListener(new SparkListener() {
                    @Override
                    public void onTaskStart(SparkListenerTaskStart start) {
                        running.put(start.taskInfo().taskId(), start.taskInfo().executorId());
                    }

                    @Override
                    public void onTaskEnd(SparkListenerTaskEnd end) {
                        running.remove(end.taskInfo().taskId());
                        if (end.taskInfo().failed()) failures.add(end.reason().toString());
                    }
                });
                long deadline = System.nanoTime() + 120_000_000_000L;
                while (spark.sc().statusTracker().getExecutorInfos().length < 3) {   // the driver and two executors
                    assertTrue(System.nanoTime() < deadline, () -> "two executors did not register within 2 minutes\n"
                            + cluster.log("master") + "\n" + cluster.log("worker-1") + "\n" + cluster.log("worker-2"));
                    Thread.sleep(200);
                }

                Path remote = tmp.resolve("remote");
                AtomicReference<Throwable> thrown = new AtomicReference<>();
                Thread run = new Thread(() -> {
                    try {
                        Tuning.start(e, remote, new Tuning.Options(1, false, new PrintWriter(new StringWriter()), false,
                                limit -> new SparkRunner(spark, limit, false)));
                    } catch (Throwable t) {
                        thrown.set(t);
                    }
                }, "cluster-run");
                run.start();

                // once generation 1 is checkpointed, kill the worker of an executor with a running task
                Path checkpoint = new RunFiles(remote).checkpoint();
                int killed = 0;
                while (killed == 0 && run.isAlive()) {
                    assertTrue(System.nanoTime() < deadline, "no task ran after generation 1 within the time");
                    if (Files.exists(checkpoint) && Checkpoint.read(checkpoint).state().generation() >= 1) {
                        for (String executor : running.values()) {
                            for (int w = 1; w <= 2 && killed == 0; w++) {
                                if (hasExecutor(cluster.workDirectory(w), executor)) {
                                    cluster.killWorker(w);
                                    killed = w;
                                }
                            }
                            if (killed != 0) break;
                        }
                    }
                    Thread.sleep(5);
                }
                run.join();
                assertNull(thrown.get(), () -> "the run failed: " + thrown.get());
                assertNotEquals(0, killed, "a worker was killed while one of its tasks ran");
                assertTrue(failures.stream().anyMatch(f -> f.contains("ExecutorLostFailure")),
                        "the killed executor's tasks failed and were run again: " + failures);
                assertEquals(RunResults.of(local), RunResults.of(remote));
                assertTrue(Files.readString(remote.resolve("history.csv")).contains(",failed,"), "some candidates failed");
            } finally {
                spark.stop();
            }
        }
    }

    /** @return whether {@code executor} ran under this worker's work directory (app-*&#47;ID) */
    private static boolean hasExecutor(Path work, String executor) throws Exception {
        try (var apps = Files.list(work)) {
            return apps.anyMatch(app -> Files.isDirectory(app.resolve(executor)));
        }
    }
}
