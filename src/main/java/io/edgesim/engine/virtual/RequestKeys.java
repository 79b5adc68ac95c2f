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
 *
 * <p>A request whose source always sends the same keys ({@link #fromSource}) has each kind looked up once per source
 * for the whole run, its number then kept by source number: a million clients' keys are otherwise a hash lookup per
 * request among a million strings, three cache misses one after the other (the string, the slot's key, its number),
 * where the number kept by source is one, at an address known as soon as the request is.
 */
final class RequestKeys {

    private static final int KINDS = KeyKind.values().length;

    private final KeyIds ids;
    private final String[][] keys;
    private final int[][] numbers;
    // by slot: the source whose keys are its own for the run (TrafficGenerator#keyedSource), or -1
    private final int[] sources;
    // per kind, by source: the number of the source's key + 1 (0: not looked up yet); null until a kind needs it
    private final int[][] bySource = new int[KINDS][];
    private long generation;
    // per kind, the block (generation) whose every request has its key of that kind loaded, if any
    private final long[] allLoaded = new long[KINDS];
    // what the reads ahead read, kept so that they are not optimised away
    private long touched;

    RequestKeys(KeyIds ids, int blockSize) {
        this.ids = ids;
        this.keys = new String[KINDS][blockSize];
        this.numbers = new int[KINDS][blockSize];
        this.sources = new int[blockSize];
        Arrays.fill(allLoaded, -1);
    }

    /** Starts a new block: every slot forgets its keys and its source. */
    void newBlock() {
        generation++;
        for (String[] kind : keys) {
            Arrays.fill(kind, null);
        }
        Arrays.fill(sources, -1);
    }

    /**
     * Notes that the request at {@code slot} came from source {@code source} (0 or more), every request of which has
     * the same key of every kind, or from no such source ({@code -1}); until the next block.
     */
    void fromSource(int slot, int source) {
        sources[slot] = source;
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

    /**
     * The number of the key of kind {@code kind} of the request at {@code slot} (0 or more) when it was numbered in
     * this block already, else -1; numbers nothing.
     */
    int known(int slot, KeyKind kind) {
        int k = kind.ordinal();
        return keys[k][slot] != null ? numbers[k][slot] : -1;
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
        boolean touchAhead = ReadAhead.worthIt(ids);
        for (int slot = 0; slot < size; slot++) {
            if (touchAhead && ReadAhead.starts(slot)) {
                touchSources(k, slot, ReadAhead.end(slot, size));
            }
            if (kindKeys[slot] == null) {
                String key = kind.extract(block[slot]);
                kindKeys[slot] = key;
                kindNumbers[slot] = number(k, slot, key, block[slot].plan());
            }
        }
        allLoaded[k] = generation;
    }

    // reads the numbers kept by source of the requests at slots from to to - 1 in one short loop (ReadAhead): a
    // million sources' numbers are far beyond the caches
    private void touchSources(int k, int from, int to) {
        int[] known = bySource[k];
        if (known == null) {
            return;
        }
        int read = 0;
        for (int slot = from; slot < to; slot++) {
            int source = sources[slot];
            if (source >= 0 && source < known.length) {
                read += known[source];
            }
        }
        touched += read;
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
            numbers[k][slot] = number(k, slot, key, request.plan());
        }
    }

    // the number of key, of kind k, of the request at slot: kept by its source when it has one
    private int number(int k, int slot, String key, String plan) {
        int source = sources[slot];
        if (source < 0) {
            return ids.idOf(key, plan);
        }
        int[] known = bySource[k];
        if (known == null || source >= known.length) {
            int length = known == null ? source + 1 : Math.max(source + 1, 2 * known.length);
            known = known == null ? new int[length] : Arrays.copyOf(known, length);
            bySource[k] = known;
        }
        int number = known[source] - 1;
        if (number < 0) {
            number = ids.idOf(key, plan);
            known[source] = number + 1;
        }
        return number;
    }
}
