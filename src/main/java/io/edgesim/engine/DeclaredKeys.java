package io.edgesim.engine;

import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.scenario.ClientSpec;
import io.edgesim.scenario.HeaderTemplates;
import io.edgesim.scenario.Template;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How many keys a scenario declares for a limiter's exact count: the population that shares of keys are shares of
 * ("690 of 50,000 customers"), whether or not each key sent in the run. A population's key template that holds
 * {@code {i}} declares one key per client ({@code count}), one without declares one key; populations whose templates
 * read the same share their keys (the larger count). Templates that read differently are expanded and their keys
 * counted once each ({@code user-{i}} for 20 clients and {@code user-3} declare 20), up to two million keys; beyond,
 * they are taken to give different keys. Requests without the header the key is read from share one key. Unknown
 * ({@link #UNKNOWN}) when a source's keys cannot be told from the scenario: a trace, or a key that changes with every
 * request ({@code {n}}).
 */
final class DeclaredKeys {

    /** The scenario does not say how many keys there are. */
    static final long UNKNOWN = -1;
    // the most keys listed to find those that templates written differently share
    private static final long MOST_LISTED = 2_000_000;

    private DeclaredKeys() {
    }

    /** The keys the clients that {@code limiter} sees declare, of plan {@code plan} (null: of every plan). */
    static long of(List<ClientSpec> clients, LimiterSpec limiter, String plan) {
        KeyKind kind = limiter.referenceKey();
        if (kind == KeyKind.GLOBAL) {
            return 1;
        }
        // each template (equal by its text) with the most clients a population gives it; requests without the
        // header are counted under one key (KeyKind.MISSING)
        Map<Template, Integer> byTemplate = new LinkedHashMap<>();
        boolean missing = false;
        for (ClientSpec client : clients) {
            if (!limiter.sees(client.name()) || (plan != null && !plan.equals(client.plan()))) {
                continue;
            }
            if (!(client instanceof ClientSpec.Population population)) {
                return UNKNOWN;
            }
            Template template = template(population.headers(), kind);
            if (template == null) {
                missing = true;
                continue;
            }
            if (template.perRequest()) {
                return UNKNOWN;
            }
            byTemplate.merge(template, template.varies() ? population.count() : 1, Math::max);
        }
        long declared = byTemplate.values().stream().mapToLong(Integer::longValue).sum();
        // templates that read differently can still give the same keys ("user-{i}" for 20 and "user-3" for one):
        // the keys themselves, where they are few enough to list
        if (byTemplate.size() > 1 && declared <= MOST_LISTED) {
            Set<String> keys = new HashSet<>();
            byTemplate.forEach((template, count) -> {
                for (int i = 0; i < count; i++) {
                    keys.add(template.expand(i, 0));
                }
            });
            declared = keys.size();
        }
        return declared + (missing ? 1 : 0);
    }

    // the template the key is read from, as KeyKind.extract reads the request; null when requests lack it
    private static Template template(HeaderTemplates headers, KeyKind kind) {
        return switch (kind) {
            case API_KEY -> headers.apiKey();
            case IP -> headers.ip();
            case XFF -> headers.xff() != null ? headers.xff() : headers.ip();
            case ANON_TOKEN_IP -> headers.anonToken() == null ? headers.ip()
                    : new Template(headers.anonToken().text() + "|" + headers.ip().text());
            case PATH -> headers.path();
            case GLOBAL -> null;
        };
    }
}
