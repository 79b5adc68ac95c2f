package io.edgesim.traffic;

import io.edgesim.model.Request;
import io.edgesim.model.key.KeyKind;
import io.edgesim.scenario.ClientSpec;
import io.edgesim.scenario.Scenario;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Turns a scenario's clients into one request stream: every client of every population and every trace is a
 * source, and the sources are merged by time (equal times in the order the clients are listed, then by client
 * index). Requests are numbered from 0 in that order and stop at the scenario's duration. The stream is a pure
 * function of the scenario and its seed, and holds one pending request per source, never the whole run.
 */
public final class TrafficGenerator implements RequestStream {

    // the groups of sources in the order the clients are listed, and the merge's number of each one's first source
    private final Sources[] groups;
    private final int[] firstSource;
    private final SourceCalendar calendar;
    private long nextId;
    // the source of the request next() returned last when its keys are its own for the run, else -1
    private int keyedSource = -1;

    private TrafficGenerator(List<Sources> groups) {
        this.groups = groups.toArray(Sources[]::new);
        this.firstSource = new int[this.groups.length];
        int sources = 0;
        for (int g = 0; g < this.groups.length; g++) {
            firstSource[g] = sources;
            sources = Math.addExact(sources, this.groups[g].size());
        }
        this.calendar = new SourceCalendar(sources, s -> {
            int g = groupOf(s);
            return this.groups[g].nextNanos(s - firstSource[g]);
        });
    }

    /** A fresh stream of {@code scenario}'s requests, drawn with {@code scenario.seed()}. */
    public static TrafficGenerator open(Scenario scenario) {
        List<Sources> groups = new ArrayList<>();
        Set<KeyKind> keyKinds = ClientPlan.keyKinds(scenario.limiters());
        for (ClientSpec client : scenario.clients()) {
            if (client instanceof ClientSpec.Population p) {
                groups.add(new ClientSources(ClientPlan.of(p, scenario.durationNanos(), keyKinds, scenario.seed()),
                        scenario.seed()));
            } else if (client instanceof ClientSpec.Trace t) {
                groups.add(new TraceSource(t, scenario.pops(), scenario.durationNanos()));
            }
        }
        return new TrafficGenerator(groups);
    }

    @Override
    public Request next() {
        if (calendar.isEmpty()) {
            return null;
        }
        int top = calendar.top();
        int g = groupOf(top);
        Sources group = groups[g];
        int source = top - firstSource[g];
        Request request = group.take(source, nextId++);
        keyedSource = group.sameKeys() ? top : -1;
        // a source that is done (DONE) leaves the calendar
        calendar.replaceTop(group.nextNanos(source));
        return request;
    }

    /**
     * The number of the source (0 or more, the same for all of a client's requests) of the request {@link #next}
     * returned last, when every request of that source has the same key of every kind the run's limiters key on;
     * -1 for a request of another source (a trace, a population whose clients change a keyed header per request),
     * or before the first request.
     */
    public int keyedSource() {
        return keyedSource;
    }

    // the group that merge source s belongs to: the last whose first source is s or before (a group of no sources
    // has the same first source as the group after it)
    private int groupOf(int s) {
        int at = Arrays.binarySearch(firstSource, s);
        if (at < 0) {
            return -at - 2;
        }
        while (at + 1 < firstSource.length && firstSource[at + 1] == s) {
            at++;
        }
        return at;
    }
}
