package io.flocktune.cli;

import io.flocktune.tuner.io.InputException;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Runs a command's work so that Ctrl-C (the JVM's shutdown) interrupts it and waits, up to 30 s,
 * until the work has left its files consistent and said so; the JVM then exits with 130.
 */
final class Interruptible {
    private Interruptible() {}

    /** The work of a command. */
    @FunctionalInterface
    interface Work<T> {
        T run() throws InputException, InterruptedException;
    }

    /** The message of an {@link InterruptedException} whose line has been printed already. */
    static final String SAID = "flocktune: interruption already reported";

    /**
     * Runs {@code work}; if it is interrupted, prints its one line ({@code flocktune: } and the
     * exception's message, which says what was kept) before the JVM may exit.
     *
     * @throws InterruptedException with the message {@link #SAID}
     */
    static <T> T run(java.io.PrintWriter err, Work<T> work) throws InputException, InterruptedException {
        Thread worker = Thread.currentThread();
        CountDownLatch settled = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            worker.interrupt();
            try {
                settled.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException ignored) {
                // exiting anyway
            }
        }, "flocktune-interrupt");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return work.run();
        } catch (InterruptedException e) {
            err.println("flocktune: " + (e.getMessage() == null ? "interrupted" : e.getMessage()));
            err.flush();
            throw new InterruptedException(SAID);
        } finally {
            settled.countDown();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is running
            }
        }
    }
}
