package io.edgesim.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * A header value with placeholders: {@code {i}} becomes the client's index (0-based) and {@code {n}} that client's
 * request number (0-based), so {@code xff = "198.51.100.{n}"} sends a fresh X-Forwarded-For with every request.
 * ({@code {name}} is replaced by the population's name when the scenario is loaded.) A template without
 * placeholders expands to itself: every client shares the value.
 *
 * <p>The text is split into its literal parts and placeholders once, here, because a value that no limiter keys on
 * is expanded for every request (see {@code io.edgesim.traffic.ClientSources}: a million clients should not each hold
 * a string), ten million times in a long run; {@link #expand} then only joins the parts. A template with a single
 * placeholder, the usual kind ({@code "{name}-{i}"}, {@code "198.51.100.{n}"}), is joined in one string
 * concatenation, which sizes and fills the result directly.
 *
 * <p>Compared, hashed and shown by its text alone.
 */
public final class Template {

    /** The placeholders a template may hold, as written in scenario files. */
    public static final List<String> PLACEHOLDERS = List.of("{i}", "{n}", "{name}");

    private final String text;
    // the text between the placeholders, one more than there are placeholders (empty where two touch or at an end)
    private final String[] literals;
    // per placeholder, in order: true for {n} (the request number), false for {i} (the client index)
    private final boolean[] requestNumberAt;
    private final boolean perRequest;

    /** @param text the template as written, with {@code {name}} already replaced */
    public Template(String text) {
        String unknown = firstUnknownPlaceholder(text);
        if (unknown != null) {
            throw new IllegalArgumentException("unknown placeholder " + unknown);
        }
        this.text = text;
        List<String> parts = new ArrayList<>();
        StringBuilder kinds = new StringBuilder();
        int from = 0;
        int open;
        while ((open = text.indexOf('{', from)) >= 0) {
            parts.add(text.substring(from, open));
            kinds.append(text.charAt(open + 1));
            from = open + 3;
        }
        parts.add(text.substring(from));
        this.literals = parts.toArray(String[]::new);
        this.requestNumberAt = new boolean[kinds.length()];
        for (int p = 0; p < requestNumberAt.length; p++) {
            requestNumberAt[p] = kinds.charAt(p) == 'n';
        }
        this.perRequest = kinds.indexOf("n") >= 0;
    }

    /** The template as written, with {@code {name}} already replaced. */
    public String text() {
        return text;
    }

    /** True when the value depends on the client or request. */
    public boolean varies() {
        return requestNumberAt.length > 0;
    }

    /** True when the value changes from one request of a client to the next (it holds {@code {n}}). */
    public boolean perRequest() {
        return perRequest;
    }

    /** The value for client {@code clientIndex}'s request number {@code requestNumber}. */
    public String expand(int clientIndex, long requestNumber) {
        switch (requestNumberAt.length) {
            case 0:
                return text;
            case 1:
                return literals[0] + (requestNumberAt[0] ? requestNumber : clientIndex) + literals[1];
            default:
                StringBuilder out = new StringBuilder(text.length() + 8 * requestNumberAt.length);
                out.append(literals[0]);
                for (int p = 0; p < requestNumberAt.length; p++) {
                    out.append(requestNumberAt[p] ? requestNumber : clientIndex).append(literals[p + 1]);
                }
                return out.toString();
        }
    }

    /**
     * The first {@code {...}} in {@code text} that is not {@code {i}} or {@code {n}} (an unclosed brace counts),
     * or null when there is none.
     */
    static String firstUnknownPlaceholder(String text) {
        int open = text.indexOf('{');
        while (open >= 0) {
            int close = text.indexOf('}', open);
            String found = close < 0 ? text.substring(open) : text.substring(open, close + 1);
            if (!found.equals("{i}") && !found.equals("{n}")) {
                return found;
            }
            open = text.indexOf('{', close);
        }
        return null;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Template t && t.text.equals(text);
    }

    @Override
    public int hashCode() {
        return text.hashCode();
    }

    @Override
    public String toString() {
        return "Template[text=" + text + "]";
    }
}
