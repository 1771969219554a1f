/**
 * The flocktune Java API: one entry point per job, for JShell, notebooks and other JVM programs,
 * with no command-line classes involved. The command line calls the same code, so the API gives
 * the same presets, numbers, files and messages as the commands.
 *
 * <ul>
 *   <li>{@link io.flocktune.api.FlockPreset}: load a built-in preset, a file or JSON text; derive
 *       it with {@code with(path, value)} (checked like {@code --set}); write it as JSON.</li>
 *   <li>{@link io.flocktune.api.Simulate}: run a preset with an observer, from a seed or a state
 *       file, or record a {@link io.flocktune.api.Trajectory} of {@link io.flocktune.api.Frame}s.</li>
 *   <li>{@link io.flocktune.api.Measure}: objectives over replicates ({@code flocktune measure}),
 *       custom metrics (a named function of the flock's {@code FlockView}) included.</li>
 *   <li>{@link io.flocktune.api.Tune}: run a tuning experiment into a directory or in memory, or
 *       resume one, with a listener, and get the tuner's {@code Tuning.Result}
 *       ({@code flocktune tune}); {@code Tune.builder} (the tuner's {@code ExperimentBuilder}) builds an experiment in
 *       code with typed values, custom-metric objectives included.</li>
 *   <li>{@link io.flocktune.api.Compare}: run or resume a comparison and get its
 *       {@code Comparing.Result}: statistics and verdicts ({@code flocktune compare}).</li>
 *   <li>{@link io.flocktune.api.Validate}: re-measure a published phase diagram (Vicsek 1995,
 *       Couzin 2002) with the engine ({@code flocktune validate}).</li>
 *   <li>{@link io.flocktune.api.Robustness}: re-measure a preset one factor at a time over a grid
 *       of scenarios ({@code flocktune robustness}).</li>
 *   <li>{@link io.flocktune.api.Execution}: where the simulations of a job run, this machine's
 *       threads or a Spark cluster ({@code --threads}, {@code --executor}, {@code --master}).</li>
 *   <li>{@link io.flocktune.api.Plots}: the reports' standard figures as XChart charts, PNG or SVG
 *       ({@link io.flocktune.api.Figure}), and a study's report drawn again ({@code flocktune report}).</li>
 *   <li>{@link io.flocktune.api.Exports}: a preset in a front end's format ({@code flocktune export}).</li>
 *   <li>{@link io.flocktune.api.Failure}: whose fault a failed job's exception is (bad input, a
 *       full disk, an interruption, a bug), with its one-line message; the exit code's source.</li>
 * </ul>
 *
 * <p>The commands of {@code flocktune} ({@code io.flocktune.cli}) parse their options, call this package and print what it
 * returns, so the API gives the same presets, numbers, files and messages as the command line.
 * The results are the tuner's own records, not copies of them: {@code Tuning.Result} with its
 * {@code Tuning.Finalist}s and {@code Tuning.HistoryRow}s, {@code GenerationSummary} per
 * generation, {@code Comparing.Result} with its {@code Analysis}. They are immutable records or
 * read-only views (arrays copied in and out where the record says so), except
 * {@link io.flocktune.api.Figure}'s XChart charts, which are new objects made for each call. Bad
 * input fails with the checked {@link io.flocktune.tuner.io.InputException}, whose one-line message
 * is the command line's (file or option, field, rule).
 *
 * <h2>What is API and what is internal</h2>
 * This package is the API. The engine ({@code io.flocktune.sim}) and the metrics
 * ({@code io.flocktune.objectives}) are libraries of their own; the types of theirs that appear
 * here ({@code Preset}, {@code Flock}, {@code Simulation}, {@code StepObserver}, {@code ObjectiveSpec},
 * {@code Measurement}, {@code FlockView}, {@code Direction}, {@code Metric.Custom}) are part of the
 * API. The packages under {@code io.flocktune.tuner} are internal by convention and may change
 * without notice, except for the types named in this package's signatures: {@code io.InputException},
 * {@code experiment.Experiment} and {@code experiment.ExperimentBuilder}, {@code run.Tuning} (its {@code Options}, {@code Listener},
 * {@code Result}, {@code Finalist}, {@code HistoryRow}), {@code search.GenerationSummary},
 * {@code compare.Comparison}, {@code compare.Comparing} ({@code Options}, {@code Result}),
 * {@code compare.Analysis}, {@code validation.Validation} and {@code validation.SweepPoint},
 * {@code robustness.Robustness.Result} and {@code robustness.ScenarioGrid}, and {@code eval.RunnerFactory}.
 *
 * <p>There is no {@code module-info.java} that would let the compiler enforce this: the tuner
 * compiles against Spark, whose jars cannot be named as modules ({@code jar --describe-module} on
 * {@code spark-core_2.13-4.1.1.jar}: "spark.core.2.13: Invalid module name: '2' is not a Java
 * identifier"), and everything that runs the tuner loads it from the class path, where a module
 * descriptor is ignored: the shaded {@code flocktune.jar}, {@code spark-submit} and Spark's
 * executors, and the notebook kernel's JShell.
 */
package io.flocktune.api;
