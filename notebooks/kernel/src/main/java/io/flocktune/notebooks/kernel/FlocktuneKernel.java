package io.flocktune.notebooks.kernel;

import org.dflib.jjava.jupyter.kernel.BaseKernel;
import org.dflib.jjava.jupyter.kernel.BaseKernelBuilder;
import org.dflib.jjava.jupyter.kernel.HelpLink;
import org.dflib.jjava.jupyter.kernel.LanguageInfo;
import org.dflib.jjava.jupyter.kernel.ReplacementOptions;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.dflib.jjava.jupyter.kernel.magic.MagicParser;

import java.util.ArrayList;
import java.util.List;

/**
 * The flocktune Jupyter kernel: Java cells evaluated by a {@link CellEvaluator} (JShell in this
 * JVM), values shown by {@link Display}. A cell that fails (compile error, exception) gets a
 * Jupyter error reply, so {@code jupyter nbconvert --execute} stops with a non-zero exit.
 * The Jupyter protocol (ZeroMQ sockets, message signing, history) is the base library's
 * ({@code org.dflib.jjava:jjava-jupyter}).
 */
public final class FlocktuneKernel extends BaseKernel {
    private final CellEvaluator evaluator;

    private FlocktuneKernel(Builder b, CellEvaluator evaluator) {
        super(b.name(), b.version(),
                new LanguageInfo("java", Runtime.version().toString(), "text/x-java-source", ".jshell", "java", "java", null),
                List.of(new HelpLink("flocktune README", "https://github.com/flocktune/flocktune#notebooks")),
                b.history(), b.io(), b.comms(), b.renderer(), new MagicParser("(?<=(?:^|=))\\s*%", "%%", b.transpiler()),
                b.magics(), false, b.styler());
        this.evaluator = evaluator;
        Display.sink(this::display);
    }

    /** @return a kernel whose cells see {@code classPath}. */
    public static FlocktuneKernel create(String classPath) {
        return new Builder().name("flocktune-java").version(Versions.VERSION).build(new CellEvaluator(classPath));
    }

    @Override
    public String getBanner() {
        return "flocktune Java kernel (JShell on Java " + Runtime.version() + ")";
    }

    @Override
    public Object evalRaw(String source) {
        return evaluator.eval(source);
    }

    /** Evaluates a cell; its value is shown as {@link Display#render} says, nothing for null. */
    @Override
    public DisplayData eval(String source) {
        return Display.render(evalRaw(source));
    }

    @Override
    public DisplayData inspect(String code, int at, boolean extraDetail) {
        return null;
    }

    @Override
    public ReplacementOptions complete(String code, int at) {
        int[] anchor = new int[1];
        List<String> options = evaluator.complete(code, at, anchor);
        return options.isEmpty() ? null : new ReplacementOptions(options, anchor[0], at);
    }

    @Override
    public String isComplete(String code) {
        return switch (evaluator.completeness(code)) {
            case "complete" -> IS_COMPLETE_YES;
            case "incomplete" -> "    ";
            default -> IS_COMPLETE_BAD;
        };
    }

    @Override
    public void interrupt() {
        evaluator.interrupt();
    }

    @Override
    public List<String> formatError(Throwable e) {
        if (e instanceof CellException c) {
            List<String> lines = new ArrayList<>();
            lines.add(errorStyler.primary(c.getMessage()));
            lines.addAll(c.trace());
            return lines;
        }
        return super.formatError(e);
    }

    @Override
    public void onShutdown(boolean restarting) {
        super.onShutdown(restarting);
        evaluator.close();
    }

    /** Exposes the base library's default parts to the constructor. */
    private static final class Builder extends BaseKernelBuilder<Builder, FlocktuneKernel> {
        private CellEvaluator evaluator;

        FlocktuneKernel build(CellEvaluator e) {
            evaluator = e;
            return build();
        }

        @Override
        public FlocktuneKernel build() {
            return new FlocktuneKernel(this, evaluator);
        }

        String name() { return buildName(); }
        String version() { return buildVersion(); }
        org.dflib.jjava.jupyter.kernel.history.HistoryManager history() { return buildHistoryManager(); }
        org.dflib.jjava.jupyter.kernel.JupyterIO io() { return buildJupyterIO(buildJupyterIOEncoding()); }
        org.dflib.jjava.jupyter.kernel.comm.CommManager comms() { return buildCommManager(); }
        org.dflib.jjava.jupyter.kernel.display.Renderer renderer() { return buildRenderer(); }
        org.dflib.jjava.jupyter.kernel.magic.MagicTranspiler transpiler() { return buildMagicTranspiler(); }
        org.dflib.jjava.jupyter.kernel.magic.MagicsRegistry magics() { return buildMagicsRegistry(); }
        org.dflib.jjava.jupyter.kernel.util.StringStyler styler() { return buildErrorStyler(); }
    }
}
