/**
 * The flocktune Java API: one entry point per job, for JShell, notebooks and other JVM programs,
 * with no command-line classes involved. The command line calls the same code, so the API gives
 * the same presets, numbers, files and messages as the commands.
 *
 * <ul>
 *   <li>{@link io.flocktune.api.FlockPreset}: load a built-in preset, a file or JSON text; derive
 *       it with {@code with(path, value)} (checked like {@code --set}); write it as JSON.</li>
 *   <li>{@link io.flocktune.api.Simulate}: run a preset with an observer, or record a
 *       {@link io.flocktune.api.Trajectory} of {@link io.flocktune.api.Frame}s.</li>
 *   <li>{@link io.flocktune.api.Measure}: objectives over replicates ({@code flocktune measure}),
 *       custom metrics (a named function of the flock's {@code FlockView}) included.</li>
 *   <li>{@link io.flocktune.api.Tune}: run a tuning experiment into a directory or in memory, with
 *       a progress listener, and get its finalists, history and per-generation progress
 *       ({@code flocktune tune}); {@link io.flocktune.api.Tune.Builder} builds an experiment in
 *       code with typed values, custom-metric objectives included.</li>
 *   <li>{@link io.flocktune.api.Compare}: run a comparison and get its statistics and verdicts
 *       ({@code flocktune compare}).</li>
 *   <li>{@link io.flocktune.api.Plots}: the reports' standard figures as XChart charts, PNG or SVG
 *       ({@link io.flocktune.api.Figure}).</li>
 *   <li>{@link io.flocktune.api.Exports}: a preset in a front end's format ({@code flocktune export}).</li>
 * </ul>
 *
 * <p>Everything returned is an immutable record or value, or a read-only view: arrays are copied
 * in and out, lists and maps cannot be changed. The one exception is {@link io.flocktune.api.Figure}'s
 * XChart charts, which are new objects made for each call. Bad input fails with the checked
 * {@link io.flocktune.tuner.io.InputException}, whose one-line message is the command line's
 * (file or option, field, rule).
 *
 * <h2>What is API and what is internal</h2>
 * This package is the API. The engine ({@code io.flocktune.sim}) and the metrics
 * ({@code io.flocktune.objectives}) are libraries of their own; the types of theirs that appear
 * here ({@code Preset}, {@code Flock}, {@code StepObserver}, {@code ObjectiveSpec},
 * {@code Measurement}, {@code FlockView}, {@code Direction}, {@code Metric.Custom}) are part of the API. Every package under {@code io.flocktune.tuner}
 * ({@code cli}, {@code compare}, {@code eval}, {@code experiment}, {@code export}, {@code io},
 * {@code report}, {@code robustness}, {@code run}, {@code search}, {@code sensitivity},
 * {@code space}, {@code validation}) is internal by convention and may change without notice,
 * except for the types named in this package's signatures: {@code io.InputException} and
 * {@code experiment.Experiment} (an experiment built in code, for {@code Tune.of(Experiment)}) and {@code compare.Comparison} (for {@code Compare.of(Comparison)}). There is no
 * {@code module-info.java}: the project runs on the class path (the shaded jar, Spark executors,
 * the notebook kernel's JShell), so the rule is this convention, not the module system.
 */
package io.flocktune.api;
