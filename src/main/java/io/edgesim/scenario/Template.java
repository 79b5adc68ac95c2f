package io.edgesim.scenario;

import java.util.List;

/**
 * A header value with placeholders: {@code {i}} becomes the client's index (0-based) and {@code {n}} that client's
 * request number (0-based), so {@code xff = "198.51.100.{n}"} sends a fresh X-Forwarded-For with every request.
 * ({@code {name}} is replaced by the population's name when the scenario is loaded.) A template without
 * placeholders expands to itself: every client shares the value.
 *
 * @param text the template as written, with {@code {name}} already replaced
 */
public record Template(String text) {

    /** The placeholders a template may hold, as written in scenario files. */
    public static final List<String> PLACEHOLDERS = List.of("{i}", "{n}", "{name}");

    public Template {
        String unknown = firstUnknownPlaceholder(text);
        if (unknown != null) {
            throw new IllegalArgumentException("unknown placeholder " + unknown);
        }
    }

    /** True when the value depends on the client or request. */
    public boolean varies() {
        return text.indexOf('{') >= 0;
    }

    /** True when the value changes from one request of a client to the next (it holds {@code {n}}). */
    public boolean perRequest() {
        return text.contains("{n}");
    }

    /** The value for client {@code clientIndex}'s request number {@code requestNumber}. */
    public String expand(int clientIndex, long requestNumber) {
        if (!varies()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 8);
        int from = 0;
        int open;
        while ((open = text.indexOf('{', from)) >= 0) {
            out.append(text, from, open);
            char placeholder = text.charAt(open + 1);
            out.append(placeholder == 'i' ? clientIndex : requestNumber);
            from = open + 3;
        }
        return out.append(text, from, text.length()).toString();
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
}
