package io.edgesim.scenario;

import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.cost.CostModel;
import io.edgesim.model.fault.Fault;
import io.edgesim.model.fault.FaultKind;
import io.edgesim.model.key.KeyKind;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.StageSpec;
import io.edgesim.model.tier.TierKind;
import io.edgesim.model.tier.TierSettings;
import io.edgesim.model.tier.remote.Placement;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * What in a valid scenario is very likely a slip: settings that run but cannot do what they seem to, said before the
 * run rather than found in its numbers. Each is "setting" -> text; the loader notes them with the assumptions (so
 * report.md and result.json carry them), and {@code validate} and {@code run} print them. Only what is certain from
 * the scenario alone: a fault that might touch something (an object homed where its first request lands) is not
 * named.
 */
public final class ScenarioWarnings {

    private ScenarioWarnings() {
    }

    /** The warnings of a loaded scenario, in scenario order. */
    public static Map<String, String> of(Scenario scenario) {
        return of(scenario.clients(), scenario.limiters(), scenario.faults(), scenario.pops(),
                scenario.durationNanos(), scenario.regions(), scenario.settings());
    }

    static Map<String, String> of(List<ClientSpec> clients, List<LimiterSpec> limiters, List<Fault> faults,
                                  List<String> pops, long durationNanos, RegionMap regions) {
        return of(clients, limiters, faults, pops, durationNanos, regions, Map.of());
    }

    /** The same, with {@code settings} the scenario writes ({@link Scenario#settings}). */
    static Map<String, String> of(List<ClientSpec> clients, List<LimiterSpec> limiters, List<Fault> faults,
                                  List<String> pops, long durationNanos, RegionMap regions,
                                  Map<String, String> settings) {
        Map<String, String> warnings = new LinkedHashMap<>();
        unusedClientDefaults(clients, settings).forEach(warnings::put);
        unusedTierSettings(limiters, settings).forEach(warnings::put);
        costNotCounted(clients, limiters).forEach(warnings::put);
        unshapedClients(clients, settings).forEach(warnings::put);
        stateNeverLost(limiters, faults, settings).forEach(warnings::put);
        sharedKeysAcrossPlans(clients).forEach(warnings::put);
        for (LimiterSpec limiter : limiters) {
            timeoutsShorterThanTheWay(clients, limiter, pops, regions).ifPresent(text ->
                    warnings.put("limiters." + limiter.name() + ".timeout", text));
        }
        sharedNamespaces(clients, limiters).forEach(warnings::put);
        for (LimiterSpec limiter : limiters) {
            sharedMissingKey(clients, limiter).ifPresent(text -> warnings.put("limiters." + limiter.name() + ".key",
                    text));
        }
        for (ClientSpec client : clients) {
            // a rate so small that the run expects less than one request: the report is of nothing, unsaid
            if (client instanceof ClientSpec.Population p && p.rates() == null && p.burst() == null) {
                double expected = regularRequests(p, activeNanos(p, durationNanos));
                if (expected < 1) {
                    warnings.put("clients." + p.name() + ".rate", "about " + String.format(Locale.ROOT, "%.3g",
                            expected) + " requests expected over the run (count x rate x the time it sends), "
                            + "so it may send none");
                }
            }
        }
        // both say what the month's bill repeats, under the setting the summary's cost carries a note of
        List<String> billed = new ArrayList<>();
        shorterThanAWindow(limiters, durationNanos).ifPresent(billed::add);
        burstsBilledAboveTheirCadence(clients, limiters, durationNanos).ifPresent(billed::add);
        if (!billed.isEmpty()) {
            warnings.put(CostModel.BURSTS_NOTE_SETTING, String.join("; and ", billed));
        }
        boolean kv = anyStage(limiters, stage -> stage.kind() == TierKind.KV);
        boolean remote = anyStage(limiters, stage -> stage.kind().remote());
        for (int i = 0; i < faults.size(); i++) {
            String why = untouched(faults.get(i), pops, kv, remote);
            if (why != null) {
                warnings.put("faults[" + i + "]", why);
            } else if (faults.get(i).untilNanos() > durationNanos) {
                Fault f = faults.get(i);
                warnings.put("faults[" + i + "].until", Durations.format(f.untilNanos()) + " is after the run's end at "
                        + Durations.format(durationNanos) + ": the fault acts for "
                        + Durations.format(durationNanos - f.fromNanos()) + ", from " + (f.fromNanos() == 0 ? "0s"
                        : Durations.format(f.fromNanos())) + " to the end (its label keeps what the scenario says)");
            }
        }
        return warnings;
    }

    // a client-defaults setting that no population takes (each writes its own, or every client is a trace, which
    // takes no defaults): it changes nothing, and a value that would be refused where it applied goes unchecked
    private static Map<String, String> unusedClientDefaults(List<ClientSpec> clients, Map<String, String> settings) {
        String prefix = "client-defaults.";
        Set<String> written = new LinkedHashSet<>();
        settings.keySet().stream().filter(k -> k.startsWith(prefix))
                .forEach(k -> written.add(k.substring(prefix.length()).split("\\.", 2)[0]));
        List<ClientSpec.Population> populations = clients.stream().filter(c -> c instanceof ClientSpec.Population)
                .map(c -> (ClientSpec.Population) c).toList();
        Map<String, String> notes = new LinkedHashMap<>();
        for (String key : written) {
            List<ClientSpec.Population> taking = populations.stream().filter(p -> settings.keySet().stream()
                    .noneMatch(k -> k.equals("clients." + p.name() + "." + key) || k.startsWith("clients." + p.name()
                            + "." + key + "."))).toList();
            // arrival spaces the regular requests: a population of bursts alone takes it to no effect
            boolean bursts = key.equals("arrival") && !taking.isEmpty() && taking.stream().allMatch(p ->
                    p.ratePerSecond() == 0 && p.rates() == null);
            if (taking.isEmpty() || bursts) {
                notes.put(prefix + key, populations.isEmpty() ? "set, but every client is a trace, and traces take "
                        + "no client-defaults: it changes nothing" : bursts ? "set, but the populations that take it "
                        + "send bursts alone (no rate), and arrival spaces the regular requests: it changes nothing"
                        : "set, but every population sets its own " + key + ": it changes nothing");
            }
        }
        return notes;
    }

    // tiers { kv { ... } } with no kv stage anywhere, latency { tails = on } with no call that draws a round trip:
    // settings that change nothing
    private static Map<String, String> unusedTierSettings(List<LimiterSpec> limiters, Map<String, String> settings) {
        Map<String, String> notes = new LinkedHashMap<>();
        for (TierKind kind : TierKind.values()) {
            String prefix = "tiers." + kind.configName() + ".";
            if (settings.keySet().stream().anyMatch(k -> k.startsWith(prefix))
                    && !anyStage(limiters, stage -> stage.kind() == kind)) {
                notes.put("tiers." + kind.configName(), "set, but no limiter has a " + kind.configName()
                        + " stage: it changes nothing");
            }
        }
        if ("on".equals(settings.get("latency.tails")) && !anyStage(limiters, stage -> stage.kind().remote())) {
            notes.put("latency.tails", "on, but no limiter calls a Durable Object or an origin, the calls whose round "
                    + "trips it draws: it changes nothing");
        }
        return notes;
    }

    // an arrival written for a population of bursts alone (arrival shapes the regular requests, and it sends none),
    // hop for clients that each reach one PoP (they have nowhere to move): settings that change nothing
    private static Map<String, String> unshapedClients(List<ClientSpec> clients, Map<String, String> settings) {
        Map<String, String> notes = new LinkedHashMap<>();
        for (ClientSpec client : clients) {
            if (!(client instanceof ClientSpec.Population p)) {
                continue;
            }
            String at = "clients." + p.name() + ".";
            if (settings.containsKey(at + "arrival") && p.ratePerSecond() == 0 && p.rates() == null) {
                notes.put(at + "arrival", p.arrival().configName() + ", but the population sends bursts alone (no "
                        + "rate), and arrival spaces the regular requests: it changes nothing");
            }
            PopChoice pops = p.pops();
            long reachable = pops.weights().stream().filter(w -> w > 0).count();
            if (pops.mode() == PopChoice.Mode.HOP && (reachable == 1 || pops.popsPerKey() == 1)) {
                notes.put(at + "pop-choice", "hop, but each client reaches one PoP" + (reachable == 1 ? ""
                        : " (pops-per-key = 1)") + ", so it never moves: the same as per-client");
            }
        }
        return notes;
    }

    // state = in-memory with no region going down: an object loses its counts only when its home does, so it keeps
    // them all run, as a durable one does
    private static Map<String, String> stateNeverLost(List<LimiterSpec> limiters, List<Fault> faults,
                                                      Map<String, String> settings) {
        boolean outage = faults.stream().anyMatch(f -> f.kind() == FaultKind.REGION_OUTAGE);
        if (outage || !anyStage(limiters, stage -> stage.tier() instanceof TierSettings.DurableObject d
                && d.inMemoryState())) {
            return Map.of();
        }
        Map<String, String> notes = new LinkedHashMap<>();
        settings.forEach((key, value) -> {
            if ((key.equals("state") || key.endsWith(".state")) && value.equals("in-memory")) {
                notes.put(key, "in-memory, but no fault takes a region down (region-outage), and an object loses "
                        + "its counts only with its home: the same as durable");
            }
        });
        return notes;
    }

    // a population whose requests cost more than 1, seen by a WAF rule: the rule counts requests, so it counts each
    // once where the other tiers count its cost
    private static Map<String, String> costNotCounted(List<ClientSpec> clients, List<LimiterSpec> limiters) {
        Map<String, String> notes = new LinkedHashMap<>();
        for (ClientSpec client : clients) {
            if (!(client instanceof ClientSpec.Population p) || p.cost() <= 1) {
                continue;
            }
            List<String> waf = limiters.stream().filter(l -> l.sees(p.name()) && l.stages().stream()
                    .anyMatch(stage -> stage.kind() == TierKind.WAF)).map(LimiterSpec::name).toList();
            if (!waf.isEmpty()) {
                notes.put("clients." + p.name() + ".cost", p.cost() + ", but a WAF rule counts requests, not their "
                        + "cost: " + String.join(", ", waf) + " count" + (waf.size() == 1 ? "s" : "")
                        + " each of its requests once");
            }
        }
        return notes;
    }

    // limiters that are options side by side but share a binding namespace, count on the same key and see the same
    // clients: each request counts in the shared counters once per limiter, as two bindings one Worker calls for it
    // would, so neither option's figures are its own
    private static Map<String, String> sharedNamespaces(List<ClientSpec> clients, List<LimiterSpec> limiters) {
        // by namespace and key: the limiters with a binding stage there
        Map<String, List<LimiterSpec>> byCounters = new LinkedHashMap<>();
        for (LimiterSpec limiter : limiters) {
            limiter.stages().stream().filter(st -> st.tier() instanceof TierSettings.Binding b && b.namespace() != null
                            && !b.namespace().isBlank())
                    .map(st -> "'" + ((TierSettings.Binding) st.tier()).namespace() + "' (" + counted(st.key()) + ")")
                    .distinct()
                    .forEach(at -> byCounters.computeIfAbsent(at, k -> new ArrayList<>()).add(limiter));
        }
        Map<String, String> warnings = new LinkedHashMap<>();
        byCounters.forEach((counters, sharing) -> {
            for (ClientSpec client : clients) {
                List<String> seeing = sharing.stream().filter(l -> l.sees(client.name())).map(LimiterSpec::name)
                        .toList();
                if (seeing.size() > 1) {
                    warnings.merge("limiters." + seeing.get(0) + ".namespace", "limiters " + String.join(", ", seeing)
                            + " count in binding namespace " + counters + " and all see client '" + client.name()
                            + "': each of its requests counts there once per limiter (as bindings one Worker calls "
                            + "for it would), so each lets fewer through than alone (give them clients = [...] of "
                            + "their own, or namespaces of their own)", (a, b) -> a + "; " + b);
                    return;
                }
            }
            if (sharing.size() > 1 && keysMeet(clients, sharing)) {
                // the usual reason to share: one limit for what several Workers see. Each limiter is judged on its
                // own requests, so the refusals the joint limit makes on purpose read as wrong ones
                warnings.merge("limiters." + sharing.get(0).name() + ".namespace", "limiters "
                        + String.join(", ", sharing.stream().map(LimiterSpec::name).toList()) + " count in binding "
                        + "namespace " + counters + " together: the limit holds for their requests jointly, but each "
                        + "one's exact count is of its own requests alone, so refusals the joint limit makes as "
                        + "intended count as wrongly rejected and lower its multiplication", (a, b) -> a + "; " + b);
            }
        });
        return warnings;
    }

    // what a binding counts on: xff and anon-token+ip fall back to the address, so they share counters with ip
    // whether two of the limiters (each over its own clients) can count the same key in their shared namespace: the
    // same key template for the field they key on (a trace's keys are not known before the run: they may)
    private static boolean keysMeet(List<ClientSpec> clients, List<LimiterSpec> sharing) {
        List<Set<String>> keysOf = new ArrayList<>();
        for (LimiterSpec limiter : sharing) {
            KeyKind kind = limiter.stages().stream().filter(st -> st.tier() instanceof TierSettings.Binding)
                    .map(StageSpec::key).findFirst().orElseThrow();
            Set<String> keys = new LinkedHashSet<>();
            for (ClientSpec client : clients) {
                if (!limiter.sees(client.name())) {
                    continue;
                }
                if (!(client instanceof ClientSpec.Population p)) {
                    return true;
                }
                // {name} expands to the population's own name: two populations' "{name}-{i}" keys never meet
                keys.add(keyTemplate(p.headers(), kind).replace("{name}", p.name()));
            }
            for (Set<String> other : keysOf) {
                if (other.stream().anyMatch(keys::contains)) {
                    return true;
                }
            }
            keysOf.add(keys);
        }
        return false;
    }

    // the template a population's keys of kind come from, as text ("-" for a header it does not send)
    private static String keyTemplate(HeaderTemplates h, KeyKind kind) {
        return switch (kind) {
            case API_KEY -> text(h.apiKey());
            case IP -> text(h.ip());
            case XFF -> h.xff() != null ? text(h.xff()) : text(h.ip());
            case ANON_TOKEN_IP -> text(h.anonToken()) + "|" + text(h.ip());
            case PATH -> text(h.path());
            case GLOBAL -> "";
        };
    }

    private static String text(Template template) {
        return template == null ? KeyKind.MISSING : template.text();
    }

    private static String counted(KeyKind key) {
        return switch (key) {
            case IP, XFF, ANON_TOKEN_IP -> "keys on the address: ip, xff or anon-token+ip";
            default -> "key " + key.configName();
        };
    }

    // a run shorter than the window of a limiter whose bill counts writes of accepted requests (a Durable Object's
    // rows, KV's writes) is the start of one window, with a whole allowance for every key; scaled to a month as if it
    // repeated, it bills that allowance once per run length: a 60 s run of 1,000 keys at a limit of 10 per hour billed
    // its objects 31 % and KV 99 % above a run of an hour, hot-key-durable-object's 6 s run its hot object 9 % above
    // a run of two minutes
    public static Optional<String> shorterThanAWindow(List<LimiterSpec> limiters, long durationNanos) {
        Map<Long, List<String>> byWindow = new TreeMap<>(Comparator.reverseOrder());
        for (LimiterSpec limiter : limiters) {
            // a bucket's window: the time it takes to refill its whole burst (a full bucket is the allowance)
            List<StageSpec> billed = limiter.stages().stream().filter(stage -> stage.kind() == TierKind.DURABLE_OBJECT
                    || stage.kind() == TierKind.KV).toList();
            long window = billed.stream().mapToLong(stage -> stage.algorithm().windowNanos()).max().orElse(0);
            boolean bucket = billed.stream().anyMatch(stage -> !stage.algorithm().kind().windowed());
            if (window > durationNanos) {
                byWindow.computeIfAbsent(window, w -> new ArrayList<>()).add(limiter.name()
                        + (bucket ? " (its bucket's time to refill its burst)" : ""));
            }
        }
        if (byWindow.isEmpty()) {
            return Optional.empty();
        }
        List<String> parts = new ArrayList<>();
        byWindow.forEach((window, names) -> parts.add(Durations.format(window) + " of " + String.join(", ", names)));
        String run = Durations.format(durationNanos);
        return Optional.of("the " + run + " run is shorter than the window (" + String.join("; ", parts) + "): it is "
                + "the start of one window, and the bill, which scales the run to a 30-day month as if it repeated, "
                + "gives every key a new allowance every " + run + ", so where keys would reach their limits later in "
                + "a window it bills more writes of accepted requests (a Durable Object's rows, KV's writes) than a "
                + "month has; a run of a whole window or more bills them as a month would");
    }

    // the bill scales the run to a month as if it repeated: burst clients whose run holds more bursts than their
    // cadence (one burst every 1m in a 10 s run) are billed that many times their cadence; said when their bursts are
    // a tenth or more of the requests some limiter is expected to see (not for a lone request sent with a long every)
    private static Optional<String> burstsBilledAboveTheirCadence(List<ClientSpec> clients, List<LimiterSpec> limiters,
                                                                  long durationNanos) {
        Map<String, Double> expected = new LinkedHashMap<>();
        Map<String, Double> overBilled = new LinkedHashMap<>();
        Map<String, String> what = new LinkedHashMap<>();
        for (ClientSpec client : clients) {
            if (!(client instanceof ClientSpec.Population p) || p.rates() != null) {
                expected.put(client.name(), Double.NaN);  // not known before the run
                continue;
            }
            long active = activeNanos(p, durationNanos);
            double requests = regularRequests(p, active);
            if (p.burst() != null) {
                long every = p.burst().everyNanos();
                long bursts = (active + every - 1) / every;
                double inBursts = (double) p.count() * p.burst().size() * bursts;
                requests += inBursts;
                // the run's bursts against the cadence's over the whole run, as the bill counts them
                double times = bursts * (double) every / durationNanos;
                if (times > 1.1) {
                    overBilled.put(p.name(), inBursts);
                    what.put(p.name(), bursts + (bursts == 1 ? " burst" : " bursts") + (p.count() > 1
                            ? " per client" : "") + ", one every " + Durations.format(every) + ": "
                            + String.format(Locale.ROOT, times >= 100 ? "%,.0f" : "%.3g", times) + "x");
                }
            }
            expected.put(p.name(), requests);
        }
        Set<String> named = new LinkedHashSet<>();
        for (LimiterSpec limiter : limiters) {
            double all = 0;
            double over = 0;
            for (ClientSpec client : clients) {
                if (limiter.sees(client.name())) {
                    all += expected.get(client.name());
                    over += overBilled.getOrDefault(client.name(), 0.0);
                }
            }
            if (over > 0 && over >= 0.1 * all) {  // false for NaN: a client whose requests are not known
                clients.stream().map(ClientSpec::name).filter(n -> limiter.sees(n) && overBilled.containsKey(n))
                        .forEach(named::add);
            }
        }
        if (named.isEmpty()) {
            return Optional.empty();
        }
        Map<String, List<String>> byWhat = new LinkedHashMap<>();
        named.forEach(n -> byWhat.computeIfAbsent(what.get(n), k -> new ArrayList<>()).add(n));
        List<String> parts = new ArrayList<>();
        byWhat.forEach((text, names) -> parts.add(String.join(", ", names) + " (" + text + ")"));
        return Optional.of("the bill scales the " + Durations.format(durationNanos) + " run to a 30-day month as if "
                + "it repeated, which bills more bursts than their cadence for " + String.join("; ", parts)
                + ": at their cadence their requests' share of the bill would be that many times smaller (a duration "
                + "that is a whole multiple of their `every` bills them at their cadence)");
    }

    // several clients seen by a limiter keyed on the API key that send none, or rows of a trace it sees without one:
    // all counted under one key; rows of a trace without an address under a limiter keyed on it, likewise
    private static Optional<String> sharedMissingKey(List<ClientSpec> clients, LimiterSpec limiter) {
        boolean apiKey = limiter.stages().stream().anyMatch(stage -> stage.key() == KeyKind.API_KEY);
        boolean ip = limiter.stages().stream().anyMatch(stage -> stage.key() == KeyKind.IP);
        if (!apiKey && !ip) {
            return Optional.empty();
        }
        List<String> keyless = new ArrayList<>();
        List<String> keylessRows = new ArrayList<>();
        List<String> addresslessRows = new ArrayList<>();
        long keylessClients = 0;
        long senders = 0;
        long addressless = 0;
        for (ClientSpec client : clients) {
            if (!limiter.sees(client.name())) {
                continue;
            }
            if (apiKey && client instanceof ClientSpec.Population p && p.headers().apiKey() == null) {
                keyless.add(p.name());
                keylessClients += p.count();
                senders += p.count();
            } else if (client instanceof ClientSpec.Trace t) {
                if (apiKey && t.rowsWithoutApiKey() > 0) {
                    keylessRows.add(rows(t.rowsWithoutApiKey()) + " of trace " + t.name());
                    senders += t.rowsWithoutApiKey();
                }
                if (ip && t.rowsWithoutIp() > 0) {
                    addresslessRows.add(rows(t.rowsWithoutIp()) + " of trace " + t.name());
                    addressless += t.rowsWithoutIp();
                }
            }
        }
        if (senders >= 2) {
            List<String> who = new ArrayList<>();
            if (!keyless.isEmpty()) {
                who.add(keylessClients + (keylessClients == 1 ? " client (" : " clients (") + String.join(", ", keyless)
                        + ")");
            }
            who.addAll(keylessRows);
            return Optional.of("keyed on api-key, and " + String.join(" and ", who) + " send no API key: all their "
                    + "requests share one key, '" + KeyKind.MISSING + "' (give them " + (keyless.isEmpty() ? "a key"
                    : "key = \"...\"") + ", or key the limiter on ip)");
        }
        if (addressless >= 2) {
            return Optional.of("keyed on ip, and " + String.join(" and ", addresslessRows) + " have no ip: all their "
                    + "requests share one key, '" + KeyKind.MISSING + "' (give the rows an address: an ip column, "
                    + "or ClientIP in a Logpush export)");
        }
        return Optional.empty();
    }

    // how long a population sends within the run
    private static long activeNanos(ClientSpec.Population p, long durationNanos) {
        return Math.max(0, Math.min(p.stopNanos(), durationNanos) - p.startNanos());
    }

    // the regular (not burst) requests a population is expected to send in activeNanos: count x its mean rate
    private static double regularRequests(ClientSpec.Population p, long activeNanos) {
        return p.count() * (p.ratePerSecond() + p.rampToPerSecond()) / 2 * activeNanos / 1e9;
    }

    private static String rows(long n) {
        return n + (n == 1 ? " row" : " rows");
    }

    // a Durable Object stage homed in one region whose timeout is shorter than the round trip to it from a PoP the
    // limiter's clients send to: every call from there fails, whatever the load (certain only without latency tails,
    // whose round trips may be shorter than their median)
    private static Optional<String> timeoutsShorterThanTheWay(List<ClientSpec> clients, LimiterSpec limiter,
                                                              List<String> pops, RegionMap regions) {
        if (regions.tailsOn()) {
            return Optional.empty();
        }
        List<String> from = new ArrayList<>();
        for (ClientSpec client : clients) {
            if (!limiter.sees(client.name())) {
                continue;
            }
            List<String> sent = client instanceof ClientSpec.Population p ? p.pops().pops() : pops;
            sent.stream().filter(p -> !from.contains(p)).forEach(from::add);
        }
        for (StageSpec stage : limiter.stages()) {
            if (!(stage.tier() instanceof TierSettings.DurableObject d) || d.timeoutNanos() <= 0
                    || d.placement().policy() != Placement.Policy.FIXED) {
                continue;
            }
            String home = d.placement().region();
            List<String> cut = from.stream().filter(p -> regions.rttNanos(p, home) > d.timeoutNanos())
                    .map(p -> p + " (" + shownAbove(regions.rttNanos(p, home), d.timeoutNanos()) + ")").toList();
            if (!cut.isEmpty()) {
                return Optional.of(Durations.format(d.timeoutNanos()) + " is shorter than the round trip to its "
                        + "object in " + home + " from " + String.join(", ", cut) + ": every call from there fails "
                        + (d.failOpen() ? "open" : "closed") + ", whatever the load");
            }
        }
        return Optional.empty();
    }

    // a round trip above the timeout as a note shows it: an estimated one is to the nanosecond (283.180231ms), so to a
    // tenth of a millisecond, unless that would show it no longer than the timeout (250.04ms against 250ms)
    static String shownAbove(long rttNanos, long timeoutNanos) {
        long rounded = Math.round(rttNanos / 1e5) * 100_000L;
        return Durations.format(rounded > timeoutNanos ? rounded : rttNanos);
    }

    // two populations on different plans whose API key templates are the same text (without {name}, which makes
    // them differ): they send the same keys, and a key takes the plan of the client whose request first carried it
    private static Map<String, String> sharedKeysAcrossPlans(List<ClientSpec> clients) {
        Map<String, String> out = new LinkedHashMap<>();
        List<ClientSpec.Population> planned = clients.stream().filter(c -> c instanceof ClientSpec.Population)
                .map(c -> (ClientSpec.Population) c).filter(p -> p.plan() != null && p.headers().apiKey() != null
                        && !p.headers().apiKey().text().contains("{name}")).toList();
        for (int b = 0; b < planned.size(); b++) {
            for (int a = 0; a < b; a++) {
                ClientSpec.Population first = planned.get(a);
                ClientSpec.Population second = planned.get(b);
                if (!first.plan().equals(second.plan())
                        && first.headers().apiKey().text().equals(second.headers().apiKey().text())
                        && !out.containsKey("clients." + second.name() + ".key")) {
                    out.put("clients." + second.name() + ".key", "'" + second.headers().apiKey().text() + "', as "
                            + "client " + first.name() + "'s: its plan " + second.plan() + " and " + first.name()
                            + "'s plan " + first.plan() + " share those keys, and a key takes the plan of the client "
                            + "whose request first carried it, so the per-plan figures count a shared key under "
                            + "both plans and limit it by one (give each client keys of its own, e.g. key = "
                            + "\"{name}-{i}\")");
                }
            }
        }
        return out;
    }

    private static boolean anyStage(List<LimiterSpec> limiters, Predicate<StageSpec> test) {
        return limiters.stream().flatMap(l -> l.stages().stream()).anyMatch(test);
    }

    // why the fault can touch no request, or null when it may touch some
    private static String untouched(Fault fault, List<String> pops, boolean kv, boolean remote) {
        // only calls to durable-object and origin stages cross between regions (Flight's legs): a partition, a
        // latency fault and a region's outage reach no other stage, and a kv-outage only kv stages
        String kind = fault.kind().configName();
        return switch (fault.kind()) {
            case KV_OUTAGE -> kv ? null : kind + " changes nothing: no limiter has a kv stage";
            case REGION_OUTAGE -> pops.contains(fault.place()) || remote ? null : kind + " of " + fault.place()
                    + " changes nothing: it is not a PoP of the scenario, and no limiter calls a durable-object or "
                    + "origin stage homed anywhere";
            case PARTITION, LATENCY -> !remote ? kind + " between " + fault.place() + " and " + fault.other()
                    + " changes nothing: no limiter sends a message between regions (no durable-object or origin stage)"
                    : pops.contains(fault.place()) || pops.contains(fault.other()) ? null
                    : kind + " between " + fault.place() + " and " + fault.other() + " changes nothing: neither is a "
                    + "PoP of the scenario, and messages go between a PoP and the region of an object it calls";
            case POP_OUTAGE -> null;
        };
    }
}
