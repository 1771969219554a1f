package io.flocktune.tuner.eval;

import io.flocktune.sim.Check;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Runs trials on up to {@code threads} worker threads of this machine.
 *
 * <p>Each trial has a time limit, counted from when the trial is handed to a worker. A trial
 * that takes longer fails, whether the watchdog notices first (at the limit) or the trial itself
 * (when it ends). A trial past its limit is recorded as failed at once and its thread is
 * interrupted; the simulation stops cooperatively at its next step (the evaluator
 * checks the thread's interrupt flag, see {@code Objectives.evaluate}), and a new worker takes
 * its place, so the batch never waits for a runaway trial. Whether a trial hits the limit
 * depends on the machine's load and the thread count: a run in which a trial timed out is not
 * guaranteed to repeat bit for bit.
 *
 * <p>A trial that throws an {@link Exception} is a failed trial, recorded with its message. An
 * {@link Error} ({@code AssertionError}, {@code OutOfMemoryError}, {@code StackOverflowError})
 * is a bug or an exhausted machine, not a property of the candidate: the batch stops, the other
 * trials are abandoned, and {@link #run} throws that error on the calling thread.
 *
 * <pre>{@code
 * try (LocalRunner runner = new LocalRunner(4, Duration.ofSeconds(60))) {
 *     List<Outcome> outcomes = runner.run((genes, seed) -> f(genes, seed), trials);
 * }
 * }</pre>
 */
public final class LocalRunner implements TrialRunner {
    private final int threads;
    private final Duration timeLimit;
    private final ExecutorService workers;
    private final ScheduledExecutorService watchdog;

    /**
     * @param threads   trials at the same time, &ge; 1
     * @param timeLimit wall time one trial may take, &gt; 0
     */
    public LocalRunner(int threads, Duration timeLimit) {
        this.threads = Check.inRange("threads", threads, 1, 4096);
        this.timeLimit = Check.present("timeLimit", timeLimit);
        if (timeLimit.isNegative() || timeLimit.isZero()) {
            throw new IllegalArgumentException("timeLimit = " + timeLimit + ": must be > 0");
        }
        this.workers = Executors.newCachedThreadPool(daemons("flocktune-eval-"));
        this.watchdog = Executors.newSingleThreadScheduledExecutor(daemons("flocktune-watchdog-"));
    }

    /** @return the number of processors the JVM may use, the default parallelism. */
    public static int availableThreads() {
        return Runtime.getRuntime().availableProcessors();
    }

    @Override
    public int parallelism() {
        return threads;
    }

    /** The message of a trial that exceeded the time limit starts with this. */
    public static final String TIME_LIMIT_REASON = "exceeded the time limit of ";

    /**
     * {@inheritDoc}
     *
     * <p>Each worker takes the next trial itself as soon as it is free (one shared counter), so no
     * trial waits for the calling thread to hand it over; trials start in list order.
     *
     * @throws Error the first {@link Error} a trial threw (the others are abandoned)
     */
    @Override
    public <T> List<Outcome> run(Evaluator<T> evaluator, List<Trial<T>> trials) throws InterruptedException {
        Batch<T> batch = new Batch<>(evaluator, trials);
        for (int w = 0; w < Math.min(threads, trials.size()); w++) workers.execute(batch::work);
        try {
            batch.finished.await();
        } catch (InterruptedException e) {
            batch.stop();
            throw e;
        }
        Error fatal = batch.fatal.get();
        if (fatal != null) {
            batch.stop();
            throw fatal;
        }
        return Arrays.asList(batch.outcomes);
    }

    /** The shared state of one {@link #run}. */
    private final class Batch<T> {
        final Evaluator<T> evaluator;
        final List<Trial<T>> trials;
        final Outcome[] outcomes;
        final AtomicReferenceArray<Task> tasks;   // each trial's task once a worker has taken it
        final AtomicInteger next = new AtomicInteger();
        final CountDownLatch finished;
        final AtomicReference<Error> fatal = new AtomicReference<>();
        volatile boolean stopped;

        Batch(Evaluator<T> evaluator, List<Trial<T>> trials) {
            this.evaluator = evaluator;
            this.trials = trials;
            outcomes = new Outcome[trials.size()];
            tasks = new AtomicReferenceArray<>(trials.size());
            finished = new CountDownLatch(trials.size());
        }

        /**
         * One worker: runs the next trial until none is left or the batch stops; it also leaves
         * when its trial was given up on (past the limit: another worker has taken its place).
         */
        void work() {
            while (!stopped) {
                int i = next.getAndIncrement();
                if (i >= trials.size()) return;
                Task task = new Task(i, this);
                tasks.set(i, task);
                if (stopped) return;      // stop() may have looked before the task was there
                Trial<T> trial = trials.get(i);
                // the clock starts before the trial does: a trial can never outrun a tiny limit
                task.timeout = watchdog.schedule(task::expire, timeLimit.toNanos(), TimeUnit.NANOSECONDS);
                if (!task.run(() -> evaluator.evaluate(trial.subject(), trial.seed()))) return;
            }
        }

        /** Stops the batch: no trial starts any more, and the running ones are abandoned. */
        void stop() {
            stopped = true;
            for (int i = 0; i < tasks.length(); i++) {
                Task task = tasks.get(i);
                if (task != null) task.abandon();
            }
        }

        /** Stops the batch on an error: wakes the waiting thread. */
        void fail(Error error) {
            if (!fatal.compareAndSet(null, error)) return;
            stopped = true;
            while (finished.getCount() > 0) finished.countDown();
        }

        /** A worker left a trial past its limit running: another one goes on with the batch. */
        void replace() {
            if (!stopped) workers.execute(this::work);
        }
    }

    @Override
    public void close() {
        workers.shutdownNow();
        watchdog.shutdownNow();
    }

    /** A trial that is running, done, or given up on; exactly one of them writes its outcome. */
    private final class Task {
        private static final int RUNNING = 0, DONE = 1;
        private final int index;
        private final Batch<?> batch;
        private final AtomicInteger state = new AtomicInteger(RUNNING);
        private final long start = System.nanoTime();
        private Thread thread;   // the worker while it runs this task; guarded by this
        volatile ScheduledFuture<?> timeout;

        Task(int index, Batch<?> batch) {
            this.index = index;
            this.batch = batch;
        }

        /** @return whether this worker recorded the outcome (false: the trial was given up on) */
        boolean run(java.util.concurrent.Callable<double[]> body) {
            synchronized (this) {
                if (state.get() != RUNNING) return false;   // abandoned before it started
                thread = Thread.currentThread();
            }
            long begin = System.nanoTime();
            Outcome outcome;
            Error fatal = null;
            try {
                double[] values = body.call();
                long end = System.nanoTime();
                // measured, not only watched: a trial that took longer than the limit fails even if
                // the watchdog had not fired yet
                outcome = end - start > timeLimit.toNanos() ? timeLimitFailure(end - start)
                        : new Outcome.Success(values, end - begin);
            } catch (Exception failure) {
                outcome = Outcome.Failure.of(failure, System.nanoTime() - begin);
            } catch (Error error) {
                fatal = error;
                outcome = Outcome.Failure.of(error, System.nanoTime() - begin);
            }
            synchronized (this) {
                thread = null;   // from here on, expire() and abandon() no longer interrupt this thread
            }
            Thread.interrupted();   // clears an interrupt meant for this task, never one for the next
            if (fatal != null && state.get() == RUNNING) batch.fail(fatal);
            boolean recorded = finish(outcome);
            ScheduledFuture<?> t = timeout;
            if (t != null) t.cancel(false);
            return recorded;
        }

        void expire() {
            if (finish(timeLimitFailure(System.nanoTime() - start))) {
                interruptWorker();
                batch.replace();
            }
        }

        private Outcome.Failure timeLimitFailure(long nanos) {
            return new Outcome.Failure(TIME_LIMIT_REASON + seconds(timeLimit) + " s per evaluation", nanos);
        }

        void abandon() {
            if (state.compareAndSet(RUNNING, DONE)) {
                interruptWorker();
                ScheduledFuture<?> t = timeout;
                if (t != null) t.cancel(false);
            }
        }

        private synchronized void interruptWorker() {
            if (thread != null) thread.interrupt();
        }

        private boolean finish(Outcome outcome) {
            if (!state.compareAndSet(RUNNING, DONE)) return false;
            batch.outcomes[index] = outcome;
            batch.finished.countDown();
            return true;
        }
    }

    private static String seconds(Duration d) {
        return Double.toString(d.toNanos() / 1e9);
    }

    private static ThreadFactory daemons(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
