package io.edgesim.scenario;

import io.edgesim.model.cost.Prices;
import io.edgesim.scenario.config.ConfigReader;
import io.edgesim.scenario.config.Defaults;

import java.util.List;

/**
 * Reads the prices in force: reference.conf's {@code edgesim.prices} (the published Workers Paid prices) with the
 * scenario's {@code prices { ... }} over them.
 */
final class PricesReader {

    private PricesReader() {
    }

    static Prices read(ConfigReader scenario) {
        ConfigReader defaults = Defaults.section("prices");
        ConfigReader p = defaults;
        if (scenario.has("prices")) {
            ConfigReader written = scenario.object("prices");
            List<String> names = defaults.keysInFileOrder();
            written.rejectUnknownKeys(names);
            p = written.withFallback(defaults.config());
        }
        return new Prices(whole(p, "durable-object-requests-included"), money(p, "durable-object-requests-per-million"),
                whole(p, "rows-written-included"), money(p, "rows-written-per-million"),
                whole(p, "rows-read-included"), money(p, "rows-read-per-million"),
                money(p, "duration-gb-seconds-included"), money(p, "duration-per-million-gb-seconds"),
                money(p, "billed-memory-gb"), whole(p, "kv-reads-included"), money(p, "kv-reads-per-million"),
                whole(p, "kv-writes-included"), money(p, "kv-writes-per-million"), money(p, "plan-minimum"));
    }

    private static long whole(ConfigReader p, String key) {
        long n = p.wholeNumber(key, "a whole number, 0 or more");
        if (n < 0) {
            throw p.error(key, n + " is negative", "a whole number, 0 or more");
        }
        return n;
    }

    private static double money(ConfigReader p, String key) {
        double d = p.number(key, "a number, 0 or more");
        if (!(d >= 0) || Double.isInfinite(d)) {
            throw p.error(key, p.shown(key) + " is negative", "a number, 0 or more");
        }
        return d;
    }
}
