package io.flocktune.sim;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The JVM's worker threads for parallel steps ({@link Simulation#parallel}): one job at a time,
 * split into parts, part 0 on the calling thread and the others on parked daemon workers. The
 * hand-off allocates nothing (volatile fields, {@link LockSupport#park}), so a parallel step
 * stays allocation-free. Simulations stepping on several threads at once take turns.
 */
final class StepWorkers {
    /** One part of a job; parts run concurrently and must write disjoint state. */
    interface Job {
        void run(int part);
    }

    private static final StepWorkers SHARED = new StepWorkers();

    private Thread[] workers = new Thread[0];
    private volatile Job job;
    private volatile long generation;             // bumped once per job: a worker runs each generation once
    private volatile int parts;
    private final AtomicInteger remaining = new AtomicInteger();
    private volatile Thread caller;
    private volatile Throwable failure;

    private StepWorkers() {}

    static StepWorkers shared() {
        return SHARED;
    }

    /**
     * Runs {@code job}'s parts 0 … parts−1 and returns when all are done.
     *
     * @throws RuntimeException or {@link Error}: the first failure of a part
     */
    synchronized void run(Job job, int parts) {
        if (parts > 1 + workers.length) grow(parts - 1);
        this.job = job;
        this.parts = parts;
        this.failure = null;
        caller = Thread.currentThread();
        remaining.set(parts - 1);
        generation++;
        for (int w = 0; w < parts - 1; w++) LockSupport.unpark(workers[w]);
        runPart(job, 0);
        while (remaining.get() > 0) LockSupport.park(this);
        this.job = null;
        Throwable t = failure;
        if (t instanceof RuntimeException e) throw e;
        if (t instanceof Error e) throw e;
        if (t != null) throw new IllegalStateException(t);
    }

    private void runPart(Job job, int part) {
        try {
            job.run(part);
        } catch (Throwable t) {
            if (failure == null) failure = t;
        }
    }

    private void grow(int count) {
        Thread[] grown = java.util.Arrays.copyOf(workers, count);
        for (int w = workers.length; w < count; w++) {
            int part = w + 1;
            Thread t = new Thread(() -> work(part), "flocktune-step-" + part);
            t.setDaemon(true);
            grown[w] = t;
            t.start();
        }
        workers = grown;
    }

    /** A worker's loop: wait for a new generation, run its part if the job has one, report. */
    private void work(int part) {
        long seen = 0;
        while (true) {
            long g = generation;
            if (g == seen) {
                LockSupport.park(this);
                continue;
            }
            seen = g;
            if (part < parts) {
                runPart(job, part);
                if (remaining.decrementAndGet() == 0) LockSupport.unpark(caller);
            }
        }
    }
}
