package io.edgesim.scenario.config;

import java.util.Collection;
import java.util.Locale;

/**
 * The "did you mean" of an unknown name: the known name closest to it by Damerau-Levenshtein distance (the optimal
 * string alignment variant: an insertion, a deletion, a substitution or a swap of two neighbouring characters each
 * count 1), compared without case. A name is suggested only when it is close for the length of what was written: at
 * most 1 edit for up to 5 characters, 2 for 6 to 8, 3 from 9 on; and only with the same digits, as a number in a
 * name means something ({@code p95} is another percentile, not a typo of {@code p99}). On a tie the one listed first
 * wins.
 */
public final class Suggestion {

    private Suggestion() {
    }

    /** The known name closest to {@code written}, or null when none is close enough. */
    public static String closest(String written, Collection<String> known) {
        int limit = Math.min(3, Math.max(1, written.length() / 3));
        String best = null;
        int bestDistance = limit + 1;
        for (String name : known) {
            // names whose lengths differ by more than the limit are further apart than it
            if (name.equals(written) || Math.abs(name.length() - written.length()) > limit
                    || !digits(name).equals(digits(written))) {
                continue;
            }
            int d = distance(written.toLowerCase(Locale.ROOT), name.toLowerCase(Locale.ROOT));
            if (d < bestDistance) {
                best = name;
                bestDistance = d;
            }
        }
        return best;
    }

    /** "; did you mean `pops-per-key`?" for a close name, else "". */
    public static String didYouMean(String written, Collection<String> known) {
        String name = closest(written, known);
        return name == null ? "" : "; did you mean `" + name + "`?";
    }

    private static String digits(String name) {
        return name.replaceAll("\\D", "");
    }

    /** The optimal string alignment distance between {@code a} and {@code b}. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int best = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    best = Math.min(best, d[i - 2][j - 2] + 1);
                }
                d[i][j] = best;
            }
        }
        return d[a.length()][b.length()];
    }
}
