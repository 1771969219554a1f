package io.flocktune.cli;

import io.flocktune.api.Tune;
import io.flocktune.tuner.experiment.Experiment;
import io.flocktune.tuner.io.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code flocktune experiments}: lists the built-in experiments; {@code experiments show} prints one. */
@Command(name = "experiments", mixinStandardHelpOptions = true,
        description = "Lists the built-in experiments for 'flocktune tune', one line each: name and description.")
final class ExperimentsCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        int width = Tune.builtIns().stream().mapToInt(String::length).max().orElse(0);
        for (String name : Tune.builtIns()) {
            spec.commandLine().getOut().printf("%-" + width + "s  %s%n", name, Tune.builtIn(name).experiment().description());
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = {"Prints an experiment as JSON (format " + Experiment.FORMAT + "), every default spelled out.",
                    "Save it, edit it and pass the file to 'flocktune tune'."})
    void show(@Parameters(paramLabel = "NAME|FILE", description = "A built-in experiment or an experiment file.") String experiment)
            throws InputException {
        spec.commandLine().getOut().print(Tune.of(experiment).toJson());
    }
}
