package io.flocktune.cli;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The documentation cannot lie: every page of {@code README.md}, {@code CONTRIBUTING.md},
 * {@code docs/} and {@code results/*}{@code /README.md} is read, and
 * <ul>
 * <li>every shell block marked {@code <!-- doc-test: run -->} runs, command by command, through
 *     the command line in a child JVM, in a scratch directory that sees the repository (its
 *     {@code results/} copied, the rest linked); each command must exit 0 (or the code named by
 *     {@code exit=N}); a block marked {@code <!-- doc-test: output -->} right after it must equal
 *     the last command's standard output ({@code …} matches any text within a line, a line
 *     {@code ...} any number of lines, trailing spaces ignored);</li>
 * <li>every table marked {@code <!-- doc-test: figures FILE -->}: each number in its body is a
 *     value of the committed FILE at the precision shown;</li>
 * <li>every relative link or image names a file that exists, and every {@code #anchor} a heading
 *     of the page it points at;</li>
 * <li>{@code docs/reference/cli.md} shows the {@code --help} of every command and subcommand
 *     (a run block with its output), so no option goes undocumented.</li>
 * </ul>
 * With {@code -Ddocs.update=true} the failing output blocks are rewritten from the real output
 * instead (then read the diff before committing it).
 */
class DocsTest {
    static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final boolean UPDATE = Boolean.getBoolean("docs.update");
    private static final Pattern MARKER = Pattern.compile("^<!-- doc-test: (run|output|figures)(.*?)-->\\s*$");
    private static final Pattern LINK = Pattern.compile("!?\\[[^\\]]*]\\(([^)\\s]+)\\)");
    private static final Pattern NUMBER = Pattern.compile("(?<![\\w.])[-−]?\\d+(?:\\.\\d+)?(?:e[-+]?\\d+)?(?![\\w.])", Pattern.CASE_INSENSITIVE);

    /** A fenced block or table after a marker: the page, its first line (1-based) and its lines. */
    record Marked(Path page, int ordinal, int line, String kind, String argument, List<String> body, int bodyStart) {
        String where() {
            return ROOT.relativize(page) + ":" + line;
        }
    }

    private static List<Path> pages;

    @BeforeAll
    static void readPages() throws IOException {
        List<Path> found = new ArrayList<>(List.of(ROOT.resolve("README.md"), ROOT.resolve("CONTRIBUTING.md")));
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(found::add);
        }
        try (Stream<Path> results = Files.list(ROOT.resolve("results"))) {
            results.map(d -> d.resolve("README.md")).filter(Files::isRegularFile).sorted().forEach(found::add);
        }
        pages = List.copyOf(found);
    }

    static List<String> lines(Path page) {
        try {
            return Files.readAllLines(page, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Every marked block of a page, in order. */
    static List<Marked> marked(Path page) {
        List<String> lines = lines(page);
        List<Marked> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = MARKER.matcher(lines.get(i).trim());
            if (!m.matches()) continue;
            int j = i + 1;
            while (j < lines.size() && lines.get(j).isBlank()) j++;
            assertTrue(j < lines.size(), page + ":" + (i + 1) + ": a doc-test marker with nothing after it");
            List<String> body = new ArrayList<>();
            int start;
            if (lines.get(j).startsWith("```")) {
                start = j + 1;
                int k = start;
                while (k < lines.size() && !lines.get(k).startsWith("```")) body.add(lines.get(k++));
                assertTrue(k < lines.size(), page + ":" + (j + 1) + ": unclosed code block");
            } else {
                start = j;
                for (int k = j; k < lines.size() && lines.get(k).startsWith("|"); k++) body.add(lines.get(k));
            }
            out.add(new Marked(page, out.size(), i + 1, m.group(1), m.group(2).trim(), body, start));
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> runnableExamplesPrintWhatTheDocsShow() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Path page : pages) {
            List<Marked> blocks = marked(page);
            for (int b = 0; b < blocks.size(); b++) {
                Marked run = blocks.get(b);
                if (!run.kind().equals("run")) continue;
                Marked output = b + 1 < blocks.size() && blocks.get(b + 1).kind().equals("output") ? blocks.get(b + 1) : null;
                tests.add(DynamicTest.dynamicTest(run.where(), () -> check(run, output)));
            }
        }
        assertFalse(tests.isEmpty(), "no runnable example in the docs");
        return tests.stream();
    }

    private static void check(Marked run, Marked output) throws Exception {
        int expectedExit = run.argument().startsWith("exit=") ? Integer.parseInt(run.argument().substring(5)) : 0;
        Path scratch = scratch();
        try {
            String last = null;
            for (List<String> command : commands(run)) last = execute(run, command, scratch, expectedExit);
            assertNotNull(last, run.where() + ": a run block without a ./flocktune command");
            if (output == null) return;
            if (!matches(output.body(), last.lines().toList())) {
                if (UPDATE) {
                    rewrite(output, last.lines().toList());
                } else {
                    fail(output.where() + ": the output shown is not what the command prints (run with -Ddocs.update=true to rewrite it)\n"
                            + "--- shown\n" + String.join("\n", output.body()) + "\n--- printed\n" + last);
                }
            }
        } finally {
            delete(scratch);
        }
    }

    /** The block's commands: continuation lines joined, comments dropped, each a {@code ./flocktune} call. */
    static List<List<String>> commands(Marked run) {
        List<List<String>> out = new ArrayList<>();
        StringBuilder joined = new StringBuilder();
        for (String line : run.body()) {
            if (line.endsWith("\\")) {
                joined.append(line, 0, line.length() - 1).append(' ');
                continue;
            }
            joined.append(line);
            List<String> words = words(joined.toString());
            joined.setLength(0);
            if (words.isEmpty()) continue;
            assertEquals("./flocktune", words.getFirst(), run.where() + ": a runnable block holds ./flocktune commands only: " + words);
            out.add(words);
        }
        return out;
    }

    /** Splits a shell line into words: single and double quotes, and an unquoted {@code #} word starts a comment. */
    static List<String> words(String line) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) quote = 0;
                else word.append(c);
            } else if (c == '\'' || c == '"') {
                if (word == null) word = new StringBuilder();
                quote = c;
            } else if (Character.isWhitespace(c)) {
                if (word != null) words.add(word.toString());
                word = null;
            } else if (c == '#' && word == null) {
                break;
            } else {
                if (word == null) word = new StringBuilder();
                word.append(c);
            }
        }
        assertEquals(0, quote, "unclosed quote in: " + line);
        if (word != null) words.add(word.toString());
        return words;
    }

    private static String execute(Marked run, List<String> words, Path scratch, int expectedExit) throws Exception {
        List<String> args = new ArrayList<>(words.subList(1, words.size()));
        Path redirect = null;
        int gt = args.indexOf(">");
        if (gt >= 0) {
            assertEquals(gt + 2, args.size(), run.where() + ": '>' must be followed by one file and end the command");
            redirect = scratch.resolve(args.get(gt + 1));
            args = new ArrayList<>(args.subList(0, gt));
        }
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(args);
        Path stdout = Files.createTempFile("doc-test", ".out");
        Path stderr = Files.createTempFile("doc-test", ".err");
        try {
            Process process = new ProcessBuilder(command).directory(scratch.toFile())
                    .redirectOutput(stdout.toFile()).redirectError(stderr.toFile()).start();
            process.getOutputStream().close();
            if (!process.waitFor(10, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                fail(run.where() + ": " + words + " ran longer than 10 minutes");
            }
            String out = Files.readString(stdout, StandardCharsets.UTF_8);
            assertEquals(expectedExit, process.exitValue(), run.where() + ": " + String.join(" ", words) + " exited "
                    + process.exitValue() + "\n" + Files.readString(stderr, StandardCharsets.UTF_8));
            if (redirect != null) Files.writeString(redirect, out, StandardCharsets.UTF_8);
            return out;
        } finally {
            Files.deleteIfExists(stdout);
            Files.deleteIfExists(stderr);
        }
    }

    /** A directory that looks like the repository: {@code results/} copied (commands write there), the rest linked. */
    private static Path scratch() throws IOException {
        Path scratch = Files.createTempDirectory("doc-test");
        try (Stream<Path> top = Files.list(ROOT)) {
            for (Path entry : top.toList()) {
                String name = entry.getFileName().toString();
                if (name.equals(".git") || name.equals("results")) continue;
                Files.createSymbolicLink(scratch.resolve(name), entry);
            }
        }
        try (Stream<Path> all = Files.walk(ROOT.resolve("results"))) {
            for (Path from : all.toList()) {
                Path to = scratch.resolve(ROOT.relativize(from).toString());
                if (Files.isDirectory(from)) Files.createDirectories(to);
                else Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
        return scratch;
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    /** Whether printed lines match the shown ones ({@code …} any text in a line, a line {@code ...} any lines). */
    static boolean matches(List<String> shown, List<String> printed) {
        return matches(shown, 0, printed, 0);
    }

    private static boolean matches(List<String> shown, int s, List<String> printed, int p) {
        if (s == shown.size()) return p == printed.size();
        String want = shown.get(s).stripTrailing();
        if (want.equals("...")) {
            for (int q = p; q <= printed.size(); q++) if (matches(shown, s + 1, printed, q)) return true;
            return false;
        }
        if (p == printed.size()) return false;
        return lineMatches(want, printed.get(p).stripTrailing()) && matches(shown, s + 1, printed, p + 1);
    }

    static boolean lineMatches(String want, String got) {
        StringBuilder regex = new StringBuilder();
        for (String part : want.split("…", -1)) {
            if (!regex.isEmpty()) regex.append(".*");
            regex.append(Pattern.quote(part));
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL).matcher(got).matches();
    }

    /** Replaces the block's body with the printed lines; found again by its ordinal, since earlier rewrites move lines. */
    private static void rewrite(Marked stale, List<String> printed) throws IOException {
        Marked output = marked(stale.page()).get(stale.ordinal());
        List<String> lines = new ArrayList<>(lines(output.page()));
        for (int i = 0; i < output.body().size(); i++) lines.remove(output.bodyStart());
        lines.addAll(output.bodyStart(), printed);
        Files.write(output.page(), lines, StandardCharsets.UTF_8);
    }

    @Test
    void figuresQuotedFromAStudyAreTheCommittedFilesValues() throws IOException {
        int tables = 0;
        for (Path page : pages) {
            for (Marked figures : marked(page)) {
                if (!figures.kind().equals("figures")) continue;
                tables++;
                Path file = ROOT.resolve(figures.argument());
                assertTrue(Files.isRegularFile(file), figures.where() + ": no file " + figures.argument());
                List<Double> values = new ArrayList<>();
                for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                    Matcher m = NUMBER.matcher(line);
                    while (m.find()) values.add(Double.parseDouble(m.group().replace('−', '-')));
                }
                List<String> rows = figures.body().stream().skip(2).toList();   // header and separator rows
                assertFalse(rows.isEmpty(), figures.where() + ": a figures marker before no table");
                for (String row : rows) {
                    String cells = row.replaceAll("`[^`]*`", " ");                 // names such as `seed003`
                    Matcher m = NUMBER.matcher(cells.substring(cells.indexOf('|', 1)));  // not the row's label
                    while (m.find()) {
                        String shown = m.group().replace('−', '-');
                        double value = Double.parseDouble(shown);
                        double half = halfUnit(shown);
                        assertTrue(values.stream().anyMatch(v -> Math.abs(v - value) <= half),
                                figures.where() + ": " + shown + " is in no cell of " + figures.argument() + " (row: " + row + ")");
                    }
                }
            }
        }
        assertTrue(tables > 0, "no figures table is checked");
    }

    /** Half a unit of the last digit shown, plus rounding slack: 0.42 → 0.005. */
    static double halfUnit(String shown) {
        String mantissa = shown.toLowerCase(Locale.ROOT).split("e")[0];
        int exponent = shown.toLowerCase(Locale.ROOT).contains("e") ? Integer.parseInt(shown.toLowerCase(Locale.ROOT).split("e")[1]) : 0;
        int decimals = mantissa.contains(".") ? mantissa.length() - mantissa.indexOf('.') - 1 : 0;
        return 0.5 * Math.pow(10, exponent - decimals) * (1 + 1e-9);
    }

    @Test
    void everyLinkAndAnchorResolves() {
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            boolean inCode = false;
            List<String> lines = lines(page);
            for (int i = 0; i < lines.size(); i++) {
                String line = lines.get(i);
                if (line.startsWith("```")) inCode = !inCode;
                if (inCode) continue;
                Matcher m = LINK.matcher(line.replaceAll("`[^`]*`", ""));
                while (m.find()) {
                    String target = m.group(1);
                    if (target.matches("^[a-z]+:.*")) continue;               // https:, mailto:
                    String file = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                    String anchor = target.contains("#") ? target.substring(target.indexOf('#') + 1) : null;
                    Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
                    if (!Files.exists(resolved)) {
                        broken.add(ROOT.relativize(page) + ":" + (i + 1) + ": " + target + " (no such file)");
                    } else if (anchor != null && !anchors(resolved).contains(anchor)) {
                        broken.add(ROOT.relativize(page) + ":" + (i + 1) + ": " + target + " (no such heading)");
                    }
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    /** GitHub's heading anchors of a Markdown page (lower case, punctuation dropped, spaces to '-'). */
    static Set<String> anchors(Path page) {
        Set<String> out = new LinkedHashSet<>();
        if (!page.toString().endsWith(".md")) return out;
        boolean inCode = false;
        for (String line : lines(page)) {
            if (line.startsWith("```")) inCode = !inCode;
            if (inCode || !line.startsWith("#")) continue;
            String text = line.replaceFirst("^#+\\s*", "").toLowerCase(Locale.ROOT);
            out.add(text.replaceAll("[^\\p{L}\\p{N}\\- _]", "").replace(' ', '-'));
        }
        return out;
    }

    @Test
    void theCommandReferenceShowsTheHelpOfEveryCommand() {
        Path cli = ROOT.resolve("docs/reference/cli.md");
        Set<String> shown = new LinkedHashSet<>();
        List<Marked> blocks = marked(cli);
        for (int b = 0; b + 1 < blocks.size(); b++) {
            if (!blocks.get(b).kind().equals("run") || !blocks.get(b + 1).kind().equals("output")) continue;
            for (List<String> words : commands(blocks.get(b))) {
                if (words.getLast().equals("--help")) shown.add(String.join(" ", words.subList(1, words.size() - 1)));
            }
        }
        List<String> missing = new ArrayList<>();
        collect(Main.commandLine(), "", missing, shown);
        assertEquals(List.of(), missing, "commands whose --help docs/reference/cli.md does not show (with its output)");
    }

    private static void collect(CommandLine command, String path, List<String> missing, Set<String> shown) {
        for (var entry : command.getSubcommands().entrySet()) {
            if (entry.getKey().equals("help")) continue;
            String name = (path.isEmpty() ? "" : path + " ") + entry.getKey();
            if (!shown.contains(name)) missing.add(name);
            collect(entry.getValue(), name, missing, shown);
        }
    }

    @Test
    void everyKeyOfEveryFileFormatIsInItsReferencePage() throws Exception {
        record Format(String page, String rootRecord, Set<String> notKeys) {}
        List<Format> formats = List.of(
                new Format("docs/reference/preset.md", "io.flocktune.sim.Preset", Set.of("customRules")),
                new Format("docs/reference/experiment.md", "io.flocktune.tuner.experiment.ExperimentJson$File", Set.of()),
                new Format("docs/reference/comparison.md", "io.flocktune.tuner.compare.ComparisonJson$Form", Set.of()),
                new Format("docs/reference/scenarios.md", "io.flocktune.tuner.experiment.ExperimentJson$ScenariosJson", Set.of()),
                new Format("docs/reference/robustness-grid.md", "io.flocktune.tuner.robustness.ScenarioGrid", Set.of()));
        List<String> missing = new ArrayList<>();
        for (Format format : formats) {
            String page = String.join("\n", lines(ROOT.resolve(format.page())));
            Set<String> keys = new LinkedHashSet<>();
            keys(Class.forName(format.rootRecord()), keys, new LinkedHashSet<>());
            keys.removeAll(format.notKeys());
            for (String key : keys) if (!page.contains("`" + key + "`")) missing.add(format.page() + ": `" + key + "`");
        }
        assertEquals(List.of(), missing, "keys a parser reads that its reference page does not name");
    }

    /** The JSON keys of a record tree: record components, through lists, maps and sealed families' variants. */
    private static void keys(java.lang.reflect.Type type, Set<String> keys, Set<Class<?>> seen) {
        switch (type) {
            case java.lang.reflect.ParameterizedType p -> {
                for (var argument : p.getActualTypeArguments()) keys(argument, keys, seen);
            }
            case Class<?> c when c.isArray() -> keys(c.getComponentType(), keys, seen);
            case Class<?> c when c == io.flocktune.tuner.io.Untyped.class -> { }   // any value of a preset path: no keys of its own
            case Class<?> c when !seen.add(c) -> { }
            case Class<?> c when c.isRecord() -> {
                for (var component : c.getRecordComponents()) {
                    keys.add(component.getName());
                    keys(component.getGenericType(), keys, seen);
                }
            }
            case Class<?> c when c.isSealed() -> {
                for (Class<?> variant : c.getPermittedSubclasses()) keys(variant, keys, seen);
            }
            default -> { }
        }
    }

    @Test
    void theMatcherTakesEllipsesAndSkippedLines() {
        assertTrue(matches(List.of("run: results/default-1-…", "...", "end"), List.of("run: results/default-1-20261126", "a", "b", "end")));
        assertTrue(matches(List.of("a", "...", "b"), List.of("a", "b")));
        assertFalse(matches(List.of("a", "b"), List.of("a", "c")));
        assertFalse(matches(List.of("a"), List.of("a", "extra")));
        assertEquals(List.of("./flocktune", "tune", "a b"), words("./flocktune tune 'a b'   # comment"));
        assertEquals(0.005 * (1 + 1e-9), halfUnit("0.42"), 1e-15);
        assertEquals(0.5e-7 * (1 + 1e-9), halfUnit("8.667e-05") * 10, 1e-15);
    }
}
