package io.flocktune.tuner.cli;

import io.flocktune.tuner.compare.ComparisonFiles;
import io.flocktune.tuner.compare.ComparisonReport;
import io.flocktune.tuner.io.InputException;
import io.flocktune.tuner.report.Report;
import io.flocktune.tuner.run.RunFiles;
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
        if (ComparisonFiles.isComparison(directory)) {
            ComparisonReport.write(directory, spec.commandLine().getErr());
            spec.commandLine().getOut().println("report: " + new ComparisonFiles(directory).report());
            return Main.OK;
        }
        RunFiles files = new RunFiles(directory);
        Interruptible.run(spec.commandLine().getErr(), () -> {
            Report.write(files, spec.commandLine().getErr());
            return null;
        });
        spec.commandLine().getOut().println("report: " + files.report());
        return Main.OK;
    }
}
