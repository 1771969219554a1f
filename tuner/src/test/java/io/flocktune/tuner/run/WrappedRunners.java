package io.flocktune.tuner.run;

import io.flocktune.tuner.eval.Evaluator;
import io.flocktune.tuner.eval.LocalRunner;
import io.flocktune.tuner.eval.Outcome;
import io.flocktune.tuner.eval.RunnerFactory;
import io.flocktune.tuner.eval.Trial;
import io.flocktune.tuner.eval.TrialRunner;

import java.util.List;

/** Test runners: a {@link LocalRunner} with one behaviour changed. */
final class WrappedRunners {
    private WrappedRunners() {}

    /** Called before each batch, with the batch's number (1, 2, …, over all runners of the factory). */
    interface BeforeBatch {
        void accept(int batch);
    }

    /**
     * Runners on {@code threads} local threads that say they are {@code remote} (as a Spark runner
     * does) and call {@code beforeBatch} before each batch (it may throw).
     */
    static RunnerFactory local(int threads, boolean remote, BeforeBatch beforeBatch) {
        int[] batches = {0};
        return limit -> new TrialRunner() {
            final LocalRunner inner = new LocalRunner(threads, limit);

            @Override
            public <T> List<Outcome> run(Evaluator<T> evaluator, List<Trial<T>> trials) throws InterruptedException {
                beforeBatch.accept(++batches[0]);
                return inner.run(evaluator, trials);
            }

            @Override
            public boolean remote() {
                return remote;
            }

            @Override
            public int parallelism() {
                return inner.parallelism();
            }

            @Override
            public void close() {
                inner.close();
            }
        };
    }
}
