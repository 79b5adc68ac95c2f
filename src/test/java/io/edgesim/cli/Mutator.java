package io.edgesim.cli;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Seeded mutations of valid inputs for {@link CliFuzzTest}: characters and lines deleted, duplicated or swapped,
 * numbers replaced by extreme values, truncation, bytes that are not UTF-8, deep nesting; and the same for the
 * tokens of a command line. The same seed gives the same mutations, and each says what it did, so that a failure
 * can be replayed.
 */
final class Mutator {

    /** Values a number is replaced with: the edges of int, long and double, and what is no number at all. */
    static final List<String> EXTREMES = List.of("0", "-1", "1e400", "-1e400", "1e-400", "NaN", "Infinity", "-0",
            "2147483648", "9223372036854775807", "9223372036854775808", "99999999999999999999999999", "0.0000001",
            "1e18", "-9223372036854775808", "");

    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");
    private static final String[] NOT_UTF8 = {"\u00ff", "\u00c3", "\u0080", "\u00ed\u00a0\u0080", "\u00fe\u00ff"};
    private static final String[] ODD = {"\"", "{", "}", "[", "]", "=", "\\", "$", "${x}", ",", "\n", "\u0000", "#",
            "\"\"\"", ":", "\t", "\r", "\\u0000", "\\r", "\\n", "\\\"", "\\ud800"};
    private static final String[] ODD_ARGS = {"\u0000", "\uD800", "\uFFFD", " ", "=", "-", "--", "\n", "é", "../"};

    /** A mutated input and what was done to it. */
    record Mutation(byte[] bytes, String description) {
    }

    /** Which kinds of input a file is, for the nesting its syntax allows. */
    enum Syntax { HOCON, CSV, JSON_LINES }

    private final Random random;

    Mutator(long seed) {
        this.random = new Random(seed);
    }

    /**
     * One to three mutations of {@code input}. {@code extremes} allows numbers to be replaced by extreme values and
     * deep nesting.
     */
    Mutation mutate(byte[] input, Syntax syntax, boolean extremes) {
        // ISO-8859-1 maps each byte to one char and back: mutations may split a UTF-8 sequence, as they should
        String text = new String(input, StandardCharsets.ISO_8859_1);
        List<String> done = new ArrayList<>();
        int count = 1 + random.nextInt(3);
        for (int i = 0; i < count; i++) {
            text = once(text, syntax, extremes, done);
        }
        return new Mutation(text.getBytes(StandardCharsets.ISO_8859_1), String.join("; ", done));
    }

    private String once(String text, Syntax syntax, boolean extremes, List<String> done) {
        int kinds = extremes ? 12 : 9;
        int kind = random.nextInt(kinds);
        if (text.isEmpty()) {
            done.add("insert into empty");
            return pick(ODD);
        }
        int at = random.nextInt(text.length());
        switch (kind) {
            case 0 -> {
                done.add("delete char " + at);
                return text.substring(0, at) + text.substring(at + 1);
            }
            case 1 -> {
                done.add("duplicate char " + at);
                return text.substring(0, at + 1) + text.substring(at);
            }
            case 2 -> {
                if (at + 1 >= text.length()) {
                    done.add("nothing to swap");
                    return text;
                }
                done.add("swap chars " + at);
                return text.substring(0, at) + text.charAt(at + 1) + text.charAt(at) + text.substring(at + 2);
            }
            case 3, 4, 5 -> {
                return lines(text, kind, done);
            }
            case 6 -> {
                done.add("truncate at " + at);
                return text.substring(0, at);
            }
            case 7 -> {
                String bytes = pick(NOT_UTF8);
                done.add("insert non-UTF-8 at " + at);
                return text.substring(0, at) + bytes + text.substring(at);
            }
            case 8 -> {
                String odd = pick(ODD);
                done.add("insert " + printable(odd) + " at " + at);
                return text.substring(0, at) + odd + text.substring(at);
            }
            case 9, 10 -> {
                return number(text, done);
            }
            default -> {
                return nest(text, syntax, done);
            }
        }
    }

    private String lines(String text, int kind, List<String> done) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int i = random.nextInt(lines.size());
        switch (kind) {
            case 3 -> {
                done.add("delete line " + (i + 1));
                lines.remove(i);
            }
            case 4 -> {
                done.add("duplicate line " + (i + 1));
                lines.add(i, lines.get(i));
            }
            default -> {
                int j = random.nextInt(lines.size());
                done.add("swap lines " + (i + 1) + " and " + (j + 1));
                String line = lines.get(i);
                lines.set(i, lines.get(j));
                lines.set(j, line);
            }
        }
        return String.join("\n", lines);
    }

    private String number(String text, List<String> done) {
        Matcher matcher = NUMBER.matcher(text);
        List<int[]> spans = new ArrayList<>();
        while (matcher.find()) {
            spans.add(new int[]{matcher.start(), matcher.end()});
        }
        if (spans.isEmpty()) {
            done.add("no number to replace");
            return text;
        }
        int[] span = spans.get(random.nextInt(spans.size()));
        String extreme = pick(EXTREMES.toArray(String[]::new));
        done.add("number '" + text.substring(span[0], span[1]) + "' at " + span[0] + " -> '" + extreme + "'");
        return text.substring(0, span[0]) + extreme + text.substring(span[1]);
    }

    // deeper than any parser's recursion should be allowed to go on a thread's stack
    private String nest(String text, Syntax syntax, List<String> done) {
        int depth = 2_000 + random.nextInt(8_000);
        String nested = switch (syntax) {
            case HOCON -> random.nextBoolean() ? "\nnest = " + "[".repeat(depth) + "]".repeat(depth) + "\n"
                    : "\nnest = " + "{ a = ".repeat(depth) + "1" + " }".repeat(depth) + "\n";
            case JSON_LINES -> "\n{\"EdgeStartTimestamp\":1700000000000000000,\"EdgeColoCode\":\"FRA\","
                    + "\"RequestHeaders\":" + "{\"a\":".repeat(depth) + "1" + "}".repeat(depth + 1) + "\n";
            case CSV -> "\n" + "\"".repeat(depth) + "," + "(".repeat(depth) + "\n";
        };
        int lineStart = text.lastIndexOf('\n', random.nextInt(text.length()));
        int at = lineStart < 0 ? text.length() : lineStart;
        done.add("nest " + depth + " deep at " + at);
        return text.substring(0, at) + nested + text.substring(at);
    }

    /**
     * One to three mutations of a command line's tokens: a token deleted, duplicated, swapped with another,
     * replaced by an extreme value or a known flag, a token's characters changed, the line truncated. Tokens at
     * {@code keep} (paths) are never changed inside or replaced, so that every output stays in the test's folder.
     */
    List<String> mutateArgs(List<String> args, List<Integer> keep, List<String> flags, List<String> done) {
        List<String> tokens = new ArrayList<>(args);
        List<Boolean> kept = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            kept.add(keep.contains(i));
        }
        int count = 1 + random.nextInt(3);
        for (int n = 0; n < count && !tokens.isEmpty(); n++) {
            int i = random.nextInt(tokens.size());
            switch (random.nextInt(7)) {
                case 0 -> {
                    done.add("delete " + printable(tokens.get(i)));
                    tokens.remove(i);
                    kept.remove(i);
                }
                case 1 -> {
                    done.add("duplicate " + printable(tokens.get(i)));
                    tokens.add(i, tokens.get(i));
                    kept.add(i, kept.get(i));
                }
                case 2 -> {
                    int j = random.nextInt(tokens.size());
                    done.add("swap " + printable(tokens.get(i)) + " and " + printable(tokens.get(j)));
                    String token = tokens.get(i);
                    tokens.set(i, tokens.get(j));
                    tokens.set(j, token);
                    boolean k = kept.get(i);
                    kept.set(i, kept.get(j));
                    kept.set(j, k);
                }
                case 3 -> {
                    int end = random.nextInt(tokens.size());
                    done.add("truncate to " + end + " tokens");
                    tokens.subList(end, tokens.size()).clear();
                    kept.subList(end, kept.size()).clear();
                }
                case 4 -> {
                    String flag = flags.get(random.nextInt(flags.size()));
                    done.add("insert " + flag + " at " + i);
                    tokens.add(i, flag);
                    kept.add(i, false);
                }
                default -> {
                    if (kept.get(i)) {
                        done.add("left path " + printable(tokens.get(i)));
                    } else {
                        String before = tokens.get(i);
                        tokens.set(i, mutateToken(before));
                        done.add("token " + printable(before) + " -> " + printable(tokens.get(i)));
                    }
                }
            }
        }
        return tokens;
    }

    private String mutateToken(String token) {
        int kind = random.nextInt(5);
        if (kind == 0 || token.isEmpty()) {
            return pick(EXTREMES.toArray(String[]::new));
        }
        int at = random.nextInt(token.length());
        return switch (kind) {
            case 1 -> token.substring(0, at) + token.substring(at + 1);
            case 2 -> token.substring(0, at + 1) + token.substring(at);
            case 3 -> token.substring(0, at) + pick(ODD_ARGS) + token.substring(at);
            default -> {
                Matcher matcher = NUMBER.matcher(token);
                yield matcher.find() ? token.substring(0, matcher.start())
                        + pick(EXTREMES.toArray(String[]::new)) + token.substring(matcher.end())
                        : token.substring(0, at) + pick(ODD_ARGS) + token.substring(at);
            }
        };
    }

    private String pick(String[] choices) {
        return choices[random.nextInt(choices.length)];
    }

    static String printable(String text) {
        StringBuilder out = new StringBuilder("'");
        for (char c : text.toCharArray()) {
            out.append(c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("\\u%04x", (int) c));
            if (out.length() > 60) {
                return out.append("...'").toString();
            }
        }
        return out.append('\'').toString();
    }
}
