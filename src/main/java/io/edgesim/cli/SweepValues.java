package io.edgesim.cli;

import io.edgesim.scenario.InputException;
import picocli.CommandLine;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A sweep's --param: the setting path and its values. Values are split on commas outside brackets and quotes, or
 * expanded from an integer range FROM..TO[/STEP].
 */
record SweepValues(String path, List<String> values) {

    private static final Pattern RANGE = Pattern.compile("(-?\\d+)\\.\\.(-?\\d+)(?:/(\\d+))?");
    private static final int MAX_VALUES = 1_000;

    /** For --param: problems are the command line's, exit 2 with its usage hint. */
    static SweepValues parse(CommandLine commandLine, String param) {
        try {
            return parse(param);
        } catch (InputException e) {
            throw new CommandLine.ParameterException(commandLine, e.getMessage());
        }
    }

    /** For a scenario's declared sweep and --param alike; problems are InputExceptions naming --param. */
    static SweepValues parse(String param) {
        int eq = param.indexOf('=');
        if (eq <= 0 || eq == param.length() - 1) {
            throw bad("'" + param + "' is not PATH=VALUES; e.g. limiters.local.limit=50,100,200");
        }
        String path = param.substring(0, eq).strip();
        String text = param.substring(eq + 1).strip();
        Matcher range = RANGE.matcher(text);
        List<String> values = new ArrayList<>();
        if (range.matches()) {
            long from = Long.parseLong(range.group(1));
            long to = Long.parseLong(range.group(2));
            long step = range.group(3) == null ? 1 : Long.parseLong(range.group(3));
            if (step <= 0 || to < from || (to - from) / step >= MAX_VALUES) {
                throw bad("range " + text + " must go up (FROM <= TO) by a positive STEP, with at most "
                        + MAX_VALUES + " values");
            }
            for (long v = from; v <= to; v += step) {
                values.add(Long.toString(v));
            }
        } else {
            values = split(text);
            if (values.stream().anyMatch(String::isEmpty)) {
                throw bad("'" + text + "' has an empty value; separate values with single commas");
            }
        }
        return new SweepValues(path, List.copyOf(values));
    }

    private static List<String> split(String text) {
        List<String> values = new ArrayList<>();
        int depth = 0;
        boolean quoted = false;
        StringBuilder current = new StringBuilder();
        for (char c : text.toCharArray()) {
            if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && (c == '[' || c == '{')) {
                depth++;
            } else if (!quoted && (c == ']' || c == '}')) {
                depth--;
            } else if (!quoted && depth == 0 && c == ',') {
                values.add(current.toString().strip());
                current.setLength(0);
                continue;
            }
            current.append(c);
        }
        values.add(current.toString().strip());
        return values;
    }

    private static InputException bad(String problem) {
        return new InputException("--param: " + problem);
    }
}
