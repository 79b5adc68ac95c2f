package io.edgesim.engine.virtual;

import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TierSettings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/**
 * Which limiters of a scenario may be run apart from the others. Limiters share nothing (each has its own tiers,
 * exact count and events) except binding counters: every binding stage that names the same namespace counts in the
 * same store (as on Cloudflare, where Workers bound to one namespace share its counters), so such limiters must see
 * the requests together.
 */
final class LimiterGroups {

    private LimiterGroups() {
    }

    /**
     * The limiters' indices grouped so that limiters sharing a binding namespace are in one group; groups in the order
     * of their first limiter, indices ascending within a group.
     */
    static List<List<Integer>> of(List<LimiterSpec> limiters) {
        int[] group = IntStream.range(0, limiters.size()).toArray();
        Map<String, Integer> firstByNamespace = new LinkedHashMap<>();
        for (int l = 0; l < limiters.size(); l++) {
            for (StageSpec stage : limiters.get(l).stages()) {
                if (stage.tier() instanceof TierSettings.Binding binding && binding.namespace() != null
                        && !binding.namespace().isBlank()) {
                    Integer first = firstByNamespace.putIfAbsent(binding.namespace(), l);
                    if (first != null) {
                        join(group, first, l);
                    }
                }
            }
        }
        Map<Integer, List<Integer>> byRoot = new LinkedHashMap<>();
        for (int l = 0; l < limiters.size(); l++) {
            byRoot.computeIfAbsent(root(group, l), k -> new ArrayList<>()).add(l);
        }
        return new ArrayList<>(byRoot.values());
    }

    /** All {@code count} limiters in one group. */
    static List<Integer> all(int count) {
        return IntStream.range(0, count).boxed().toList();
    }

    private static int root(int[] group, int l) {
        while (group[l] != l) {
            l = group[l];
        }
        return l;
    }

    private static void join(int[] group, int a, int b) {
        int ra = root(group, a);
        int rb = root(group, b);
        group[Math.max(ra, rb)] = Math.min(ra, rb);
    }
}
