package io.edgesim.scenario.config;

import java.util.Collection;
import java.util.List;

/**
 * The region codes an error message offers as allowed: all of them while they fit on a line, else the first
 * {@link #SHOWN} with how many there are and where the rest are listed (a world file has hundreds: one line of them
 * all would be some 2,000 characters). With the code that was written, the closest known one is suggested
 * ({@link Suggestion}), whatever the length of the list.
 */
public final class CodeList {

    /** At most this many codes are listed. */
    static final int SHOWN = 24;

    private CodeList() {
    }

    /** "FRA, AMS, SYD", or "BRU, BOD, ... (340 in all, listed in the regions file)". */
    public static String of(Collection<String> codes) {
        if (codes.size() <= SHOWN) {
            return String.join(", ", codes);
        }
        List<String> first = codes.stream().limit(SHOWN).toList();
        return String.join(", ", first) + ", ... (" + codes.size() + " in all, listed in the regions file)";
    }

    /** {@link #of} followed by "; did you mean `FRA`?" when a code is close to {@code written}. */
    public static String of(Collection<String> codes, String written) {
        return of(codes) + (written == null ? "" : Suggestion.didYouMean(written, codes));
    }
}
