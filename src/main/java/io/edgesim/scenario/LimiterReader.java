package io.edgesim.scenario;

import io.edgesim.model.algorithm.AlgorithmKind;
import io.edgesim.model.algorithm.AlgorithmSpec;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TierKind;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.model.tier.remote.ObjectShards;
import io.edgesim.scenario.config.AssumptionLog;
import io.edgesim.scenario.config.ConfigReader;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
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

    private static final List<String> SINGLE_KEYS = List.of("name", "clients", "reference", "plans", "limit-factor",
            "contract");
    private static final List<String> CHAIN_KEYS = List.of("name", "chain", "clients", "reference", "plans",
            "limit-factor", "contract");
    private static final List<String> STAGE_KEYS = List.of("plans", "limit-factor");
    private static final List<String> REFERENCE_KEYS = List.of("algorithm", "limit", "window", "rate", "burst",
            "anchor", "count", "key");
    private static final String ON_OFF = "on (count and judge by the scenario's plans) or off (count every key by "
            + "this limiter's own numbers)";

    private LimiterReader() {
    }

    /**
     * @param contract    the scenario's top-level plans ({@link PlanReader#NONE} for none)
     * @param clientPlans by client name, in the file's order, the client's plan (null for none)
     */
    static List<LimiterSpec> read(ConfigReader root, StageReader stages, PlanReader contract,
                                  Map<String, String> clientPlans, AssumptionLog log) {
        List<ConfigReader> entries = root.objectList("limiters");
        if (entries.isEmpty()) {
            throw root.error("limiters", "the list is empty", "one or more limiters { name, tier, ... }");
        }
        List<String> clientNames = List.copyOf(clientPlans.keySet());
        Map<String, Integer> seen = new HashMap<>();
        // binding namespace -> the first binding naming it: its period and its limiter's name
        Map<String, Map.Entry<Long, String>> namespaces = new HashMap<>();
        List<LimiterSpec> out = new ArrayList<>();
        for (int i = 0; i < entries.size(); i++) {
            ConfigReader r = entries.get(i);
            String name = name(r, seen, i);
            if (r.written("chain")) {
                if (r.written("tier")) {
                    throw r.error("tier", "beside chain, which lists the limiter's tiers",
                            "tier for a limiter of one tier, or chain = [ { tier = ... }, ... ], not both");
                }
                r.rejectUnknownKeys(CHAIN_KEYS);
            }
            PlanReader under = underContract(r, contract) ? contract : PlanReader.NONE;
            PlanReader own = PlanReader.read(r);
            // under a contract every client has one of its plans, whether or not this limiter counts by it
            requireContractPlans(r, own, contract);
            PlanReader plans = layer(r, own, under, "limiter");
            Set<String> clients = clients(r, clientNames);
            Map<String, String> covered = plansSeen(clientPlans, clients);
            List<StageSpec> chain = new ArrayList<>();
            if (r.written("chain")) {
                List<ConfigReader> stageReaders = r.objectList("chain");
                if (stageReaders.isEmpty()) {
                    throw r.error("chain", "the chain is empty", "one or more stages { tier, ... }");
                }
                for (ConfigReader stage : stageReaders) {
                    if (stage.written("chain")) {
                        throw stage.error("chain", "a chain inside a stage of a chain",
                                "stages { tier = ... } in one chain, in the order a request meets them");
                    }
                    PlanReader stageOwn = PlanReader.read(stage);
                    requireContractPlans(stage, stageOwn, contract);
                    PlanReader stagePlans = stage.has("limit-factor") ? layer(stage, stageOwn, under, "stage")
                            : stageOwn.over(plans);
                    StageSpec spec = stages.read(stage, STAGE_KEYS, stagePlans, under, log);
                    requireCountable(stage, spec);
                    stageOwn.requireUsed(spec.algorithm().kind().windowed(), !spec.algorithm().kind().windowed());
                    contractWindow(stage, spec, stagePlans, under, covered);
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
                StageSpec spec = stages.read(r, SINGLE_KEYS, plans, under, log);
                requireCountable(r, spec);
                contractWindow(r, spec, plans, under, covered);
                sameNamespacePeriod(r, spec, name, namespaces);
                chain.add(spec);
            }
            StageSpec last = chain.get(chain.size() - 1);
            AlgorithmSpec reference = under.isEmpty() ? reference(r, last.algorithm(), plans)
                    : contractReference(r, last.algorithm(), under);
            own.requireUsed(windowed(chain, reference, true), windowed(chain, reference, false));
            if (reference.uncountable() != null) {
                throw r.error("reference", reference.uncountable(), "a larger rate or a smaller burst");
            }
            LimiterSpec limiter = new LimiterSpec(name, chain, clients, reference,
                    r.has("reference") ? StageReader.key(r.object("reference"), last.key()) : null);
            out.add(limiter);
        }
        return out;
    }

    // a sharded stage whose shares do not fit the exact count's units (the stage's own numbers are checked as read)
    private static void requireCountable(ConfigReader r, StageSpec spec) {
        StageReader.requireCountable(r, ObjectShards.enforced(spec), " (each shard's share)");
    }

    /**
     * Fails on a plan of a client that a limiter sees and does not cover: with no numbers for it in a stage or in
     * the reference (under a contract, or when the limiter lists plans), a key of that plan would be counted, and
     * judged, by the limiter's own numbers with no word. Called once every client's plan is known to be listed
     * somewhere, so that a plan no limiter lists is reported as the typo it most likely is.
     */
    static void requireCovered(ConfigReader root, List<LimiterSpec> limiters, PlanReader contract,
                               Map<String, String> clientPlans) {
        List<ConfigReader> entries = root.objectList("limiters");
        for (int i = 0; i < limiters.size(); i++) {
            LimiterSpec limiter = limiters.get(i);
            requireCovered(entries.get(i), limiter, plansSeen(clientPlans, limiter.clients()),
                    underContract(entries.get(i), contract));
        }
    }

    // whether the limiter counts under the scenario's contract: when there is one, unless it says contract = off
    private static boolean underContract(ConfigReader r, PlanReader contract) {
        if (!r.written("contract")) {
            return !contract.isEmpty();
        }
        String value = r.shown("contract");
        if (!value.equals("on") && !value.equals("off")) {
            throw r.error("contract", "'" + value + "' is not on or off", ON_OFF);
        }
        if (contract.isEmpty()) {
            throw r.error("contract", "the scenario has no contract (top-level plans) to count by",
                    "leave contract out, or write the scenario's plans { NAME { limit, window } }");
        }
        return value.equals("on");
    }

    // under a contract every client is a customer of one of its plans: numbers for another plan would count no one
    private static void requireContractPlans(ConfigReader r, PlanReader own, PlanReader contract) {
        if (contract.isEmpty()) {
            return;
        }
        for (String plan : own.names()) {
            if (!contract.names().contains(plan)) {
                throw r.error("plans", "'" + plan + "' is not a plan of the contract (the scenario's plans), so no "
                        + "client can have it", "a plan of the contract: " + String.join(", ", contract.names()));
            }
        }
    }

    // what a limiter or stage enforces: its own plans over the layer below, or the contract times its limit-factor
    private static PlanReader layer(ConfigReader r, PlanReader own, PlanReader contract, String what) {
        if (!r.has("limit-factor")) {
            return own.over(contract);
        }
        if (contract.isEmpty()) {
            throw r.error("limit-factor", "scales the contract, and this " + what + " counts under none",
                    "a scenario's plans { NAME { limit, window } } to scale, or leave "
                    + "limit-factor out");
        }
        if (!own.isEmpty()) {
            throw r.error("limit-factor", "beside plans of its own, which replace what it would scale",
                    "limit-factor or plans, not both");
        }
        return contract.scaled(r.positiveNumber("limit-factor", 1e6, PlanReader.FACTOR));
    }

    // a stage that counts in another window than the contract's cannot take the contract's limits as they are: a
    // contract of 100 per 60s counted per 10s would let six times the contract through with no word
    private static void contractWindow(ConfigReader stage, StageSpec spec, PlanReader plans, PlanReader contract,
                                       Map<String, String> covered) {
        Long window = contract.windowNanos();
        AlgorithmSpec algorithm = spec.algorithm();
        if (window == null || !algorithm.kind().windowed() || algorithm.windowNanos() == window) {
            return;
        }
        for (String plan : covered.keySet()) {
            if (plans.limitFromContract(plan)) {
                String key = stage.has("period") ? "period" : "window";
                throw stage.error(key, Durations.format(algorithm.windowNanos()) + ", while the contract counts plan '"
                        + plan + "' per " + Durations.format(window), "leave " + key + " out (the contract's "
                        + "window), or plans { " + plan + " { limit } } on the stage or limiter for its own window");
            }
        }
    }

    // every plan of a client the limiter sees has numbers in every stage and in the reference: a key of a plan the
    // limiter does not cover would otherwise be counted, and judged, by the limiter's own numbers with no word
    private static void requireCovered(ConfigReader r, LimiterSpec limiter, Map<String, String> covered,
                                       boolean underContract) {
        if (!underContract && limiter.plans().isEmpty()) {
            return;
        }
        for (Map.Entry<String, String> plan : covered.entrySet()) {
            List<StageSpec> stages = limiter.stages();
            for (int s = 0; s < stages.size(); s++) {
                AlgorithmSpec algorithm = stages.get(s).algorithm();
                if (!algorithm.plans().containsKey(plan.getKey())) {
                    throw uncovered(r, limiter, plan, (stages.size() == 1 ? "its " : "stage " + (s + 1) + ", ")
                            + stages.get(s).kind().configName(), algorithm);
                }
            }
            if (!limiter.reference().plans().containsKey(plan.getKey())) {
                throw uncovered(r, limiter, plan, "its reference", limiter.reference());
            }
        }
    }

    private static InputException uncovered(ConfigReader r, LimiterSpec limiter, Map.Entry<String, String> plan,
                                            String where, AlgorithmSpec algorithm) {
        String numbers = algorithm.kind().windowed() ? "limit" : "rate and burst";
        return r.error("plans", "limiter '" + limiter.name() + "' has no " + numbers + " for plan '" + plan.getKey()
                + "' (client '" + plan.getValue() + "') in " + where + " (" + algorithm.kind().configName() + ")",
                "plans { " + plan.getKey() + " { " + (algorithm.kind().windowed() ? "limit" : "rate, burst")
                        + " } } in the limiter, its stage or the contract");
    }

    // client plan -> the first client of it this limiter sees
    private static Map<String, String> plansSeen(Map<String, String> clientPlans, Set<String> clients) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Map.Entry<String, String> client : clientPlans.entrySet()) {
            if (client.getValue() != null && (clients.isEmpty() || clients.contains(client.getKey()))) {
                out.putIfAbsent(client.getValue(), client.getKey());
            }
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
        if (name.contains(".")) {
            throw r.error("name", "'" + name + "' has a dot, which separates the parts of --param limiters.NAME.limit "
                    + "and of --fail-if NAME.FIGURE", "a name unique among the limiters, without a dot");
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
        Set<String> seen = new LinkedHashSet<>();
        for (String name : names) {
            if (!clientNames.contains(name)) {
                throw r.error("clients", "'" + name + "' is not a client of this scenario", allowed);
            }
            if (!seen.add(name)) {
                throw r.error("clients", "'" + name + "' is listed twice", allowed + ", each once");
            }
        }
        return seen;
    }

    // the reference's algorithm, with the limiter's plans (not a last stage's own)
    private static AlgorithmSpec reference(ConfigReader limiter, AlgorithmSpec lastStage, PlanReader plans) {
        // a limiter without plans of its own judges each plan by its last stage's numbers, as it takes the rest of
        // what it leaves out from there
        if (!limiter.has("reference")) {
            return plans.isEmpty() ? lastStage : plans.apply(lastStage.withPlans(Map.of()));
        }
        ConfigReader r = limiter.object("reference");
        r.rejectUnknownKeys(REFERENCE_KEYS);
        AlgorithmKind kind = AlgorithmReader.kind(r, "algorithm", lastStage.kind());
        // numbers left out come from the last stage when it counts the same way; a token bucket judged against a
        // window (or the reverse) would get numbers no one wrote (a rate of limit / window), so they are required,
        // plans or not (a key of no plan, or a plan that leaves one out, takes them)
        boolean sameWay = kind.windowed() == lastStage.kind().windowed();
        return plans.apply(AlgorithmReader.spec(r, kind, sameWay ? lastStage : null));
    }

    // the reference under a contract: the contract's numbers, in its window, by the algorithm of the reference
    // block or else the last stage, whose anchor and way of counting it keeps when it counts in windows too
    private static AlgorithmSpec contractReference(ConfigReader limiter, AlgorithmSpec lastStage,
                                                   PlanReader contract) {
        ConfigReader r = limiter.has("reference") ? limiter.object("reference") : null;
        if (r != null) {
            r.rejectUnknownKeys(REFERENCE_KEYS);
            for (String key : List.of("limit", "window", "rate", "burst")) {
                if (r.written(key)) {
                    throw r.error(key, "the reference judges by the contract (the scenario's plans), so this " + key
                            + " would count nothing", "algorithm, anchor, count, key");
                }
            }
        }
        AlgorithmKind kind = r == null ? lastStage.kind() : AlgorithmReader.kind(r, "algorithm", lastStage.kind());
        long window = contract.windowNanos() != null ? contract.windowNanos() : lastStage.windowNanos();
        AlgorithmSpec base = contract.base(kind, window);
        if (base == null) {
            base = kind.windowed() ? AlgorithmSpec.windowed(kind, 1, window) : AlgorithmSpec.rated(kind, 1, 1);
        }
        if (kind.windowed() && lastStage.kind().windowed()) {
            base = base.withCount(lastStage.count());
            if (kind == lastStage.kind()) {
                base = base.withAnchor(lastStage.anchor());
            }
        }
        return contract.apply(r == null ? base : AlgorithmReader.spec(r, kind, base));
    }

    // whether a stage or the reference counts in windows (windowed) or is a token-bucket or gcra (!windowed)
    private static boolean windowed(List<StageSpec> chain, AlgorithmSpec reference, boolean windowed) {
        return reference.kind().windowed() == windowed
                || chain.stream().anyMatch(s -> s.algorithm().kind().windowed() == windowed);
    }
}
