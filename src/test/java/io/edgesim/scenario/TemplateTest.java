package io.edgesim.scenario;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

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

    @Test
    void everyCombinationOfPlaceholdersAndLiteralsExpandsAsTheTextSays() {
        List<String> literals = List.of("", "k", "key-", "/", "ü·€-");
        List<String> placeholders = List.of("{i}", "{n}");
        List<String> texts = new ArrayList<>(literals);
        for (int count = 1; count <= 3; count++) {
            List<String> longer = new ArrayList<>();
            for (String text : texts) {
                for (String placeholder : placeholders) {
                    for (String literal : literals) {
                        longer.add(text + placeholder + literal);
                    }
                }
            }
            texts.addAll(longer);
        }
        int[] clients = {0, 7, 12_345, Integer.MAX_VALUE};
        long[] requests = {0, 9, 1_000_000_007L, Long.MAX_VALUE};
        int checked = 0;
        for (String text : texts) {
            Template t = new Template(text);
            assertThat(t.varies()).as(text).isEqualTo(text.contains("{"));
            assertThat(t.perRequest()).as(text).isEqualTo(text.contains("{n}"));
            for (int client : clients) {
                for (long request : requests) {
                    assertThat(t.expand(client, request)).as(text).isEqualTo(expandedByHand(text, client, request));
                    checked++;
                }
            }
        }
        assertThat(checked).isGreaterThan(10_000);
    }

    @Test
    void comparedByText() {
        assertThat(new Template("a-{i}")).isEqualTo(new Template("a-{i}")).hasSameHashCodeAs(new Template("a-{i}"))
                .isNotEqualTo(new Template("a-{n}"));
        assertThat(new Template("a-{i}").text()).isEqualTo("a-{i}");
        assertThat(new Template("a-{i}")).hasToString("Template[text=a-{i}]");
    }

    /** The expansion the plain way: each placeholder replaced in turn, scanning the text. */
    private static String expandedByHand(String text, int client, long request) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (at < text.length()) {
            if (text.startsWith("{i}", at)) {
                out.append(Integer.toString(client));
                at += 3;
            } else if (text.startsWith("{n}", at)) {
                out.append(Long.toString(request));
                at += 3;
            } else {
                out.append(text.charAt(at++));
            }
        }
        return out.toString();
    }
}
