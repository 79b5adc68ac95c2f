package io.edgesim.cli;

import io.edgesim.scenario.InputException;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.OverwrittenOptionException;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns picocli's complaints about a command line (an unknown option, a missing argument, a value of the wrong type)
 * into the one line every bad input gets: the flag, what is wrong and, where picocli knows it, what is allowed.
 */
final class ParameterErrors {

    // "Invalid value for option '--seed': " / "Invalid value for positional parameter at index 0 (SCENARIO): "
    private static final Pattern INVALID_VALUE = Pattern.compile("^Invalid value for [^:]*: ");
    private static final Pattern NOT_A_WHOLE_NUMBER = Pattern.compile("is not an? (long|int|short|byte)\\b");
    private static final Pattern NOT_A_NUMBER = Pattern.compile("is not an? (double|float)\\b");
    // digits that do not fit the option's type: "'99999999999999999999' is not a long"
    private static final Pattern WHOLE_OUT_OF_RANGE = Pattern.compile("'([-+]?\\d+)' is not an? (long|int)");
    // "cannot convert 'a<NUL>b' to interface java.nio.file.Path (java.nio.file.InvalidPathException: why)"
    private static final Pattern CANNOT_CONVERT = Pattern.compile(
            "^cannot convert '(.*)' to (?:interface |class )?(?:[\\w$]+\\.)*(\\w+) \\((?:[\\w.$]+: )?(.*)\\)$",
            Pattern.DOTALL);

    private ParameterErrors() {
    }

    /** The one line (without the "edgesim: " prefix) for {@code ex}. */
    static String describe(ParameterException ex) {
        CommandLine command = ex.getCommandLine();
        String line;
        List<String> unknownOptions = unknownOptions(command);
        if (ex instanceof MissingParameterException && !unknownOptions.isEmpty()) {
            // picocli checks what is required before what is unknown; a mistyped flag is what to fix first
            line = unmatched(command, new UnmatchedArgumentException(command, unknownOptions));
        } else if (ex instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            line = unmatched(command, unmatched);
        } else if (ex instanceof OverwrittenOptionException twice && twice.getOverwritten() != null) {
            line = name(twice.getOverwritten()) + ": given twice; allowed: once";
        } else if (ex instanceof MissingParameterException missing && !missing.getMissing().isEmpty()) {
            line = missing(command, missing);
        } else if (ex.getArgSpec() != null) {
            String problem = INVALID_VALUE.matcher(ex.getMessage()).replaceFirst("");
            Matcher outOfRange = WHOLE_OUT_OF_RANGE.matcher(problem);
            line = outOfRange.matches() ? name(ex.getArgSpec()) + ": " + outOfRange.group(1) + " is too "
                    + (outOfRange.group(1).startsWith("-") ? "small" : "large") + "; allowed: a whole number from "
                    + (outOfRange.group(2).equals("long") ? String.format(Locale.ROOT, "%,d to %,d", Long.MIN_VALUE,
                    Long.MAX_VALUE) : String.format(Locale.ROOT, "%,d to %,d", Integer.MIN_VALUE, Integer.MAX_VALUE))
                    : name(ex.getArgSpec()) + ": " + plain(problem) + allowed(ex.getArgSpec(), command);
        } else {
            line = ex.getMessage();
        }
        return oneLine(line);
    }

    // the arguments picocli set aside so far that look like options
    private static List<String> unknownOptions(CommandLine command) {
        List<String> options = new ArrayList<>();
        for (String argument : command.getUnmatchedArguments()) {
            if (argument.startsWith("-")) {
                options.add(argument);
            }
        }
        return options;
    }

    private static String unmatched(CommandLine command, UnmatchedArgumentException ex) {
        String argument = ex.getUnmatched().get(0);
        String path = commandPath(command);
        if (argument.startsWith("-")) {
            List<String> options = new ArrayList<>();
            for (OptionSpec option : command.getCommandSpec().options()) {
                options.add(option.longestName());
            }
            // the scenario language's rule (an edit or two for the length), not picocli's prefix: --decisions on
            // serve is no typo of --debug
            return argument + ": '" + path + "' has no such option" + hint(argument, options) + "; allowed: "
                    + String.join(", ", options);
        }
        if (!command.getSubcommands().isEmpty() && command.getCommandSpec().positionalParameters().isEmpty()) {
            return argument + ": '" + path + "' has no such command" + hint(argument, command.getSubcommands()
                    .keySet()) + "; allowed: " + String.join(", ", command.getSubcommands().keySet());
        }
        List<String> labels = new ArrayList<>();
        for (PositionalParamSpec positional : command.getCommandSpec().positionalParameters()) {
            labels.add(positional.paramLabel());
        }
        return "'" + argument + "': unexpected argument to '" + path + "'; allowed: "
                + (labels.isEmpty() ? "options only" : "one " + String.join(" ", labels) + " and options");
    }

    // a name an edit or two away (the scenario language's rule), else one the written text is most of the start of
    // (--lateness for --lateness-tolerance, --replicate for --replications, val for validate); not one that shares
    // only its first letters (--decisions and --debug share "--de")
    static String hint(String written, Collection<String> known) {
        String name = InputException.closest(written, known);
        if (name == null) {
            int best = 0;
            for (String candidate : known) {
                int common = 0;
                while (common < Math.min(written.length(), candidate.length())
                        && written.charAt(common) == candidate.charAt(common)) {
                    common++;
                }
                if (common > best) {
                    best = common;
                    name = candidate;
                } else if (common == best) {
                    name = null;  // two as near: neither is meant more than the other
                }
            }
            if (best < MIN_PREFIX || best < PREFIX_SHARE * written.length()) {
                name = null;
            }
        }
        return name == null ? "" : " (did you mean " + name + "?)";
    }

    private static String missing(CommandLine command, MissingParameterException ex) {
        ArgSpec arg = ex.getMissing().get(0);
        // picocli says "Missing required parameter for option '--seed' (N)" when the flag came without its value
        String what = ex.getMessage().contains("for option") ? "needs a value " + arg.paramLabel()
                : "missing; '" + commandPath(command) + "' needs it";
        return name(arg) + ": " + what + allowed(arg, command);
    }

    private static String name(ArgSpec arg) {
        return arg instanceof OptionSpec option ? option.longestName() : arg.paramLabel();
    }

    // the shortest start, and the share of what was written, that make a known name the one meant
    private static final int MIN_PREFIX = 3;
    private static final double PREFIX_SHARE = 0.75;
    // an argument's one-line help short enough to stand as what is allowed
    private static final int MAX_ALLOWED_FROM_HELP = 100;

    private static String allowed(ArgSpec arg, CommandLine command) {
        Class<?> type = arg.type();
        if (arg.completionCandidates() != null) {
            List<String> candidates = new ArrayList<>();
            arg.completionCandidates().forEach(candidates::add);
            if (!candidates.isEmpty()) {
                return "; allowed: " + String.join(", ", candidates);
            }
        }
        if (type == long.class || type == Long.class || type == int.class || type == Integer.class) {
            return "; allowed: a whole number, e.g. 42";
        }
        if (type == double.class || type == Double.class) {
            return "; allowed: a number, e.g. 0.5";
        }
        // what the argument is, when its help says it in a line ("Scenario file (HOCON), e.g. ..."), then the help
        // (a positional's: an option's help is written as what the option does, "Write the comparison to FILE")
        String[] help = arg.isPositional() ? arg.description() : new String[0];
        String what = help.length == 1 ? help[0].strip() : "";
        if (!what.isEmpty() && what.length() <= MAX_ALLOWED_FROM_HELP) {
            what = Character.toLowerCase(what.charAt(0)) + what.substring(1, what.endsWith(".") ? what.length() - 1
                    : what.length());
            return "; allowed: " + what + " (see '" + commandPath(command) + " --help')";
        }
        return "; see '" + commandPath(command) + " --help'";
    }

    private static String plain(String problem) {
        Matcher conversion = CANNOT_CONVERT.matcher(problem);
        if (conversion.matches()) {
            return "'" + conversion.group(1) + "' is not a " + conversion.group(2).toLowerCase(Locale.ROOT) + ": "
                    + conversion.group(3);
        }
        String wholeNumbers = NOT_A_WHOLE_NUMBER.matcher(problem).replaceAll("is not a whole number");
        return NOT_A_NUMBER.matcher(wholeNumbers).replaceAll("is not a number");
    }

    private static String oneLine(String text) {
        return text.strip().replaceAll("\\s*\\R\\s*", "; ");
    }

    /** "edgesim run" for the run command. */
    static String commandPath(CommandLine command) {
        StringBuilder path = new StringBuilder(command.getCommandName());
        for (CommandLine c = command.getParent(); c != null; c = c.getParent()) {
            path.insert(0, c.getCommandName() + " ");
        }
        return path.toString();
    }
}
