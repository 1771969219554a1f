package io.flocktune.sim;

/**
 * A predator caught a boid: at the end of {@code step} the boid was within the predators'
 * capture radius.
 *
 * @param step     the step (1-based: step 1 is the first update) at whose end it happened
 * @param predator predator index, 0 … count−1
 * @param boid     the boid's stable id
 */
public record Capture(long step, int predator, int boid) {}
