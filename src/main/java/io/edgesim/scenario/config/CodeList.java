package io.edgesim.scenario.config;

import java.util.Collection;
import java.util.List;

/**
 * The region codes an error message offers as allowed: all of them up to {@link #SHOWN}, else the first
 * {@link #SHOWN} and how many there are (a world file has hundreds: one line of them all would be some 2,000
 * characters). With the code that was written, the closest known one is suggested
 * ({@link Suggestion}), whatever the length of the list.
 */
public final class CodeList {

    /** At most this many codes are listed. */
    static final int SHOWN = 24;

    private CodeList() {
    }

    /** "FRA, AMS, SYD", or "BRU, BOD, ... (340 in all)". */
    public static String of(Collection<String> codes) {
        if (codes.size() <= SHOWN) {
            return String.join(", ", codes);
        }
        List<String> first = codes.stream().limit(SHOWN).toList();
        return String.join(", ", first) + ", ... (" + codes.size() + " in all)";
    }

    /** {@link #of} followed by {@link #suggestion}. */
    public static String of(Collection<String> codes, String written) {
        return of(codes) + suggestion(written, codes);
    }

    /** "; did you mean `FRA`?" when a code of {@code codes} is close to {@code written}, else "". */
    public static String suggestion(String written, Collection<String> codes) {
        return written == null ? "" : Suggestion.didYouMean(written, codes);
    }
}
