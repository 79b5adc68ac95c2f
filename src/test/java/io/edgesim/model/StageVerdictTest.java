package io.edgesim.model;

import io.edgesim.model.algorithm.Decision;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StageVerdictTest {

    @Test
    void holdsTheAnswersAStageResultGives() {
        Decision allowed = new Decision(true, 4, 0, 60);
        Decision refused = new Decision(false, 0, 7, 60);
        StageVerdict verdict = new StageVerdict();

        verdict.of(allowed, 5);
        assertThat(verdict.result()).isEqualTo(StageResult.of(allowed, 5));
        assertThat(verdict.passes()).isTrue();

        verdict.of(refused, 3);
        assertThat(verdict.result()).isEqualTo(StageResult.of(refused, 3));
        assertThat(verdict.passes()).isFalse();
        assertThat(verdict.retryAfterNanos()).isEqualTo(7);

        verdict.failed(true, refused, 2, "overloaded");
        assertThat(verdict.result()).isEqualTo(StageResult.failed(true, refused, 2, "overloaded"));
        assertThat(verdict.passes()).as("failed open").isTrue();

        verdict.failed(false, allowed, 0, "kv-write-rate");
        assertThat(verdict.passes()).as("failed closed").isFalse();
        assertThat(verdict.error()).isEqualTo("kv-write-rate");
    }

    @Test
    void takesAResultWholeAndGivesItBack() {
        StageResult result = StageResult.failed(true, new Decision(false, 1, 9, 30), 4, "overloaded");
        StageVerdict verdict = new StageVerdict();
        verdict.of(new Decision(true, 8, 0, 0), 0);
        verdict.of(result);

        assertThat(verdict.result()).isEqualTo(result);
        assertThat(verdict.remaining()).isEqualTo(1);
        assertThat(verdict.decision()).isEqualTo(result.decision());
    }
}
