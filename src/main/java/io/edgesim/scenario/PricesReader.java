package io.edgesim.scenario;

import io.edgesim.model.cost.Prices;
import io.edgesim.scenario.config.AssumptionLog;
import io.edgesim.scenario.config.ConfigReader;
import io.edgesim.scenario.config.Defaults;

import java.util.List;

/**
 * Reads the prices in force: reference.conf's {@code edgesim.prices} (the published Workers Paid prices) with the
 * scenario's {@code prices { ... }} over them.
 */
final class PricesReader {

    private static final String CPU_MS_PER_REQUEST = "worker-cpu-ms-per-request";
    // a price, a CPU time or a memory size far beyond any the platform charges, but small enough that a month of a
    // run's traffic stays a finite bill with cents
    private static final double MAX_MONEY = 1e9;
    private static final String MONEY = "a number from 0 to 1e9";

    private PricesReader() {
    }

    /**
     * The prices in force; {@code log} notes the figures the platform does not publish (the CPU time of an
     * invocation) when the scenario leaves them at their default.
     */
    static Prices read(ConfigReader scenario, AssumptionLog log) {
        ConfigReader defaults = Defaults.section("prices");
        ConfigReader p = defaults;
        ConfigReader own = scenario.has("prices") ? scenario.object("prices") : null;
        if (own != null) {
            List<String> names = defaults.keysInFileOrder();
            own.rejectUnknownKeys(names);
            p = own.withFallback(defaults.config());
        }
        if (own == null || !own.has(CPU_MS_PER_REQUEST)) {
            log.defaultUsed("prices." + CPU_MS_PER_REQUEST, p.shown(CPU_MS_PER_REQUEST) + " ms");
        }
        return new Prices(whole(p, "worker-requests-included"), money(p, "worker-requests-per-million"),
                whole(p, "cpu-ms-included"), money(p, "cpu-ms-per-million"), money(p, CPU_MS_PER_REQUEST),
                whole(p, "durable-object-requests-included"), money(p, "durable-object-requests-per-million"),
                whole(p, "rows-written-included"), money(p, "rows-written-per-million"),
                whole(p, "rows-read-included"), money(p, "rows-read-per-million"),
                amount(p, "duration-gb-seconds-included"), money(p, "duration-per-million-gb-seconds"),
                money(p, "billed-memory-gb"), whole(p, "kv-reads-included"), money(p, "kv-reads-per-million"),
                whole(p, "kv-writes-included"), money(p, "kv-writes-per-million"),
                money(p, "rate-limiting-binding-per-million"), money(p, "plan-minimum"));
    }

    private static long whole(ConfigReader p, String key) {
        String allowed = "a whole number from 0 to 9e15";
        long n = p.wholeNumber(key, allowed);
        if (n < 0) {
            throw p.error(key, n + " is negative", allowed);
        }
        return n;
    }

    // an included amount that need not be whole (GB-seconds), over the same range as the counts
    private static double amount(ConfigReader p, String key) {
        String allowed = "a number from 0 to 9e15";
        double d = p.number(key, allowed);
        if (d < 0) {
            throw p.error(key, p.shown(key) + " is negative", allowed);
        }
        if (d > 9e15) {
            throw p.error(key, p.shown(key) + " is too large", allowed);
        }
        return d;
    }

    private static double money(ConfigReader p, String key) {
        double d = p.number(key, MONEY);
        if (d < 0) {
            throw p.error(key, p.shown(key) + " is negative", MONEY);
        }
        if (d > MAX_MONEY) {
            throw p.error(key, p.shown(key) + " is too large", MONEY);
        }
        return d;
    }
}
