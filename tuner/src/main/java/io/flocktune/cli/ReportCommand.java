package io.flocktune.cli;

import io.flocktune.api.Plots;
import io.flocktune.tuner.io.InputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code flocktune report DIR}: draws the charts and report.html of a finished run again. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Regenerates charts/ and report.html of a finished run or comparison directory from its files.")
final class ReportCommand implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "DIR", description = "A run directory written by 'flocktune tune' or a comparison directory written by 'flocktune compare'.")
    Path directory;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InputException, InterruptedException {
        Path report = Main.interruptibly(spec.commandLine().getErr(), () -> Plots.report(directory, spec.commandLine().getErr()));
        spec.commandLine().getOut().println("report: " + report);
        return Main.OK;
    }
}
