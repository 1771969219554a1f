package io.flocktune.api;

import io.flocktune.tuner.eval.spark.SparkSetupException;
import io.flocktune.tuner.io.InputException;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FailureTest {

    @Test
    void eachExceptionIsTheFaultOfWhatItSays() {
        assertEquals(new Failure(Failure.Kind.INPUT, "e.json: stop.generations = 0: must be in [1, 1000000]"),
                Failure.of(new InputException("e.json: stop.generations = 0:\n  must be in [1, 1000000]")));
        assertEquals(Failure.Kind.DISK_FULL, Failure.of(new InputException("out/history.csv: cannot write",
                new IOException("No space left on device"))).kind());
        assertEquals(new Failure(Failure.Kind.INPUT, "trace.csv: Permission denied"),
                Failure.of(new UncheckedIOException("trace.csv: Permission denied", new IOException("denied"))));
        assertEquals(Failure.Kind.DISK_FULL, Failure.of(new UncheckedIOException("trace.csv",
                new IOException("Disk quota exceeded"))).kind());
        assertEquals(Failure.Kind.INPUT, Failure.of(new SparkSetupException("no master at spark://x:7077", null)).kind());
        assertEquals(new Failure(Failure.Kind.INTERRUPTED, "interrupted"), Failure.of(new InterruptedException()));
        assertEquals(new Failure(Failure.Kind.INTERNAL, "java.lang.IllegalStateException: boom"),
                Failure.of(new IllegalStateException("boom")));
        assertEquals(Failure.Kind.INTERNAL, Failure.of(new OutOfMemoryError("Java heap space")).kind(),
                "an Error is never bad input");
        assertEquals(Failure.Kind.INTERNAL, Failure.of(new IllegalArgumentException("bug")).kind(),
                "an unchecked exception of the code is a bug, not bad input");
    }
}
