package io.edgesim.engine.cluster;

import java.util.ArrayList;
import java.util.List;

/**
 * How the regions of a run (its PoPs, then its object homes: {@link NodeRegions}) are spread over the members a
 * coordinator starts for them, as node processes hold several regions each: region i goes to member i mod
 * {@code members}, so every member holds PoPs when there are at least as many PoPs as members, and no member holds
 * more than one region more than another.
 */
final class MemberRegions {

    private MemberRegions() {
    }

    /**
     * The regions of each member, in the order of {@code regions}.
     *
     * @param members at least 1; more members than regions gives one member per region
     */
    static List<List<String>> pack(List<String> regions, int members) {
        if (members < 1) {
            throw new IllegalArgumentException("members must be at least 1, was " + members);
        }
        int count = Math.min(members, regions.size());
        List<List<String>> packed = new ArrayList<>();
        for (int m = 0; m < count; m++) {
            packed.add(new ArrayList<>());
        }
        for (int r = 0; r < regions.size(); r++) {
            packed.get(r % count).add(regions.get(r));
        }
        return packed.stream().map(List::copyOf).toList();
    }
}
