package io.edgesim.scenario.trace;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;

/**
 * The rows of a recorded trace, read one at a time in time order. Two formats: CSV ({@link TraceReader}) and
 * Cloudflare Logpush HTTP request NDJSON ({@link LogpushReader}, for files ending in .ndjson or .jsonl).
 */
public interface TraceRows extends AutoCloseable {

    /** The next row, or null at the end of the file. */
    TraceRow next();

    @Override
    void close();

    /**
     * Opens {@code path} in the format its name says.
     *
     * @param pops the PoPs a row may name (the scenario's regions)
     */
    static TraceRows open(Path path, Collection<String> pops) {
        String name = path.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        return name.endsWith(".ndjson") || name.endsWith(".jsonl") ? LogpushReader.open(path, pops)
                : TraceReader.open(path, pops);
    }

    /**
     * Reads the whole file once, checking every row; returns how many rows it has, when the first is, and a digest of
     * the rows as read (what a run replays: two files of the same rows in other layouts have the same digest).
     */
    static Checked validate(Path path, Collection<String> pops) {
        return validate(path, pops, Long.MAX_VALUE);
    }

    /** The same, the rows without an API key or an address counted only before {@code endNanos} (the run's end). */
    static Checked validate(Path path, Collection<String> pops, long endNanos) {
        MessageDigest sha256;
        try {
            sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
        try (TraceRows rows = open(path, pops)) {
            long count = 0;
            long first = -1;
            long withoutApiKey = 0;
            long withoutIp = 0;
            for (TraceRow row = rows.next(); row != null; row = rows.next()) {
                if (count++ == 0) {
                    first = row.timeNanos();
                }
                if (row.timeNanos() < endNanos) {
                    withoutApiKey += row.apiKey() == null ? 1 : 0;
                    withoutIp += row.ip() == null ? 1 : 0;
                }
                // each field, then a separator no field holds (a missing field as its own mark)
                for (Object field : new Object[]{row.timeNanos(), row.pop(), row.apiKey(), row.cost(), row.ip(),
                        row.xff(), row.anonToken(), row.path()}) {
                    sha256.update((field == null ? "\u0001" : field + "\u0000").getBytes(StandardCharsets.UTF_8));
                }
            }
            return new Checked(count, first, HexFormat.of().formatHex(sha256.digest(), 0, DIGEST_BYTES),
                    withoutApiKey, withoutIp);
        }
    }

    /** The bytes of a trace's SHA-256 digest shown: 64 bits, enough to tell two traces apart. */
    int DIGEST_BYTES = 8;

    /**
     * A checked file.
     *
     * @param rows       its rows (requests)
     * @param firstNanos the first row's time in the run (rows are in time order), -1 without rows
     * @param sha256     the first {@link #DIGEST_BYTES} bytes of the SHA-256 of its rows, in hex
     * @param withoutApiKey its rows without an API key (before the run's end, when validated for a run)
     * @param withoutIp  its rows without an address (likewise)
     */
    record Checked(long rows, long firstNanos, String sha256, long withoutApiKey, long withoutIp) {
    }
}
