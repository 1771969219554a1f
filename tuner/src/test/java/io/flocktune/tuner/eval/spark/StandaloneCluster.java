package io.flocktune.tuner.eval.spark;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A Spark standalone cluster on 127.0.0.1 for tests: a master and workers, each a child JVM
 * started from Spark's own classes ({@code org.apache.spark.deploy.master.Master},
 * {@code org.apache.spark.deploy.worker.Worker}) with this JVM's class path. The workers start
 * executors the usual way, from a stand-in {@code SPARK_HOME} whose class path is this JVM's
 * ({@code SPARK_DIST_CLASSPATH}), so the executors are separate JVMs that receive the evaluator
 * serialized. {@link #close} kills every process it started, their children included; a
 * shutdown hook does the same if the test JVM exits first.
 */
final class StandaloneCluster implements AutoCloseable {
    /** Spark's launcher options for Java 17+ ({@code JavaModuleOptions}), as spark-submit passes them. */
    private static final List<String> JAVA_OPTIONS = List.of(
            org.apache.spark.launcher.JavaModuleOptions.defaultModuleOptionArray());

    private final Path directory;
    private final int port;
    private final Process master;
    private final List<Process> workers = new ArrayList<>();
    private final Thread cleanup = new Thread(this::killAll, "standalone-cluster-cleanup");

    /**
     * Starts the master and {@code workers} workers of {@code coresEach} cores and waits until
     * the master accepts connections.
     *
     * @param directory for the stand-in SPARK_HOME, work directories and the processes' logs
     */
    StandaloneCluster(Path directory, int workers, int coresEach) throws IOException, InterruptedException {
        this.directory = directory;
        Files.createDirectories(directory.resolve("spark-home/jars"));
        Runtime.getRuntime().addShutdownHook(cleanup);
        this.port = freePort();
        this.master = start("master", List.of("org.apache.spark.deploy.master.Master", "--host", "127.0.0.1",
                "--port", Integer.toString(port), "--webui-port", Integer.toString(freePort())));
        awaitPort(port, 60);
        for (int w = 1; w <= workers; w++) {
            Path work = Files.createDirectories(directory.resolve("work-" + w));
            this.workers.add(start("worker-" + w, List.of("org.apache.spark.deploy.worker.Worker", "--host", "127.0.0.1",
                    "--cores", Integer.toString(coresEach), "--memory", "1g", "--webui-port", Integer.toString(freePort()),
                    "--work-dir", work.toString(), url())));
        }
    }

    /** @return the master's URL, {@code spark://127.0.0.1:PORT} */
    String url() {
        return "spark://127.0.0.1:" + port;
    }

    /** @return the work directory of worker {@code w} (1-based): one folder per application, one per executor id inside */
    Path workDirectory(int w) {
        return directory.resolve("work-" + w);
    }

    /** Kills worker {@code w} (1-based) and its executors at once, as a machine that dies. */
    void killWorker(int w) throws InterruptedException {
        Process worker = workers.get(w - 1);
        worker.descendants().forEach(ProcessHandle::destroyForcibly);
        worker.destroyForcibly().waitFor();
    }

    /** @return the last lines of a process's log ("master", "worker-1", …), for failure messages */
    String log(String name) {
        try {
            List<String> lines = Files.readAllLines(directory.resolve(name + ".log"));
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()).stream()
                    .map(l -> l.length() > 300 ? l.substring(0, 300) + "…" : l).toList());
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        killAll();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException shuttingDown) {
            // the hook is running
        }
    }

    private void killAll() {
        List<Process> all = new ArrayList<>(workers);
        all.add(master);
        for (Process p : all) {
            if (p == null) continue;
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        for (Process p : all) {
            if (p == null) continue;
            try {
                p.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private Process start(String name, List<String> mainAndArgs) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx256m");
        command.addAll(JAVA_OPTIONS);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.addAll(mainAndArgs);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(directory.resolve(name + ".log").toFile());
        Map<String, String> env = builder.environment();
        env.put("SPARK_HOME", directory.resolve("spark-home").toString());
        env.put("SPARK_SCALA_VERSION", "2.13");
        env.put("SPARK_DIST_CLASSPATH", System.getProperty("java.class.path"));   // the executors' class path
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("SPARK_LOCAL_IP", "127.0.0.1");
        env.remove("SPARK_CONF_DIR");
        return builder.start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private void awaitPort(int port, int seconds) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (!master.isAlive()) throw new IOException("the Spark master exited: " + log("master"));
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(200);
            }
        }
        throw new IOException("the Spark master did not listen on port " + port + " within " + seconds + " s: " + log("master"));
    }
}
