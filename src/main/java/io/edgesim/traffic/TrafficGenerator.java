package io.edgesim.traffic;

import io.edgesim.model.Request;
import io.edgesim.model.key.KeyKind;
import io.edgesim.scenario.ClientSpec;
import io.edgesim.scenario.Scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Turns a scenario's clients into one request stream: every client of every population and every trace is a
 * source, and the sources are merged by time (equal times in the order the clients are listed, then by client
 * index). Requests are numbered from 0 in that order and stop at the scenario's duration. The stream is a pure
 * function of the scenario and its seed, and holds one pending request per source, never the whole run.
 */
public final class TrafficGenerator implements RequestStream {

    private final Source[] sources;
    private final SourceTree tree;
    private long nextId;

    private TrafficGenerator(List<Source> sources) {
        this.sources = sources.toArray(Source[]::new);
        this.tree = new SourceTree(this.sources.length, i -> this.sources[i].nextNanos());
    }

    /** A fresh stream of {@code scenario}'s requests, drawn with {@code scenario.seed()}. */
    public static RequestStream open(Scenario scenario) {
        List<Source> sources = new ArrayList<>();
        Set<KeyKind> keyKinds = ClientPlan.keyKinds(scenario.limiters());
        for (ClientSpec client : scenario.clients()) {
            if (client instanceof ClientSpec.Population p) {
                ClientPlan plan = ClientPlan.of(p, scenario.durationNanos(), keyKinds, scenario.seed());
                for (int i = 0; i < p.count(); i++) {
                    sources.add(new ClientSource(plan, i, scenario.seed()));
                }
            } else if (client instanceof ClientSpec.Trace t) {
                sources.add(new TraceSource(t, scenario.pops(), scenario.durationNanos()));
            }
        }
        return new TrafficGenerator(sources);
    }

    @Override
    public Request next() {
        if (tree.isEmpty()) {
            return null;
        }
        Source source = sources[tree.top()];
        Request request = source.take(nextId++);
        // a source that is done (DONE) stays in the tree, behind every source that is not
        tree.replaceTop(source.nextNanos());
        return request;
    }
}
