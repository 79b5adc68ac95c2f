package io.edgesim.model.tier;

import io.edgesim.model.Outcome;
import io.edgesim.model.StageResult;
import io.edgesim.model.algorithm.Decision;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ChainProgressTest {

    private static final Decision ALLOW = new Decision(true, 5, 0, 1_000);
    private static final Decision DENY = new Decision(false, 0, 700, 1_000);

    // a stage answers into the chain's holder, then the chain applies the answer
    private static void apply(ChainProgress chain, StageResult answer, String key) {
        chain.answer().of(answer);
        chain.apply(key);
    }

    @Test
    void requestEveryStageAcceptsIsAcceptedWithSummedLatency() {
        ChainProgress chain = new ChainProgress(2);
        apply(chain, StageResult.of(ALLOW, 100), "k1");
        assertThat(chain.done()).isFalse();
        apply(chain, StageResult.of(ALLOW, 250), "k2");
        assertThat(chain.done()).isTrue();
        assertThat(chain.outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(chain.latencyNanos()).isEqualTo(350);
        assertThat(chain.refusingStage()).isEqualTo(-1);
        assertThat(chain.allowedLabel()).isEqualTo("true");
    }

    @Test
    void aRestoredSnapshotAnswersAsTheChainItWasTakenFrom() {
        ChainProgress failedOpenThenRefused = new ChainProgress(3);
        apply(failedOpenThenRefused, StageResult.failed(true, ALLOW, 100, "overloaded"), "k1");
        failedOpenThenRefused.addLatency(250_000_000L);
        apply(failedOpenThenRefused, StageResult.of(DENY, 40), "k2");
        ChainProgress failedOpen = new ChainProgress(2);
        apply(failedOpen, StageResult.of(ALLOW, 10), "k1");
        apply(failedOpen, StageResult.failed(true, ALLOW, 20, "timeout"), "k2");

        for (var stages : java.util.Map.of(failedOpenThenRefused, 3, failedOpen, 2).entrySet()) {
            ChainProgress chain = stages.getKey();
            ChainProgress restored = ChainProgress.restore(stages.getValue(), chain.snapshot());

            assertThat(restored.snapshot()).isEqualTo(chain.snapshot());
            assertThat(restored.done()).isEqualTo(chain.done());
            assertThat(restored.outcome()).isEqualTo(chain.outcome());
            assertThat(restored.failedOpen()).isEqualTo(chain.failedOpen());
            assertThat(restored.refusingStage()).isEqualTo(chain.refusingStage());
            assertThat(restored.latencyNanos()).isEqualTo(chain.latencyNanos());
            assertThat(restored.decision()).isEqualTo(chain.decision());
            assertThat(restored.key()).isEqualTo(chain.key());
            assertThat(restored.allowedLabel()).isEqualTo(chain.allowedLabel());
        }
        assertThat(failedOpenThenRefused.allowedLabel()).isEqualTo("false");
        assertThat(failedOpenThenRefused.latencyNanos()).isEqualTo(250_000_140L);
        assertThat(failedOpen.allowedLabel()).isEqualTo("failed-open");
    }

    @Test
    void answersGivenIntoTheHolderFollowTheSameRule() {
        // a reset chain reused for a second request, its stages answering into the chain's own holder
        ChainProgress chain = new ChainProgress(3);
        apply(chain, StageResult.of(DENY, 10), "old");
        chain.reset();
        chain.answer().failed(true, ALLOW, 5, "kv-write-rate");
        chain.apply("k1");
        chain.answer().of(DENY, 20);
        chain.apply("k2");

        assertThat(chain.done()).isTrue();
        assertThat(chain.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(chain.refusingStage()).isEqualTo(1);
        assertThat(chain.latencyNanos()).isEqualTo(25);
        assertThat(chain.retryAfterNanos()).isEqualTo(700);
        assertThat(chain.remaining()).isZero();
        assertThat(chain.key()).isEqualTo("k2");
    }

    @Test
    void rejectionEndsTheChainAtThatStage() {
        ChainProgress chain = new ChainProgress(3);
        apply(chain, StageResult.of(DENY, 10), "ip");
        assertThat(chain.done()).isTrue();
        assertThat(chain.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(chain.refusingStage()).isZero();
        assertThat(chain.decision().retryAfterNanos()).isEqualTo(700);
        assertThat(chain.key()).isEqualTo("ip");
    }

    @Test
    void failOpenGoesOnAndEndsFailedOpenUnlessALaterStageRejects() {
        ChainProgress open = new ChainProgress(2);
        apply(open, StageResult.failed(true, ALLOW, 5, "kv-write-rate"), "k");
        assertThat(open.done()).isFalse();
        apply(open, StageResult.of(ALLOW, 5), "k");
        assertThat(open.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(open.failedOpen()).isTrue();
        assertThat(open.allowedLabel()).isEqualTo("failed-open");

        ChainProgress rejectedLater = new ChainProgress(2);
        apply(rejectedLater, StageResult.failed(true, ALLOW, 5, "kv-write-rate"), "k");
        apply(rejectedLater, StageResult.of(DENY, 5), "k");
        assertThat(rejectedLater.outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(rejectedLater.failedOpen()).isFalse();
    }

    @Test
    void failClosedEndsTheChainAsFailed() {
        ChainProgress chain = new ChainProgress(2);
        apply(chain, StageResult.failed(false, DENY, 0, "overloaded"), "k");
        assertThat(chain.done()).isTrue();
        assertThat(chain.outcome()).isEqualTo(Outcome.FAILED);
        assertThat(chain.failedOpen()).isFalse();
        assertThat(chain.allowedLabel()).isEqualTo("failed-closed");
        assertThat(chain.refusingStage()).isZero();
    }

    @Test
    void resetStartsTheChainOverForTheNextRequest() {
        ChainProgress chain = new ChainProgress(2);
        apply(chain, StageResult.failed(true, ALLOW, 40, "kv-write-rate"), "a");
        apply(chain, StageResult.of(DENY, 10), "a");

        chain.reset();

        assertThat(chain.done()).isFalse();
        assertThat(chain.nextStage()).isZero();
        assertThat(chain.latencyNanos()).isZero();
        apply(chain, StageResult.of(ALLOW, 5), "b");
        apply(chain, StageResult.of(ALLOW, 5), "b");
        assertThat(chain.outcome()).isEqualTo(Outcome.ACCEPTED);
        assertThat(chain.failedOpen()).isFalse();
        assertThat(chain.refusingStage()).isEqualTo(-1);
        assertThat(chain.latencyNanos()).isEqualTo(10);
        assertThat(chain.key()).isEqualTo("b");
    }
}
