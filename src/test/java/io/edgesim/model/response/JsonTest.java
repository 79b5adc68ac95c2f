package io.edgesim.model.response;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class JsonTest {

    @Test
    void escapesQuotesBackslashesAndControlCharacters() {
        assertThat(Json.string("a\"b\\c\nd\u0001é")).isEqualTo("\"a\\\"b\\\\c\\nd\\u0001é\"");
    }

    @Test
    void leavesPlainTextAlone() {
        assertThat(Json.string("durable-object")).isEqualTo("\"durable-object\"");
    }
}
