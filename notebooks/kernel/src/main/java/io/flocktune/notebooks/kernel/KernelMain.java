package io.flocktune.notebooks.kernel;

import org.dflib.jjava.jupyter.channels.JupyterConnection;
import org.dflib.jjava.jupyter.kernel.KernelConnectionProperties;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Starts the kernel for Jupyter: {@code java -jar flocktune-kernel.jar CONNECTION_FILE}, as
 * {@code notebooks/kernels/flocktune-java/kernel.json} does through {@code notebooks/kernel/run}.
 * Cells see this JVM's class path (the shaded jar: flocktune and its libraries).
 */
public final class KernelMain {
    private KernelMain() {}

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: java -jar flocktune-kernel.jar CONNECTION_FILE (Jupyter passes it)");
            System.exit(2);
        }
        System.setProperty("java.awt.headless", "true");
        KernelConnectionProperties properties = KernelConnectionProperties.parse(Files.readString(Path.of(args[0])));
        JupyterConnection connection = new JupyterConnection(properties);
        FlocktuneKernel kernel = FlocktuneKernel.create(System.getProperty("java.class.path"));
        kernel.becomeHandlerForConnection(connection);
        connection.connect();
        connection.waitUntilClose();
        System.exit(0);
    }
}
