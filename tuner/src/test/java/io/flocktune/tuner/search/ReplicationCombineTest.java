package io.flocktune.tuner.search;

import io.flocktune.tuner.eval.Outcome;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** {@link Replication.Combine}: the mean of the replicates, or each objective's worst one under its criterion. */
class ReplicationCombineTest {
    // objective 0 maximised (cost −v), objective 1 minimised (cost v)
    static final List<Criterion> CRITERIA = List.of(new Criterion("up", 1, v -> -v), new Criterion("down", 1, v -> v));

    static Individual with(double[]... rows) {
        List<Replicate> replicates = new java.util.ArrayList<>();
        for (int r = 0; r < rows.length; r++) replicates.add(new Replicate(0, r, r, new Outcome.Success(rows[r], 1)));
        return new Individual(1, new double[]{0.5}, 0, replicates);
    }

    @Test
    void worstIsTheLowestOfAMaximisedAndTheHighestOfAMinimisedObjective() {
        Individual i = with(new double[]{0.8, 3}, new double[]{0.6, 1}, new double[]{0.9, 5}, new double[]{0.7, 2});
        assertArrayEquals(new double[]{0.6, 5}, Replication.Combine.WORST.of(i, CRITERIA));
        assertArrayEquals(new double[]{0.75, 2.75}, Replication.Combine.MEAN.of(i, CRITERIA), 1e-15);
    }

    @Test
    void aFailedReplicateHasNoValues() {
        Individual failed = new Individual(2, new double[]{0.5}, 0,
                List.of(new Replicate(0, 0, 0, new Outcome.Success(new double[]{1, 1}, 1)), new Replicate(0, 1, 1, new Outcome.Failure("boom", 1))));
        assertThrows(IllegalStateException.class, () -> Replication.Combine.WORST.of(failed, CRITERIA));
    }

    @Test
    void fiveArgumentReplicationAverages() {
        assertEquals(Replication.Combine.MEAN, new Replication(2, 1, 30, 30, 5).combine());
        assertEquals(Replication.Combine.WORST, Replication.Combine.ofJson("worst"));
        assertEquals(null, Replication.Combine.ofJson("median"));
    }
}
