package io.edgesim.engine.virtual;

import io.edgesim.engine.ExactReferences;
import io.edgesim.engine.RunRecorder;
import io.edgesim.model.Request;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.region.RegionMap;
import io.edgesim.result.DecisionListener;
import io.edgesim.scenario.Scenario;
import io.edgesim.traffic.RequestStream;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the parts of one virtual-engine run share: the scenario's PoPs and round trips, the block of requests being
 * decided with the numbers of their keys, the limiters' exact references, and the recorder with the decision
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
    final RequestKeys keys;
    final ExactReferences exact;
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
        this.block = new Request[blockSize];
        this.blockPops = new int[blockSize];
        this.keys = new RequestKeys(keyIds, blockSize);
        this.exact = new ExactReferences(scenario.limiters(), keyIds);
        this.recorder = new RunRecorder(scenario, engine, keyIds);
        this.listener = listener;
    }

    /** Starts a new block with the next requests of {@code stream}; returns how many (fewer only at its end). */
    int fill(RequestStream stream) {
        keys.newBlock();
        int size = 0;
        Request request;
        while (size < block.length && (request = stream.next()) != null) {
            block[size] = request;
            blockPops[size] = popIndex.get(request.pop());
            size++;
        }
        return size;
    }
}
