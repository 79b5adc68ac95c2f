package io.edgesim.model.response;

import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Decision;
import io.edgesim.model.algorithm.RateCounter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

class RateLimitResponseTest {

    private static final long SECOND = 1_000_000_000L;
    private static final AlgorithmSpec HUNDRED_PER_MINUTE =
            AlgorithmSpec.windowed(AlgorithmKind.FIXED_WINDOW, 100, 60 * SECOND);

    /** A full fixed window of 100 per minute, asked again at 47.7 s: refused, 12.3 s to wait. */
    private static Decision refusedAt47point7Seconds() {
        RateCounter counter = HUNDRED_PER_MINUTE.newCounter();
        counter.tryAcquire(0, 100);
        return counter.tryAcquire(47_700_000_000L, 1);
    }

    @Test
    void refusalCarriesRetryAfterScopeAndTheIetfFieldsInOrder() {
        RateLimitResponse response = RateLimitResponse.rejected("api", "durable-object", refusedAt47point7Seconds(),
                HUNDRED_PER_MINUTE, 47_700_000_000L);

        assertThat(response.status()).isEqualTo(429);
        assertThat(response.headers()).containsExactly(
                entry("Retry-After", "13"),
                entry("X-RateLimit-Scope", "durable-object"),
                entry("RateLimit-Policy", "\"api\";q=100;w=60"),
                entry("RateLimit", "\"api\";r=0;t=13"),
                entry("Content-Type", "application/json"));
        assertThat(response.body())
                .isEqualTo("{\"error\":\"rate_limited\",\"scope\":\"durable-object\",\"retry_after\":13}");
    }

    @Test
    void retryAfterIsAtLeastOneSecondAndRoundsUp() {
        assertThat(RateLimitResponse.retryAfterSeconds(new Decision(false, 0, 1, 0))).isEqualTo(1);
        assertThat(RateLimitResponse.retryAfterSeconds(new Decision(false, 0, 2 * SECOND, 0))).isEqualTo(2);
        assertThat(RateLimitResponse.retryAfterSeconds(new Decision(false, 0, 2 * SECOND + 1, 0))).isEqualTo(3);
    }

    @Test
    void aRequestThatCanNeverPassGetsNoRetryAfterAndABodyThatSaysWhy() {
        Decision never = new Decision(false, 100, Long.MAX_VALUE, 0);

        RateLimitResponse response = RateLimitResponse.rejected("api", "cache", never, HUNDRED_PER_MINUTE, 0);

        assertThat(response.headers()).containsExactly(
                entry("X-RateLimit-Scope", "cache"),
                entry("RateLimit-Policy", "\"api\";q=100;w=60"),
                entry("RateLimit", "\"api\";r=100;t=0"),
                entry("Content-Type", "application/json"));
        assertThat(response.body()).isEqualTo(
                "{\"error\":\"rate_limited\",\"scope\":\"cache\",\"retry_after\":null,\"reason\":\"cost_exceeds_limit\"}");
    }

    @Test
    void aRequestThatCanNeverPassHasNoRetryAfterSeconds() {
        assertThat(RateLimitResponse.neverPasses(Long.MAX_VALUE)).isTrue();
        assertThat(RateLimitResponse.neverPasses(Long.MAX_VALUE - 1)).isFalse();
        assertThatThrownBy(() -> RateLimitResponse.retryAfterSeconds(Long.MAX_VALUE))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void acceptedResponseCarriesOnlyTheIetfFields() {
        AlgorithmSpec bucket = AlgorithmSpec.rated(AlgorithmKind.TOKEN_BUCKET, 10, 20);
        RateCounter counter = bucket.newCounter();

        Decision decision = counter.tryAcquire(0, 5);

        assertThat(RateLimitResponse.acceptedHeaders("edge", decision, bucket, 0)).containsExactly(
                entry("RateLimit-Policy", "\"edge\";q=20;w=2"),
                entry("RateLimit", "\"edge\";r=15;t=1"));
    }

    @Test
    void aFullAllowanceResetsInZeroSecondsAndShortWindowsRoundUp() {
        AlgorithmSpec halfSecond = AlgorithmSpec.windowed(AlgorithmKind.SLIDING_LOG, 5, SECOND / 2);

        Decision look = halfSecond.newCounter().tryAcquire(3 * SECOND, 0);

        assertThat(RateLimitResponse.acceptedHeaders("p", look, halfSecond, 3 * SECOND)).containsExactly(
                entry("RateLimit-Policy", "\"p\";q=5;w=1"),
                entry("RateLimit", "\"p\";r=5;t=0"));
    }

    @Test
    void policyNameIsQuotedAsAStructuredFieldString() {
        Decision decision = new Decision(true, 3, 0, 0);

        assertThat(RateLimitResponse.acceptedHeaders("my \"edge\\\"", decision, HUNDRED_PER_MINUTE, 0))
                .containsEntry("RateLimit", "\"my \\\"edge\\\\\\\"\";r=3;t=0");
        assertThatThrownBy(() -> RateLimitResponse.acceptedHeaders("café", decision, HUNDRED_PER_MINUTE, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("printable ASCII");
    }

    @Test
    void refusesToBuildA429FromAnAllowedDecisionOrAnUnsafeTier() {
        Decision allowed = new Decision(true, 3, 0, 0);
        Decision refused = refusedAt47point7Seconds();

        assertThatThrownBy(() -> RateLimitResponse.rejected("api", "cache", allowed, HUNDRED_PER_MINUTE, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("refused");
        assertThatThrownBy(() -> RateLimitResponse.rejected("api", "cache\r\nX-Evil: 1", refused, HUNDRED_PER_MINUTE,
                0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("control characters");
    }

    @Test
    void headersCannotBeChangedAfterwards() {
        RateLimitResponse response = RateLimitResponse.rejected("api", "kv", refusedAt47point7Seconds(),
                HUNDRED_PER_MINUTE, 47_700_000_000L);

        assertThatThrownBy(() -> response.headers().put("Retry-After", "0"))
                .isInstanceOf(UnsupportedOperationException.class);
    }
}
