package io.edgesim.scenario.trace;

import java.nio.file.Path;
import java.util.Collection;

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

    /** Reads the whole file once, checking every row; returns how many rows it has and when the first is. */
    static Checked validate(Path path, Collection<String> pops) {
        try (TraceRows rows = open(path, pops)) {
            long count = 0;
            long first = -1;
            for (TraceRow row = rows.next(); row != null; row = rows.next()) {
                if (count++ == 0) {
                    first = row.timeNanos();
                }
            }
            return new Checked(count, first);
        }
    }

    /**
     * A checked file.
     *
     * @param rows       its rows (requests)
     * @param firstNanos the first row's time in the run (rows are in time order), -1 without rows
     */
    record Checked(long rows, long firstNanos) {
    }
}
