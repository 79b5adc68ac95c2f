package io.edgesim.scenario.config;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds a key written twice in one object literal of a HOCON text, where HOCON itself says nothing: it merges two
 * objects under the same key and lets the later of two values win, so a region listed twice in a 340-line regions
 * file would silently become one, with fields of both. Typesafe Config keeps no trace of the repetition in what it
 * parses, so this reads the text itself: comments, quoted and triple-quoted strings, substitutions, nested objects
 * and arrays, and values that run to the end of their line or to a comma.
 *
 * <p>Only the objects written directly as the value of the given top-level keys are checked ({@code regions { ... }},
 * not {@code regions.FRA { ... }} at the top level), and keys are compared as written, quotes removed. The text is
 * one the library has parsed already, so it is valid HOCON; whatever this reader does not follow ends the search
 * without a finding rather than with a wrong one.
 */
public final class RepeatedKeys {

    /**
     * A key written twice.
     *
     * @param block      the top-level key whose object holds it
     * @param key        the key, as written (quotes removed)
     * @param firstLine  the line it is first written on (1-based)
     * @param secondLine the line it is written on again
     */
    public record Repeat(String block, String key, int firstLine, int secondLine) {
    }

    private enum Kind { TEXT, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET, SEPARATOR, NEWLINE, COMMA, END }

    private record Token(Kind kind, String text, int line) {
    }

    private final List<Token> tokens;
    private int at;

    private RepeatedKeys(List<Token> tokens) {
        this.tokens = tokens;
    }

    /** The first key written twice in the object of one of {@code blocks}, in text order, or null when there is none. */
    public static Repeat first(String text, Set<String> blocks) {
        List<Token> tokens = tokens(text);
        if (tokens == null) {
            return null;
        }
        try {
            return new RepeatedKeys(tokens).root(blocks);
        } catch (IllegalStateException notFollowed) {
            return null;
        }
    }

    // the top level: an object with or without its braces
    private Repeat root(Set<String> blocks) {
        skipBlank();
        boolean braced = peek().kind() == Kind.OPEN_BRACE;
        if (braced) {
            at++;
        }
        return object(blocks, null);
    }

    // the fields of an object up to its closing brace (or the end of the text); checks the keys of this object when
    // block names it, and the objects of the keys in blocks when blocks is not null (the top level)
    private Repeat object(Set<String> blocks, String block) {
        Map<String, Integer> seen = new HashMap<>();
        Repeat found = null;
        while (true) {
            skipBlank();
            Token next = peek();
            if (next.kind() == Kind.CLOSE_BRACE || next.kind() == Kind.END) {
                at++;
                return found;
            }
            Token first = next;
            StringBuilder key = new StringBuilder();
            while (peek().kind() == Kind.TEXT) {
                key.append(take().text());
            }
            if (key.isEmpty()) {
                throw new IllegalStateException("not a key");
            }
            String written = key.toString();
            if (written.startsWith("include") && peek().kind() != Kind.SEPARATOR && peek().kind() != Kind.OPEN_BRACE) {
                continue;
            }
            if (peek().kind() == Kind.SEPARATOR) {
                at++;
            }
            if (block != null && found == null) {
                Integer earlier = seen.putIfAbsent(written, first.line());
                if (earlier != null) {
                    found = new Repeat(block, written, earlier, first.line());
                }
            }
            boolean checked = blocks != null && blocks.contains(written);
            Repeat inside = value(checked ? written : null);
            if (found == null) {
                found = inside;
            }
        }
    }

    // a value up to the end of its line, a comma or the closing brace of its object; an object value that is the
    // whole value of a checked block has its keys checked
    private Repeat value(String block) {
        Repeat found = null;
        boolean first = true;
        while (true) {
            Token next = peek();
            switch (next.kind()) {
                case NEWLINE, COMMA, CLOSE_BRACE, CLOSE_BRACKET, END -> {
                    return found;
                }
                case OPEN_BRACE -> {
                    at++;
                    Repeat inside = object(null, first ? block : null);
                    found = found == null ? inside : found;
                }
                case OPEN_BRACKET -> {
                    at++;
                    array();
                }
                default -> at++;
            }
            first = false;
        }
    }

    private void array() {
        while (true) {
            Token next = take();
            switch (next.kind()) {
                case CLOSE_BRACKET -> {
                    return;
                }
                case OPEN_BRACE -> object(null, null);
                case OPEN_BRACKET -> array();
                case END -> throw new IllegalStateException("unclosed array");
                default -> {
                }
            }
        }
    }

    private void skipBlank() {
        while (peek().kind() == Kind.NEWLINE || peek().kind() == Kind.COMMA) {
            at++;
        }
    }

    private Token peek() {
        return tokens.get(at);
    }

    private Token take() {
        return tokens.get(at++);
    }

    // the text as tokens (whitespace within a line dropped), or null for text this reader does not follow
    private static List<Token> tokens(String text) {
        List<Token> out = new ArrayList<>();
        int line = 1;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\n') {
                out.add(new Token(Kind.NEWLINE, "\n", line++));
                i++;
            } else if (c == '#' || c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (Character.isWhitespace(c) || c == '\uFEFF') {
                i++;
            } else if (c == '{' || c == '}' || c == '[' || c == ']' || c == ',') {
                Kind kind = switch (c) {
                    case '{' -> Kind.OPEN_BRACE;
                    case '}' -> Kind.CLOSE_BRACE;
                    case '[' -> Kind.OPEN_BRACKET;
                    case ']' -> Kind.CLOSE_BRACKET;
                    default -> Kind.COMMA;
                };
                out.add(new Token(kind, String.valueOf(c), line));
                i++;
            } else if (c == '=' || c == ':') {
                out.add(new Token(Kind.SEPARATOR, String.valueOf(c), line));
                i++;
            } else if (c == '+' && i + 1 < n && text.charAt(i + 1) == '=') {
                out.add(new Token(Kind.SEPARATOR, "+=", line));
                i += 2;
            } else if (text.startsWith("\"\"\"", i)) {
                int end = text.indexOf("\"\"\"", i + 3);
                if (end < 0) {
                    return null;
                }
                while (end + 3 < n && text.charAt(end + 3) == '"') {
                    end++;
                }
                String body = text.substring(i + 3, end);
                out.add(new Token(Kind.TEXT, body, line));
                line += (int) body.chars().filter(ch -> ch == '\n').count();
                i = end + 3;
            } else if (c == '"') {
                StringBuilder body = new StringBuilder();
                int j = i + 1;
                while (j < n && text.charAt(j) != '"') {
                    if (text.charAt(j) == '\n') {
                        return null;
                    }
                    if (text.charAt(j) == '\\' && j + 1 < n) {
                        j++;
                    }
                    body.append(text.charAt(j));
                    j++;
                }
                if (j >= n) {
                    return null;
                }
                out.add(new Token(Kind.TEXT, body.toString(), line));
                i = j + 1;
            } else if (c == '$' && i + 1 < n && text.charAt(i + 1) == '{') {
                int end = text.indexOf('}', i);
                if (end < 0) {
                    return null;
                }
                out.add(new Token(Kind.TEXT, text.substring(i, end + 1), line));
                i = end + 1;
            } else {
                int j = i;
                while (j < n && !Character.isWhitespace(text.charAt(j)) && "{}[],=:\"#$".indexOf(text.charAt(j)) < 0
                        && !text.startsWith("//", j) && !text.startsWith("+=", j)) {
                    j++;
                }
                if (j == i) {
                    return null;
                }
                out.add(new Token(Kind.TEXT, text.substring(i, j), line));
                i = j;
            }
        }
        out.add(new Token(Kind.END, "", line));
        return out;
    }
}
