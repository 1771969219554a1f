/**
 * Which parameters matter: Morris elementary effects ({@link io.flocktune.tuner.sensitivity.Morris}) and Sobol' indices
 * ({@link io.flocktune.tuner.sensitivity.Sobol}) over an experiment's unit genes, as pure {@link
 * io.flocktune.tuner.sensitivity.Design}s that any function can be fed to, and {@link
 * io.flocktune.tuner.sensitivity.Sensitivity}, which evaluates a design with the simulator on common replicate seeds
 * into a resumable results directory.
 */
package io.flocktune.tuner.sensitivity;
