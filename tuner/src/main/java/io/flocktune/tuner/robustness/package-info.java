/**
 * Does a preset still work away from its scenario: {@link io.flocktune.tuner.robustness.Robustness} re-measures it one
 * scenario {@link io.flocktune.tuner.robustness.Factor} at a time ({@link io.flocktune.tuner.robustness.ScenarioGrid}:
 * the default grid or a {@code flocktune-scenarios/1} file) on paired seeds, and {@link
 * io.flocktune.tuner.robustness.RobustnessFiles} writes the tables, charts and report.
 */
package io.flocktune.tuner.robustness;
