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
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs trials on up to {@code threads} worker threads of this machine.
 *
 * <p>Each trial has a time limit. The simulation cannot be stopped from outside, so a trial
 * past its limit is recorded as failed at once, its thread is interrupted and left to finish
 * in the background (as a daemon thread), and a new worker takes its place: the batch never
 * waits for a runaway trial.
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

    @Override
    public <T> List<Outcome> run(Evaluator<T> evaluator, List<Trial<T>> trials) throws InterruptedException {
        int n = trials.size();
        Outcome[] outcomes = new Outcome[n];
        Semaphore slots = new Semaphore(threads);
        CountDownLatch finished = new CountDownLatch(n);
        Task[] tasks = new Task[n];
        try {
            for (int i = 0; i < n; i++) {
                slots.acquire();
                Task task = new Task(i, outcomes, slots, finished);
                tasks[i] = task;
                Trial<T> trial = trials.get(i);
                workers.execute(() -> task.run(() -> evaluator.evaluate(trial.subject(), trial.seed())));
                task.timeout = watchdog.schedule(task::expire, timeLimit.toNanos(), TimeUnit.NANOSECONDS);
            }
            finished.await();
        } catch (InterruptedException e) {
            for (Task task : tasks) if (task != null) task.abandon();
            throw e;
        }
        return Arrays.asList(outcomes);
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
        private final Outcome[] outcomes;
        private final Semaphore slots;
        private final CountDownLatch finished;
        private final AtomicInteger state = new AtomicInteger(RUNNING);
        private final AtomicReference<Thread> thread = new AtomicReference<>();
        private final long start = System.nanoTime();
        volatile ScheduledFuture<?> timeout;

        Task(int index, Outcome[] outcomes, Semaphore slots, CountDownLatch finished) {
            this.index = index;
            this.outcomes = outcomes;
            this.slots = slots;
            this.finished = finished;
        }

        void run(java.util.concurrent.Callable<double[]> body) {
            thread.set(Thread.currentThread());
            long begin = System.nanoTime();
            Outcome outcome;
            try {
                outcome = new Outcome.Success(body.call(), System.nanoTime() - begin);
            } catch (Throwable error) {
                outcome = Outcome.Failure.of(error, System.nanoTime() - begin);
            }
            thread.set(null);
            finish(outcome);
            ScheduledFuture<?> t = timeout;
            if (t != null) t.cancel(false);
            Thread.interrupted(); // a late expire() may have interrupted this pooled thread
        }

        void expire() {
            Thread running = thread.get();
            if (finish(new Outcome.Failure("exceeded the time limit of " + seconds(timeLimit) + " s per evaluation",
                    System.nanoTime() - start)) && running != null) {
                running.interrupt();
            }
        }

        void abandon() {
            if (state.compareAndSet(RUNNING, DONE)) {
                Thread running = thread.get();
                if (running != null) running.interrupt();
                ScheduledFuture<?> t = timeout;
                if (t != null) t.cancel(false);
            }
        }

        private boolean finish(Outcome outcome) {
            if (!state.compareAndSet(RUNNING, DONE)) return false;
            outcomes[index] = outcome;
            slots.release();
            finished.countDown();
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
