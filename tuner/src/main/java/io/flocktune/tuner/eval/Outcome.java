package io.flocktune.tuner.eval;

import io.flocktune.sim.Check;

import java.util.Arrays;

/** What one {@link Trial} gave: objective values, or the reason it failed. */
public sealed interface Outcome {

    /**
     * Wall time the trial took in nanoseconds, &ge; 0 (the limit for a timed-out trial). It is
     * not part of an outcome's equality: two runs of the same trial are equal outcomes.
     */
    long nanos();

    /**
     * @param values one finite or NaN value per objective (a copy is kept)
     */
    record Success(double[] values, long nanos) implements Outcome {
        public Success {
            values = Check.present("values", values).clone();
        }

        /** @return a copy of the values. */
        @Override
        public double[] values() {
            return values.clone();
        }

        /** @return value {@code k}. */
        public double value(int k) {
            return values[k];
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Success s && Arrays.equals(s.values, values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }

        @Override
        public String toString() {
            return "Success" + Arrays.toString(values);
        }
    }

    /**
     * @param reason one line: the exception's class and message, or the exceeded time limit
     */
    record Failure(String reason, long nanos) implements Outcome {
        public Failure {
            Check.present("reason", reason);
        }

        /** @return a failure describing {@code error} on one line. */
        public static Failure of(Throwable error, long nanos) {
            String message = error.getMessage();
            String text = error.getClass().getSimpleName() + (message == null ? "" : ": " + message);
            return new Failure(text.replaceAll("\\s+", " ").strip(), nanos);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Failure f && f.reason.equals(reason);
        }

        @Override
        public int hashCode() {
            return reason.hashCode();
        }
    }
}
