package io.edgesim.scenario.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.model.key.KeyKind;
import io.edgesim.scenario.config.CodeList;
import io.edgesim.scenario.config.HoconSource;
import io.edgesim.scenario.config.ConfigReader;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Collection;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Replays a Cloudflare Logpush "HTTP requests" dataset exported as NDJSON (one JSON object per line). Fields used:
 * {@code EdgeStartTimestamp} (a Unix time in seconds, milliseconds, microseconds or nanoseconds - Logpush's
 * {@code unix}, {@code unixnano} (the default) or a converted export -, told apart by magnitude, or an RFC 3339
 * string),
 * {@code EdgeColoCode} (the PoP), {@code ClientIP}, {@code ClientRequestPath}, and from {@code RequestHeaders} (a
 * custom field the Logpush job must be set to include) {@code x-api-key} or else {@code authorization}'s credentials
 * ({@link KeyKind#apiKeyOfAuthorization}) as the key,
 * and {@code x-forwarded-for} (first entry). Other fields are ignored. The first row's timestamp is scenario time 0;
 * rows must be in nondecreasing time (Logpush batches are not always: sort them first). Every request costs 1.
 */
public final class LogpushReader extends TraceFile {

    // " (start marker at [Source: REDACTED (...); line: 1, column: 1])" and the like
    private static final java.util.regex.Pattern JACKSON_SOURCE = java.util.regex.Pattern.compile(
            "\\s*\\(start marker at \\[Source:.*?\\]\\)|\\s*at \\[Source:.*?\\]");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    // A Unix time is told apart by its size: today's time (about 1.7e9 s) is below 1e11 in seconds (year 5138), below
    // 1e14 in milliseconds, below 1e17 in microseconds, and above them all in nanoseconds (1e17 ns is March 1973).
    private static final BigDecimal SECONDS_BELOW = new BigDecimal("1e11");
    private static final BigDecimal MILLIS_BELOW = new BigDecimal("1e14");
    private static final BigDecimal MICROS_BELOW = new BigDecimal("1e17");
    private static final String TIMESTAMP = "a Unix time in seconds (below 1e11, may be fractional), milliseconds "
            + "(below 1e14), microseconds (below 1e17) or nanoseconds, or an RFC 3339 time";

    private final Set<String> pops;
    private long firstNanos = Long.MIN_VALUE;
    private long previousNanos = Long.MIN_VALUE;

    private LogpushReader(Path path, Collection<String> pops) {
        super(path);
        this.pops = Set.copyOf(pops);
    }

    /** Opens a Logpush NDJSON file; {@code pops} are the PoPs a row may name. */
    public static LogpushReader open(Path path, Collection<String> pops) {
        return new LogpushReader(path, pops);
    }

    @Override
    public TraceRow next() {
        String text = nextLine();
        return text == null ? null : row(text);
    }

    private TraceRow row(String text) {
        JsonNode row;
        try {
            row = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            // Jackson's own words, without where its source is (a REDACTED source and a start marker)
            String why = JACKSON_SOURCE.matcher(HoconSource.oneLine(e.getOriginalMessage())).replaceAll("");
            throw error("not a JSON object: " + why + (e.getLocation() == null ? "" : " (column "
                    + e.getLocation().getColumnNr() + ")"), "one Logpush JSON object per line");
        }
        if (row == null || !row.isObject()) {
            throw error("not a JSON object", "one Logpush JSON object per line");
        }
        long nanos = timestamp(row.get("EdgeStartTimestamp"));
        if (nanos < previousNanos) {
            throw error("EdgeStartTimestamp goes back in time", "rows in nondecreasing EdgeStartTimestamp order "
                    + "(sort the file first, e.g. jq -c -s 'sort_by(.EdgeStartTimestamp)[]')");
        }
        previousNanos = nanos;
        if (firstNanos == Long.MIN_VALUE) {
            firstNanos = nanos;
        }
        // a row in another unit (or century) than the first would otherwise wrap around
        long offsetNanos = nanos - firstNanos;
        if (offsetNanos < 0 || offsetNanos > ConfigReader.MAX_DURATION_NANOS) {
            throw error("EdgeStartTimestamp is more than " + Durations.format(ConfigReader.MAX_DURATION_NANOS)
                    + " after the first row's", "rows within " + Durations.format(ConfigReader.MAX_DURATION_NANOS)
                    + " of the first (is every row's timestamp in the same unit?)");
        }
        String pop = text(row, "EdgeColoCode");
        if (pop == null) {
            throw error("no EdgeColoCode", "the PoP's IATA code, one of " + CodeList.of(sorted()));
        }
        pop = pop.toUpperCase(Locale.ROOT);
        if (!pops.contains(pop)) {
            throw error("EdgeColoCode '" + pop + "' is not a region of the scenario", CodeList.of(sorted(), pop));
        }
        JsonNode headers = row.get("RequestHeaders");
        if (headers != null && !headers.isNull() && !headers.isObject()) {
            // a string would give every row no key without a word
            throw error("RequestHeaders is " + headers.getNodeType().toString().toLowerCase(Locale.ROOT) + ", not "
                    + "an object", "an object of request headers, e.g. {\"x-api-key\":\"k1\"}, or no RequestHeaders");
        }
        String key = header(headers, "x-api-key");
        if (key == null) {
            key = KeyKind.apiKeyOfAuthorization(header(headers, "authorization"));
        }
        String xff = header(headers, "x-forwarded-for");
        if (xff != null) {
            int comma = xff.indexOf(',');
            xff = (comma < 0 ? xff : xff.substring(0, comma)).strip();
        }
        return new TraceRow(line(), offsetNanos, pop, key, 1, text(row, "ClientIP"), xff, null,
                text(row, "ClientRequestPath"));
    }

    private long timestamp(JsonNode value) {
        if (value == null || value.isNull()) {
            throw error("no EdgeStartTimestamp", TIMESTAMP);
        }
        if (value.isNumber()) {
            return unixNanos(value);
        }
        try {
            OffsetDateTime time = OffsetDateTime.parse(value.asText());
            return Math.addExact(Math.multiplyExact(time.toEpochSecond(), NANOS_PER_SECOND), time.getNano());
        } catch (DateTimeParseException | ArithmeticException e) {
            throw error("EdgeStartTimestamp '" + value.asText() + "' is not a time", TIMESTAMP);
        }
    }

    /** A Unix time in the unit its magnitude says, in nanoseconds. */
    private long unixNanos(JsonNode value) {
        // a number beyond a double's range (1e400) is read as infinite and has no decimal value
        if (!Double.isFinite(value.doubleValue())) {
            throw error("EdgeStartTimestamp is a number beyond any time (above 1e308)", TIMESTAMP);
        }
        // decimal, not double: a double cannot hold every nanosecond of today's Unix time (1.7e18 ns)
        BigDecimal number = value.decimalValue();
        if (number.signum() < 0) {
            throw error("EdgeStartTimestamp " + value.asText() + " is negative", TIMESTAMP);
        }
        long perUnit = number.compareTo(SECONDS_BELOW) < 0 ? NANOS_PER_SECOND
                : number.compareTo(MILLIS_BELOW) < 0 ? 1_000_000L
                : number.compareTo(MICROS_BELOW) < 0 ? 1_000L : 1L;
        try {
            return number.multiply(BigDecimal.valueOf(perUnit)).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
        } catch (ArithmeticException e) {
            throw error("EdgeStartTimestamp " + value.asText() + " is too large (after the year 2262)", TIMESTAMP);
        }
    }

    private static String text(JsonNode row, String field) {
        JsonNode value = row.get(field);
        return value == null || value.isNull() || value.asText().isEmpty() ? null : value.asText();
    }

    // header names are case-insensitive; Logpush keeps them as the job configured them
    private static String header(JsonNode headers, String name) {
        if (headers == null || !headers.isObject()) {
            return null;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = headers.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getKey().equalsIgnoreCase(name) && !e.getValue().isNull() && !e.getValue().asText().isEmpty()) {
                return e.getValue().asText();
            }
        }
        return null;
    }

    private java.util.List<String> sorted() {
        return pops.stream().sorted().toList();
    }

}
