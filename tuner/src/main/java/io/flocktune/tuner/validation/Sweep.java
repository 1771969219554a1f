package io.flocktune.tuner.validation;

import io.flocktune.objectives.Objectives;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Runs a {@link Validation}: measures its objectives at every swept value over its seeds. Points
 * run as parallel tasks, each a pure function of the validation, so the result does not depend
 * on the thread count.
 */
public final class Sweep {
    private Sweep() {}

    /**
     * @param executor runs one task per point; not shut down here
     * @return one point per swept value, in the validation's order
     * @throws ArithmeticException  if a run's state became non-finite
     * @throws InterruptedException if interrupted while waiting; unfinished points are cancelled
     */
    public static List<SweepPoint> run(Validation validation, ExecutorService executor) throws InterruptedException {
        Validation.Schedule schedule = validation.schedule();
        List<Callable<SweepPoint>> tasks = new ArrayList<>();
        for (double value : validation.values()) {
            tasks.add(() -> new SweepPoint(value, Objectives.measure(validation.at(value), schedule.seed(),
                    schedule.steps(), schedule.seeds(), validation.objectives())));
        }
        List<SweepPoint> points = new ArrayList<>();
        for (Future<SweepPoint> future : executor.invokeAll(tasks)) {
            try {
                points.add(future.get());
            } catch (ExecutionException e) {
                switch (e.getCause()) {
                    case RuntimeException unchecked -> throw unchecked;
                    case Error error -> throw error;
                    case Throwable other -> throw new IllegalStateException(other);
                }
            }
        }
        return List.copyOf(points);
    }
}
