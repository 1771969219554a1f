package io.flocktune.api;

import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.validation.Sweep;
import io.flocktune.tuner.validation.SweepPoint;
import io.flocktune.tuner.validation.Validation;
import io.flocktune.tuner.validation.ValidationFiles;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * Re-measures a published phase diagram with the engine, as {@code flocktune validate} does (the
 * command calls this class): Vicsek et al. 1995 (polarization against the noise) or Couzin et al.
 * 2002 (polarization and milling against the orientation zone width). The points do not depend on
 * the thread count.
 *
 * {@snippet :
 * Validation v = Validate.vicsek(FlockPreset.load("vicsek").withOverrides("boids.count=100", "world.size=5"),
 *         null, new Validation.Schedule(2000, 3, 1));                  // the published noises
 * List<SweepPoint> points = Validate.sweep(v, Execution.local(2));     // or Validate.write(v, ..., dir)
 * }
 */
public final class Validate {
    private Validate() {}

    /**
     * @param base   the preset swept (the {@code vicsek} preset, possibly with overrides)
     * @param noises the noises η swept, or null for the published ones ({@link Validation.Vicsek#NOISES})
     * @throws InputException a value out of range or a preset the validation cannot sweep, in one line
     */
    public static Validation vicsek(FlockPreset base, List<Double> noises, Validation.Schedule schedule) throws InputException {
        return checked(() -> Validation.Vicsek.of(base.preset(), noises == null ? Validation.Vicsek.NOISES : noises, schedule));
    }

    /**
     * @param base   the preset swept (the {@code couzin} preset, possibly with overrides)
     * @param widths the orientation zone widths swept, or null for the published ones
     *               ({@link Validation.Couzin#ORIENTATION_WIDTHS}), at the published attraction width
     * @throws InputException a value out of range or a preset the validation cannot sweep, in one line
     */
    public static Validation couzin(FlockPreset base, List<Double> widths, Validation.Schedule schedule) throws InputException {
        return checked(() -> Validation.Couzin.of(base.preset(), widths == null ? Validation.Couzin.ORIENTATION_WIDTHS : widths,
                Validation.Couzin.ATTRACTION_WIDTH, schedule));
    }

    /**
     * Runs every point of {@code validation} on this machine's threads.
     *
     * @return one point per swept value, in order
     * @throws InputException       a run that diverged, or a thread count out of range
     * @throws InterruptedException interrupted; nothing is kept
     */
    public static List<SweepPoint> sweep(Validation validation, Execution execution) throws InputException, InterruptedException {
        Objects.requireNonNull(validation, "validation");
        int threads = Execution.checkThreads(execution.threads());
        try (ExecutorService executor = Executors.newFixedThreadPool(Math.min(threads, validation.values().size()))) {
            return Sweep.run(validation, executor);
        } catch (ArithmeticException e) {   // a run diverged
            throw new InputException(validation.base().name() + ": " + e.getMessage(), e);
        }
    }

    /**
     * {@link #sweep}s {@code validation} and writes {@code NAME.csv}, {@code NAME.png} and
     * {@code NAME.svg} into {@code directory} (created if missing), which is checked before the
     * first simulation.
     *
     * @throws InputException       an unusable directory, a diverged run or a file that cannot be written
     * @throws InterruptedException interrupted; nothing is written
     */
    public static Result write(Validation validation, Execution execution, Path directory) throws InputException, InterruptedException {
        ValidationFiles.check(validation, directory);
        List<SweepPoint> points = sweep(validation, execution);
        return new Result(points, ValidationFiles.write(validation, points, directory));
    }

    /**
     * @param points one per swept value, in order (read-only)
     * @param files  the files written, CSV first (read-only)
     */
    public record Result(List<SweepPoint> points, List<Path> files) {
        public Result {
            points = List.copyOf(points);
            files = List.copyOf(files);
        }
    }

    private static Validation checked(Supplier<Validation> validation) throws InputException {
        try {
            return validation.get();
        } catch (IllegalArgumentException e) {
            throw new InputException("validate: " + e.getMessage(), e);
        }
    }
}
