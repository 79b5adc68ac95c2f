package io.edgesim.traffic;

import io.edgesim.model.Request;
import io.edgesim.scenario.ClientSpec;
import io.edgesim.scenario.trace.TraceRow;
import io.edgesim.scenario.trace.TraceRows;

import java.util.Collection;

/**
 * A recorded trace, read one row ahead: a group of one source. Rows at or after the end of the run are dropped; the
 * file is closed as soon as the trace is exhausted.
 */
final class TraceSource implements Sources {

    private final String name;
    private final String plan;
    private final long durationNanos;
    private final TraceRows reader;
    private TraceRow next;

    TraceSource(ClientSpec.Trace trace, Collection<String> pops, long durationNanos) {
        this.name = trace.name();
        this.plan = trace.plan();
        this.durationNanos = durationNanos;
        this.reader = TraceRows.open(trace.file(), pops);
        advance();
    }

    @Override
    public int size() {
        return 1;
    }

    @Override
    public boolean sameKeys() {
        return false;
    }

    @Override
    public long nextNanos(int source) {
        return next == null ? DONE : next.timeNanos();
    }

    @Override
    public Request take(int source, long id) {
        TraceRow row = next;
        advance();
        return new Request(id, row.timeNanos(), row.pop(), name, row.apiKey(), row.ip(), row.xff(), row.anonToken(),
                row.path(), row.cost(), plan);
    }

    private void advance() {
        next = reader.next();
        if (next == null || next.timeNanos() >= durationNanos) {
            next = null;
            reader.close();
        }
    }
}
