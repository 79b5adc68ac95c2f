package io.edgesim.scenario;

import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TierKind;
import io.edgesim.model.tier.TierSettings;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the {@code limiters} list: the single-tier form ({@code { name, tier, ... }}) and the chain form
 * ({@code { name, chain = [ {tier ...}, ... ] }}), with the optional {@code clients} restriction and
 * {@code reference} algorithm (default: the last stage's), and the {@code plans} that change the numbers of some
 * clients' keys ({@link PlanReader}).
 */
final class LimiterReader {

    private static final List<String> SINGLE_KEYS = List.of("name", "clients", "reference", "plans");
    private static final List<String> CHAIN_KEYS = List.of("name", "chain", "clients", "reference", "plans");
    private static final List<String> REFERENCE_KEYS = List.of("algorithm", "limit", "window", "rate", "burst",
            "anchor", "count", "key");

    private LimiterReader() {
    }

    static List<LimiterSpec> read(ConfigReader root, StageReader stages, List<String> clientNames,
                                  AssumptionLog log) {
        List<ConfigReader> entries = root.objectList("limiters");
        if (entries.isEmpty()) {
            throw root.error("limiters", "the list is empty", "one or more limiters { name, tier, ... }");
        }
        Map<String, Integer> seen = new HashMap<>();
        // binding namespace -> the first binding naming it: its period and its limiter's name
        Map<String, Map.Entry<Long, String>> namespaces = new HashMap<>();
        List<LimiterSpec> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            ConfigReader r = entries.get(i);
            String name = name(r, seen, i);
            List<StageSpec> chain = new ArrayList<>();
            PlanReader plans = PlanReader.NONE;
            if (r.written("chain")) {
                r.rejectUnknownKeys(CHAIN_KEYS);
                plans = PlanReader.read(r);
                List<ConfigReader> stageReaders = r.objectList("chain");
                if (stageReaders.isEmpty()) {
                    throw r.error("chain", "the chain is empty", "one or more stages { tier, ... }");
                }
                for (ConfigReader stage : stageReaders) {
                    StageSpec spec = stages.read(stage, List.of(), plans, log);
                    // the WAF acts at Cloudflare's edge before any Worker code runs, so nothing can come before it
                    if (spec.kind() == TierKind.WAF && !chain.isEmpty()) {
                        throw stage.error("tier", "waf after " + chain.get(chain.size() - 1).kind().configName()
                                + ": a WAF rule acts before the Worker runs",
                                "waf only as the first stage of a chain");
                    }
                    sameNamespacePeriod(stage, spec, name, namespaces);
                    chain.add(spec);
                }
            } else {
                plans = PlanReader.read(r);
                StageSpec spec = stages.read(r, SINGLE_KEYS, plans, log);
                sameNamespacePeriod(r, spec, name, namespaces);
                chain.add(spec);
            }
            Set<String> clients = clients(r, clientNames);
            StageSpec last = chain.get(chain.size() - 1);
            AlgorithmSpec reference = reference(r, last.algorithm(), plans);
            plans.requireUsed(windowed(chain, reference, true), windowed(chain, reference, false));
            KeyKind referenceKey = r.has("reference") ? StageReader.key(r.object("reference"), last.key()) : null;
            out.add(new LimiterSpec(name, chain, clients, reference, referenceKey));
        }
        return out;
    }

    // bindings that name one namespace count in one store, in windows of one period (as on Cloudflare, where a
    // namespace is configured once)
    private static void sameNamespacePeriod(ConfigReader r, StageSpec stage, String limiter,
                                            Map<String, Map.Entry<Long, String>> namespaces) {
        if (!(stage.tier() instanceof TierSettings.Binding binding) || binding.namespace() == null
                || binding.namespace().isBlank()) {
            return;
        }
        long period = stage.algorithm().windowNanos();
        Map.Entry<Long, String> first = namespaces.putIfAbsent(binding.namespace(), Map.entry(period, limiter));
        if (first != null && first.getKey() != period) {
            throw r.error("period", Durations.format(period) + " in namespace '" + binding.namespace()
                            + "', which limiter '" + first.getValue() + "' counts in periods of "
                            + Durations.format(first.getKey()),
                    "the same period for every binding of a namespace");
        }
    }

    private static String name(ConfigReader r, Map<String, Integer> seen, int index) {
        if (!r.has("name")) {
            throw r.error("name", "missing", "a name unique among the limiters");
        }
        String name = r.string("name");
        if (name.isBlank()) {
            throw r.error("name", "the name is empty", "a name unique among the limiters");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                String shown = (c < 0x20 ? "" : "'" + c + "' ") + String.format("U+%04X", (int) c);
                throw r.error("name", "character " + (i + 1) + " is " + shown + ", which is not printable ASCII; "
                        + "the name goes into the RateLimit-Policy and RateLimit headers of a 429",
                        "printable ASCII characters: letters, digits, spaces and punctuation (space to ~)");
            }
        }
        Integer earlier = seen.putIfAbsent(name, index);
        if (earlier != null) {
            throw r.error("name", "'" + name + "' is already the name of limiters[" + earlier + "]",
                    "a name unique among the limiters");
        }
        return name;
    }

    private static Set<String> clients(ConfigReader r, List<String> clientNames) {
        if (!r.has("clients")) {
            return Set.of();
        }
        String allowed = "names of this scenario's clients: " + String.join(", ", clientNames);
        List<String> names = r.stringList("clients", allowed);
        if (names.isEmpty()) {
            throw r.error("clients", "the list is empty", allowed + " (leave clients out for all)");
        }
        for (String name : names) {
            if (!clientNames.contains(name)) {
                throw r.error("clients", "'" + name + "' is not a client of this scenario", allowed);
            }
        }
        return new LinkedHashSet<>(names);
    }

    // the reference's algorithm, with the limiter's plans (the last stage's has them already)
    private static AlgorithmSpec reference(ConfigReader limiter, AlgorithmSpec lastStage, PlanReader plans) {
        if (!limiter.has("reference")) {
            return lastStage;
        }
        ConfigReader r = limiter.object("reference");
        r.rejectUnknownKeys(REFERENCE_KEYS);
        AlgorithmKind kind = AlgorithmReader.kind(r, "algorithm", lastStage.kind());
        return plans.apply(AlgorithmReader.spec(r, kind, lastStage));
    }

    // whether a stage or the reference counts in windows (windowed) or is a token-bucket or gcra (!windowed)
    private static boolean windowed(List<StageSpec> chain, AlgorithmSpec reference, boolean windowed) {
        return reference.kind().windowed() == windowed
                || chain.stream().anyMatch(s -> s.algorithm().kind().windowed() == windowed);
    }
}
