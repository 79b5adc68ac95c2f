package io.edgesim.engine.virtual;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Small valid scenarios drawn from a seed: a few client populations over two to four PoPs for a few seconds, and
 * limiters of every tier and algorithm with numbers each tier accepts, sometimes a chain. The same seed gives the
 * same scenario text.
 */
final class RandomScenarios {

    static final List<String> TIERS = List.of("isolate", "cache", "kv", "binding", "waf", "durable-object",
            "origin");
    static final List<String> WINDOWED = List.of("fixed-window", "sliding-window", "sliding-log");
    static final List<String> BUCKETS = List.of("token-bucket", "gcra");
    private static final List<String> POPS = List.of("FRA", "AMS", "LHR", "IAD", "SYD", "SIN", "NRT");
    private static final List<String> PLACEMENTS = List.of("{ policy = first-request }",
            "{ policy = fixed, region = FRA }", "{ policy = location-hint, hint = apac }", "{ policy = per-area }");

    private final Random random;

    RandomScenarios(long seed) {
        this.random = new Random(seed);
    }

    /** The HOCON text of the next scenario. */
    String next(String name) {
        StringBuilder s = new StringBuilder();
        s.append("name = ").append(name).append('\n');
        s.append("duration = ").append(2 + random.nextInt(9)).append("s\n");
        s.append("seed = ").append(random.nextInt(1_000)).append('\n');
        List<String> pops = new ArrayList<>(POPS);
        java.util.Collections.shuffle(pops, random);
        pops = pops.subList(0, 2 + random.nextInt(3));
        s.append("regions = [").append(String.join(", ", pops)).append("]\n");
        s.append("clients = [\n");
        int clients = 1 + random.nextInt(3);
        for (int c = 0; c < clients; c++) {
            s.append(String.format(Locale.ROOT, "  { name = c%d, count = %d, key = \"%s\", ip = \"203.0.113.%d\", "
                            + "rate = %.1f, arrival = %s%s }%n", c, 1 + random.nextInt(5),
                    random.nextBoolean() ? "c" + c + "-{i}" : "shared", 1 + random.nextInt(3),
                    0.5 + random.nextInt(300) / 10.0, random.nextBoolean() ? "constant" : "poisson",
                    random.nextInt(3) == 0 ? ", pop-choice = per-client" : ""));
        }
        s.append("]\nlimiters = [\n");
        int limiters = 2 + random.nextInt(4);
        for (int l = 0; l < limiters; l++) {
            if (random.nextInt(5) == 0) {
                s.append("  { name = l").append(l).append(", chain = [ { ").append(stage("cache"))
                        .append(" }, { ").append(stage("durable-object")).append(" } ] }\n");
            } else {
                s.append("  { name = l").append(l).append(", ").append(stage(pick(TIERS))).append(" }\n");
            }
        }
        return s.append("]\n").toString();
    }

    private String stage(String tier) {
        StringBuilder s = new StringBuilder("tier = ").append(tier);
        switch (tier) {
            case "binding" -> s.append(", limit = ").append(1 + random.nextInt(30)).append(", period = ")
                    .append(random.nextBoolean() ? 10 : 60).append(", key = ").append(key());
            case "waf" -> s.append(", algorithm = ").append(pick(WINDOWED)).append(", limit = ")
                    .append(1 + random.nextInt(30)).append(", period = 10s");
            default -> {
                s.append(", ").append(algorithm()).append(", key = ").append(key());
                if (tier.equals("durable-object")) {
                    s.append(", placement ").append(pick(PLACEMENTS));
                } else if (tier.equals("kv")) {
                    s.append(", fail-open = ").append(random.nextBoolean());
                } else if (tier.equals("isolate")) {
                    s.append(", mean-lifetime = ").append(1 + random.nextInt(10)).append('s');
                }
            }
        }
        return s.toString();
    }

    private String algorithm() {
        if (random.nextInt(5) < 3) {
            return "algorithm = " + pick(WINDOWED) + ", limit = " + (1 + random.nextInt(30)) + ", window = "
                    + (1 + random.nextInt(5)) + "s";
        }
        return String.format(Locale.ROOT, "algorithm = %s, rate = %.1f, burst = %d", pick(BUCKETS),
                0.5 + random.nextInt(100) / 10.0, 1 + random.nextInt(20));
    }

    private String key() {
        return random.nextBoolean() ? "api-key" : "ip";
    }

    private String pick(List<String> choices) {
        return choices.get(random.nextInt(choices.size()));
    }
}
