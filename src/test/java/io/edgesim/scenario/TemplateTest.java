package io.edgesim.scenario;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TemplateTest {

    @Test
    void clientIndexAndRequestNumberAreSubstituted() {
        Template t = new Template("k-{i}/{n}-{i}");

        assertThat(t.expand(7, 0)).isEqualTo("k-7/0-7");
        assertThat(t.expand(0, 123)).isEqualTo("k-0/123-0");
        assertThat(t.varies()).isTrue();
    }

    @Test
    void textWithoutPlaceholdersIsSharedByEveryClient() {
        Template t = new Template("203.0.113.7");

        assertThat(t.varies()).isFalse();
        assertThat(t.expand(3, 9)).isSameAs(t.text());
    }

    @Test
    void unknownOrUnclosedPlaceholderIsRefused() {
        assertThatThrownBy(() -> new Template("a{x}")).hasMessageContaining("{x}");
        assertThatThrownBy(() -> new Template("a{i")).hasMessageContaining("{i");
        assertThat(Template.firstUnknownPlaceholder("{i}{n}")).isNull();
        assertThat(Template.firstUnknownPlaceholder("{i}{name}")).isEqualTo("{name}");
    }
}
