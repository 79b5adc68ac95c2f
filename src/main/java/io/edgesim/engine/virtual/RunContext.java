package io.edgesim.engine.virtual;

import io.edgesim.engine.ExactReferences;
import io.edgesim.engine.RunRecorder;
import io.edgesim.model.Request;
import io.edgesim.model.fault.FaultTimeline;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.region.RegionMap;
import io.edgesim.result.DecisionListener;
import io.edgesim.scenario.Scenario;
import io.edgesim.traffic.TrafficGenerator;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the parts of one virtual-engine run share: the scenario's PoPs and round trips, the block of requests being
 * decided with the numbers of their keys and the answers of the exact references, and the recorder with the decision
 * listener. One per run; the block's contents change from block to block ({@link #fill}). Not thread-safe.
 */
final class RunContext {

    final RegionMap regions;
    // by PoP index: the PoP's code and its position in the region map
    final String[] popNames;
    final int[] popRegion;
    private final Map<String, Integer> popIndex = new HashMap<>();
    // the block of requests being decided, each one's PoP index, and their keys
    final Request[] block;
    final int[] blockPops;
    // with faults: the fault that moved each request of the block to another PoP, or -1; else null
    final int[] blockFailovers;
    // null without faults
    final FaultTimeline faults;
    // by region index: the index of the scenario's PoP in that region, or -1
    private final int[] popOfRegion;
    final RequestKeys keys;
    // the run's numbering of keys, which also knows each key's plan
    final KeyIds keyIds;
    // the answers of the limiters' exact references for the block
    final ExactAnswers exact;
    final RunRecorder recorder;
    final DecisionListener listener;

    /**
     * @param keyIds    the run's numbering of keys, which every stage uses
     * @param blockSize requests taken from the stream at a time
     */
    RunContext(Scenario scenario, String engine, KeyIds keyIds, int blockSize, DecisionListener listener) {
        this.regions = scenario.regions();
        List<String> pops = scenario.pops();
        this.popNames = pops.toArray(String[]::new);
        this.popRegion = new int[pops.size()];
        for (int i = 0; i < pops.size(); i++) {
            popIndex.put(pops.get(i), i);
            popRegion[i] = regions.indexOf(pops.get(i));
        }
        this.popOfRegion = new int[regions.codes().size()];
        Arrays.fill(popOfRegion, -1);
        for (int i = 0; i < popRegion.length; i++) {
            popOfRegion[popRegion[i]] = i;
        }
        FaultTimeline timeline = scenario.faultTimeline();
        this.faults = timeline.isEmpty() ? null : timeline;
        this.blockFailovers = faults == null ? null : new int[blockSize];
        this.block = new Request[blockSize];
        this.blockPops = new int[blockSize];
        this.keys = new RequestKeys(keyIds, blockSize);
        this.keyIds = keyIds;
        this.exact = new ExactAnswers(new ExactReferences(scenario.limiters(), keyIds), keys, blockSize);
        this.recorder = new RunRecorder(scenario, engine, keyIds);
        this.listener = listener;
    }

    // a request landing in a PoP that is down goes to the nearest live one (anycast) and is counted there
    private int failOver(int slot) {
        Request request = block[slot];
        int fault = faults.popDown(popRegion[blockPops[slot]], request.timeNanos());
        if (fault < 0) {
            return -1;
        }
        int pop = popOfRegion[faults.failoverRegion(popRegion[blockPops[slot]], request.timeNanos())];
        blockPops[slot] = pop;
        block[slot] = new Request(request.id(), request.timeNanos(), popNames[pop], request.client(),
                request.apiKey(), request.ip(), request.xff(), request.anonToken(), request.path(), request.cost(),
                request.plan());
        return fault;
    }

    /** Whether the passes read ahead now ({@link ReadAhead#worthIt}). */
    boolean touchAhead() {
        return ReadAhead.worthIt(keyIds);
    }

    /** Starts a new block with the next requests of {@code stream}; returns how many (fewer only at its end). */
    int fill(TrafficGenerator stream) {
        keys.newBlock();
        int size = 0;
        Request request;
        while (size < block.length && (request = stream.next()) != null) {
            block[size] = request;
            keys.fromSource(size, stream.keyedSource());
            blockPops[size] = popIndex.get(request.pop());
            if (faults != null) {
                blockFailovers[size] = failOver(size);
            }
            size++;
        }
        return size;
    }
}
