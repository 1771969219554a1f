/**
 * Flock metrics and objectives: {@link io.flocktune.objectives.Metric} (what is measured on one
 * step), {@link io.flocktune.objectives.ObjectiveSpec} (window, aggregation, direction),
 * {@link io.flocktune.objectives.Objectives} (run and evaluate, replicates) and
 * {@link io.flocktune.objectives.Measurement} (replicate statistics). The allocation-free
 * machinery: {@link io.flocktune.objectives.MetricProbe} measures a snapshot,
 * {@link io.flocktune.objectives.Recorder} aggregates during a run,
 * {@link io.flocktune.objectives.MetricSeries} streams per-step values.
 */
package io.flocktune.objectives;
