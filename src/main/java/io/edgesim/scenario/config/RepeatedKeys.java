package io.edgesim.scenario.config;

import io.edgesim.scenario.InputException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Finds a key written twice in one object literal of a HOCON text, where HOCON itself says nothing: it merges two
 * objects under the same key and lets the later of two values win, so a region listed twice in a 340-line regions
 * file would silently become one, with fields of both. Typesafe Config keeps no trace of the repetition in what it
 * parses, so this reads the text itself: comments, quoted and triple-quoted strings, substitutions, nested objects
 * and arrays, and values that run to the end of their line or to a comma.
 *
 * <p>Checked, for the top-level keys asked for: the object written directly as the key's value
 * ({@code regions { ... }}), two literals of one key in a file counting as one object as HOCON merges them (unless the
 * key is set to something else, null say, in between), and the keys written into it by a top-level path in the same
 * file ({@code rtt-ms.FRA-AMS = 7}, {@code regions.BRU.lat = 50.9}: each names the key after its first dot); or each
 * entry of the list that is its value ({@code clients = [ { ... } ]}; objects side by side on one line of the list are
 * one entry); and the objects inside those, where one object never means to say a setting twice. Keys are compared as
 * written, quotes and backslashes removed. A checked key given a list of entries twice at the top level is a repeat
 * too (the second replaces the first whole; an empty list or another value in between clears it, as meant). Keys
 * repeated elsewhere (a top-level setting written again to override it, a file included and then changed) are HOCON
 * as meant and not checked. The text is one the library has parsed already,
 * so it is valid HOCON (a value may start on the line after its separator, an object on the line after its key);
 * whatever this reader does not follow ends the search without a finding rather than with a wrong one.
 */
public final class RepeatedKeys {

    /**
     * A key written twice.
     *
     * @param where      the object that holds it: a top-level key ("regions"), or an entry of a list and the objects
     *                   in it ("clients[1]", "limiters[0].placement"), counted from 0 in this text
     * @param key        the key, as written (quotes removed)
     * @param firstLine  the line it is first written on (1-based)
     * @param secondLine the line it is written on again
     * @param merged     whether the second value is an object, which HOCON merges with the first (else the second
     *                   replaces the first)
     */
    public record Repeat(String where, String key, int firstLine, int secondLine, boolean merged) {

        /**
         * "regions.FRA", "clients[1].rate", "limiters" (a top-level list written twice): the setting as messages name
         * it.
         */
        public String setting() {
            return where.isEmpty() ? key : where + "." + key;
        }
    }

    private enum Kind { TEXT, OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET, SEPARATOR, NEWLINE, COMMA, END }

    // quoted: text that was in quotes, whose dots do not separate the segments of a path
    private record Token(Kind kind, String text, int line, boolean quoted) {

        Token(Kind kind, String text, int line) {
            this(kind, text, line, false);
        }
    }

    private final List<Token> tokens;
    private int at;

    private RepeatedKeys(List<Token> tokens) {
        this.tokens = tokens;
    }

    /**
     * The first key written twice, in text order, in the object or in an entry of the list that a top-level key of
     * {@code checked} holds (or in an object inside those), or null when there is none.
     */
    public static Repeat first(String text, Set<String> checked) {
        List<Token> tokens = tokens(text);
        if (tokens == null) {
            return null;
        }
        try {
            return new RepeatedKeys(tokens).root(checked);
        } catch (IllegalStateException notFollowed) {
            return null;
        }
    }

    /**
     * Fails with an {@link InputException} on the first key written twice ({@link #first}) in one of {@code files}
     * (each read as a file of its own: a file included inside an object is read as a top level, so its repeats are
     * not found): "r.conf: regions.FRA: written twice, on lines 2 and 4 (HOCON would silently merge the two);
     * allowed: each region once", {@code allowed} saying what is allowed for the repeat found. To be called once the
     * files have parsed ({@link HoconSource#parseFile(Path, Set, Function)}).
     */
    static void reject(List<Path> files, Set<String> checked, Function<Repeat, String> allowed) {
        for (Path written : files) {
            String text;
            try {
                text = Files.readString(written);
            } catch (IOException | UncheckedIOException e) {
                continue;  // parsed a moment ago: if it cannot be read now, the next parse says so
            }
            Repeat repeat = first(text, checked);
            if (repeat != null) {
                throw InputException.at(written.toString(), repeat.setting(), "written twice, on lines "
                        + repeat.firstLine() + " and " + repeat.secondLine() + " (HOCON would silently "
                        + (repeat.merged() ? "merge the two" : "keep the later") + "); allowed: "
                        + allowed.apply(repeat));
            }
        }
    }

    // the top level: an object with or without its braces
    private Repeat root(Set<String> checked) {
        skipBlank();
        boolean braced = peek().kind() == Kind.OPEN_BRACE;
        if (braced) {
            at++;
        }
        return object(new Scope(checked, new HashMap<>(), new HashMap<>()), null, false, new Written());
    }

    // what the top level checks, and the keys written so far in each checked object: two literals of one key's object
    // in a file are merged by HOCON as one (unless the key is set to something else, null say, in between)
    // and the line each checked key was last given a list on (limiters = [ ... ] written twice keeps the later alone)
    private record Scope(Set<String> checked, Map<String, Written> blockKeys, Map<String, Integer> lists) {
    }

    // where a key or a path (FRA.city, as its segments) was first written, and whether its value was an object
    // (HOCON merges two objects, else the later replaces the earlier)
    private record Seen(List<String> path, int line, boolean object) {
    }

    // the keys and paths written in one object: writing a key again, or a path into it, or the same path again, is a
    // repeat; two paths to different fields of one key (AMS.lat, AMS.lon) are not
    private static final class Written {

        private final Map<String, List<Seen>> byKey = new HashMap<>();

        Repeat write(String where, List<String> path, int line, boolean object) {
            List<Seen> earlier = byKey.computeIfAbsent(path.get(0), k -> new ArrayList<>());
            Repeat found = null;
            for (Seen seen : earlier) {
                if (within(seen.path(), path) || within(path, seen.path())) {
                    boolean earlierShorter = seen.path().size() <= path.size();
                    boolean merged = seen.path().equals(path) ? seen.object() && object
                            : earlierShorter ? seen.object() : object;
                    found = new Repeat(where, String.join(".", earlierShorter ? seen.path() : path), seen.line(),
                            line, merged);
                    break;
                }
            }
            earlier.add(new Seen(path, line, object));
            return found;
        }

        // whether path is outer or a path inside it
        private static boolean within(List<String> outer, List<String> path) {
            return path.size() >= outer.size() && path.subList(0, outer.size()).equals(outer);
        }
    }

    // the fields of an object up to its closing brace (or the end of the text), its keys recorded in seen. With top
    // (the top level), the objects and lists of its checked keys are checked; else the keys of this object are
    // checked when where names it, and those of the objects in it too when deep
    private Repeat object(Scope top, String where, boolean deep, Written seen) {
        Repeat found = null;
        while (true) {
            skipBlank();
            Token next = peek();
            if (next.kind() == Kind.CLOSE_BRACE || next.kind() == Kind.END) {
                at++;
                return found;
            }
            Token first = next;
            List<String> path = keyPath();
            String written = String.join(".", path);
            if (written.startsWith("include") && peek().kind() != Kind.SEPARATOR && peek().kind() != Kind.OPEN_BRACE) {
                continue;
            }
            // HOCON lets a key's object start on the next line, and a value follow its separator on the next line
            if (nextAfterNewlines().kind() == Kind.OPEN_BRACE) {
                skipNewlines();
            }
            boolean append = false;
            if (peek().kind() == Kind.SEPARATOR) {
                append = take().text().equals("+=");
                skipNewlines();
            }
            // X = ${X} { ... } (or ${?X}) at the top level merges the object into X's earlier value, as X { ... } does
            boolean selfMerge = top != null && peek().kind() == Kind.TEXT && !peek().quoted()
                    && (peek().text().equals("${" + written + "}") || peek().text().equals("${?" + written + "}"))
                    && tokens.get(at + 1).kind() == Kind.OPEN_BRACE;
            if (selfMerge) {
                at++;
            }
            boolean object = peek().kind() == Kind.OPEN_BRACE;
            if (where != null && found == null) {
                found = seen.write(where, path, first.line(), object);
            }
            String section = top == null ? null : path.get(0);
            boolean checked = top != null && top.checked().contains(section);
            Repeat inside;
            if (top == null) {
                String inner = deep ? where + "." + written : null;
                inside = value(inner, deep, inner, new Written());
            } else if (checked && append) {
                // clients += { ... }: one more entry of the list, checked as one
                inside = value(written, true, null, new Written());
            } else if (checked && path.size() == 1 && object) {
                inside = value(written, true, null, top.blockKeys().computeIfAbsent(written, b -> new Written()));
            } else if (checked && path.size() > 1) {
                Repeat repeat = top.blockKeys().computeIfAbsent(section, b -> new Written()).write(section,
                        path.subList(1, path.size()), first.line(), object);
                // an object written through the path has its keys checked as the block's would be
                Repeat within = value(written, true, written, new Written());
                inside = repeat == null ? within : repeat;
            } else {
                top.blockKeys().remove(written);
                Repeat list = null;
                if (checked && path.size() == 1) {
                    // a second list of entries replaces the first whole; an empty list or null in between clears it
                    // as meant
                    boolean filled = peek().kind() == Kind.OPEN_BRACKET && !emptyList();
                    Integer before = filled ? top.lists().put(written, first.line()) : top.lists().remove(written);
                    if (before != null && filled) {
                        list = new Repeat("", written, before, first.line(), false);
                    }
                }
                inside = value(null, false, checked ? written : null, new Written());
                if (list != null) {
                    inside = list;
                }
            }
            if (found == null) {
                found = inside;
            }
        }
    }

    // whether the list at the current token is [ ] (blank lines and comments inside it aside)
    private boolean emptyList() {
        int i = at + 1;
        while (tokens.get(i).kind() == Kind.NEWLINE) {
            i++;
        }
        return tokens.get(i).kind() == Kind.CLOSE_BRACKET;
    }

    // the key at the current token, as its segments: dots outside quotes separate them ("a.b".c is [a.b, c])
    private List<String> keyPath() {
        List<String> path = new ArrayList<>();
        StringBuilder segment = new StringBuilder();
        boolean any = false;
        while (peek().kind() == Kind.TEXT) {
            Token part = take();
            any = true;
            if (part.quoted()) {
                segment.append(part.text());
                continue;
            }
            for (char c : part.text().toCharArray()) {
                if (c == '.') {
                    path.add(segment.toString());
                    segment.setLength(0);
                } else {
                    segment.append(c);
                }
            }
        }
        if (!any) {
            throw new IllegalStateException("not a key");
        }
        path.add(segment.toString());
        return path;
    }

    // a value up to the end of its line, a comma or the closing brace of its object. An object that is the whole
    // value has its keys checked when where is not null (into seen; and those of the objects in it when deep); the
    // objects in an array that is the whole value are checked, deep, when list is not null
    private Repeat value(String where, boolean deep, String list, Written seen) {
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
                    Repeat inside = first ? object(null, where, deep, seen) : object(null, null, false, seen);
                    found = found == null ? inside : found;
                }
                case OPEN_BRACKET -> {
                    at++;
                    Repeat inside = array(first ? list : null);
                    found = found == null ? inside : found;
                }
                default -> at++;
            }
            first = false;
        }
    }

    // the elements of an array up to its closing bracket; the objects of each element checked, deep, when list names
    // it. An element ends at a comma or a line end: objects side by side on one line are one element, merged
    private Repeat array(String list) {
        Repeat found = null;
        int index = -1;
        boolean inElement = false;
        Written seen = new Written();
        while (true) {
            Token next = take();
            if (!inElement && (next.kind() == Kind.TEXT || next.kind() == Kind.OPEN_BRACE
                    || next.kind() == Kind.OPEN_BRACKET)) {
                inElement = true;
                index++;
                seen = new Written();
            }
            switch (next.kind()) {
                case CLOSE_BRACKET -> {
                    return found;
                }
                case COMMA, NEWLINE -> inElement = false;
                case OPEN_BRACE -> {
                    Repeat inside = object(null, list == null ? null : list + "[" + index + "]", list != null, seen);
                    found = found == null ? inside : found;
                }
                case OPEN_BRACKET -> array(null);
                case END -> throw new IllegalStateException("unclosed array");
                default -> {
                }
            }
        }
    }

    private Token nextAfterNewlines() {
        int i = at;
        while (tokens.get(i).kind() == Kind.NEWLINE) {
            i++;
        }
        return tokens.get(i);
    }

    private void skipNewlines() {
        while (peek().kind() == Kind.NEWLINE) {
            at++;
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
                out.add(new Token(Kind.TEXT, body, line, true));
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
                out.add(new Token(Kind.TEXT, body.toString(), line, true));
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
