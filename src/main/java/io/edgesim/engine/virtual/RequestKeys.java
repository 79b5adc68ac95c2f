package io.edgesim.engine.virtual;

import io.edgesim.model.Request;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeyKind;

import java.util.Arrays;

/**
 * The keys of the requests of the block being decided, each kind extracted and numbered once per request however
 * many limiters and stages key on it and however many passes over the block the engine makes: one lookup in the
 * run's {@link KeyIds} per kind per request instead of one per stage.
 *
 * <p>A request is named by its position in the block ({@code slot}); {@link #generation()} changes with every new
 * block, so a request that comes back from a remote tier after its block was replaced passes slot -1 and has its keys
 * extracted again.
 */
final class RequestKeys {

    private static final int KINDS = KeyKind.values().length;

    private final KeyIds ids;
    private final String[][] keys;
    private final int[][] numbers;
    private long generation;
    // per kind, the block (generation) whose every request has its key of that kind loaded, if any
    private final long[] allLoaded = new long[KINDS];

    RequestKeys(KeyIds ids, int blockSize) {
        this.ids = ids;
        this.keys = new String[KINDS][blockSize];
        this.numbers = new int[KINDS][blockSize];
        Arrays.fill(allLoaded, -1);
    }

    /** Starts a new block: every slot forgets its keys. */
    void newBlock() {
        generation++;
        for (String[] kind : keys) {
            Arrays.fill(kind, null);
        }
    }

    /** Changes with every block. */
    long generation() {
        return generation;
    }

    /** The key of {@code request}, at {@code slot} of the block (or -1), under {@code kind}. */
    String key(int slot, Request request, KeyKind kind) {
        if (slot < 0) {
            return kind.extract(request);
        }
        load(slot, request, kind);
        return keys[kind.ordinal()][slot];
    }

    /** The number of {@link #key}. */
    int id(int slot, Request request, KeyKind kind) {
        if (slot < 0) {
            return ids.idOf(kind.extract(request), request.plan());
        }
        load(slot, request, kind);
        return numbers[kind.ordinal()][slot];
    }

    /**
     * Extracts and numbers the key of kind {@code kind} of each of the block's first {@code size} requests (the
     * whole block) that has none yet, in slot order; a second call for the same block does nothing.
     */
    void loadAll(KeyKind kind, Request[] block, int size) {
        int k = kind.ordinal();
        if (allLoaded[k] == generation) {
            return;
        }
        String[] kindKeys = keys[k];
        int[] kindNumbers = numbers[k];
        for (int slot = 0; slot < size; slot++) {
            if (kindKeys[slot] == null) {
                String key = kind.extract(block[slot]);
                kindKeys[slot] = key;
                kindNumbers[slot] = ids.idOf(key, block[slot].plan());
            }
        }
        allLoaded[k] = generation;
    }

    /**
     * The numbers of kind {@code kind} by slot, of this block's requests whose key of that kind was asked for (by
     * {@link #id} or {@link #key}) since {@link #newBlock}; the others' entries are stale.
     */
    int[] numbers(KeyKind kind) {
        return numbers[kind.ordinal()];
    }

    private void load(int slot, Request request, KeyKind kind) {
        int k = kind.ordinal();
        if (keys[k][slot] == null) {
            String key = kind.extract(request);
            keys[k][slot] = key;
            numbers[k][slot] = ids.idOf(key, request.plan());
        }
    }
}
