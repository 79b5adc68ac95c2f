package io.edgesim.engine.cluster;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MemberRegionsTest {

    @Test
    void regionIGoesToMemberIModTheMembers() {
        assertThat(MemberRegions.pack(List.of("FRA", "AMS", "LHR", "MAD", "IAD", "SYD", "NRT"), 3)).containsExactly(
                List.of("FRA", "MAD", "NRT"), List.of("AMS", "IAD"), List.of("LHR", "SYD"));
    }

    @Test
    void moreMembersThanRegionsGivesOneMemberPerRegion() {
        assertThat(MemberRegions.pack(List.of("FRA", "SYD"), 8)).containsExactly(List.of("FRA"), List.of("SYD"));
    }

    @Test
    void oneMemberHoldsEveryRegion() {
        assertThat(MemberRegions.pack(List.of("FRA", "SYD", "IAD"), 1)).containsExactly(List.of("FRA", "SYD", "IAD"));
    }

    @Test
    void noMembersIsRefused() {
        assertThatThrownBy(() -> MemberRegions.pack(List.of("FRA"), 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
