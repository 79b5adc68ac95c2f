package io.edgesim.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.edgesim.report.Comparison;
import io.edgesim.report.ResultJson;
import io.edgesim.report.StagedOutput;
import io.edgesim.scenario.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * `edgesim compare A B [--out FILE]`: two runs side by side - per limiter, region and plan each figure of both, with
 * its difference and relative difference, and with replications on both sides whether the intervals separate - as
 * Markdown on the console, or in FILE. A and B are report folders or result.json files.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Compares two runs: every figure of each limiter, region and plan side by side with the "
                + "difference, as Markdown.")
final class CompareCommand implements Callable<Integer> {

    private static final String ALLOWED = "allowed: a report folder holding result.json, or a result.json file";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "A report folder or its result.json.")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "Another report folder or result.json.")
    Path b;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the comparison to FILE instead of the "
            + "console.")
    Path out;

    @Override
    public Integer call() {
        ResultJson.Run runA = read("A", a);
        ResultJson.Run runB = read("B", b);
        if (runA.limiters().stream().noneMatch(runB.limiters()::contains)) {
            throw new InputException("compare: " + file(a) + " and " + file(b) + " have no limiter in common (A: "
                    + String.join(", ", runA.limiters()) + "; B: " + String.join(", ", runB.limiters())
                    + "), so nothing to compare; allowed: two runs with a limiter of the same name, such as two runs "
                    + "of one scenario");
        }
        String markdown = new Comparison(file(a).toString(), runA, file(b).toString(), runB).markdown();
        if (out == null) {
            spec.commandLine().getOut().print(markdown);
            spec.commandLine().getOut().flush();
            return 0;
        }
        if (out.toString().isEmpty() || Files.isDirectory(out)) {
            throw new InputException("--out: cannot write '" + out + "': it is " + (out.toString().isEmpty()
                    ? "empty" : "a folder") + "; allowed: a file, e.g. compare.md");
        }
        OutputClash.fileAgainstInputs("--out", out, List.of(file(a), file(b)));
        OutputFolder.checkFile("--out", out, "; allowed: a file in a folder that can be written, e.g. compare.md");
        OutputFolder.checkReplaceable("--out", out, Comparison.TITLE, "a comparison");
        try (StagedOutput staged = StagedOutput.file(out)) {
            try (OutputStream stream = staged.open()) {
                stream.write(markdown.getBytes(StandardCharsets.UTF_8));
            }
            staged.commit();
        } catch (IOException e) {
            throw OutputFolder.cannotWrite("--out", out, e);
        }
        spec.commandLine().getOut().printf("wrote %s%n", out);
        spec.commandLine().getOut().flush();
        return 0;
    }

    // a folder stands for its result.json
    private static Path file(Path path) {
        return Files.isDirectory(path) ? path.resolve("result.json") : path;
    }

    private static ResultJson.Run read(String which, Path path) {
        Path file = file(path);
        if (!Files.exists(path)) {
            throw new InputException(which + ": " + path + ": no such file or folder; " + ALLOWED);
        }
        if (!Files.isRegularFile(file)) {
            throw new InputException(which + ": " + path + ": " + (Files.isDirectory(path)
                    ? "the folder holds no result.json" : "not a file") + "; " + ALLOWED);
        }
        try {
            JsonNode root = new ObjectMapper().readTree(file.toFile());
            if (root == null) {
                throw new InputException(which + ": " + file + ": empty; " + ALLOWED);
            }
            return ResultJson.read(root);
        } catch (JsonProcessingException e) {
            throw new InputException(which + ": " + file + ": not JSON (line " + e.getLocation().getLineNr()
                    + "); " + ALLOWED);
        } catch (ResultJson.NotAResult e) {
            throw new InputException(which + ": " + file + ": " + e.getMessage() + "; " + ALLOWED);
        } catch (IOException e) {
            throw new InputException(which + ": cannot read " + file + ": " + OutputFolder.reason(e) + "; "
                    + ALLOWED);
        }
    }
}
