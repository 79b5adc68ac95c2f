package io.edgesim.engine.virtual;

import io.edgesim.model.Request;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeyKind;

import java.util.Arrays;

/**
 * The keys of the request being decided, each kind extracted and numbered once however many limiters and stages
 * key on it: one lookup in the run's {@link KeyIds} per kind per request instead of one per stage.
 */
final class RequestKeys {

    private final KeyIds ids;
    private final String[] keys = new String[KeyKind.values().length];
    private final int[] numbers = new int[KeyKind.values().length];
    private Request request;

    RequestKeys(KeyIds ids) {
        this.ids = ids;
    }

    /** The key of {@code request} under {@code kind}. */
    String key(Request request, KeyKind kind) {
        load(request, kind);
        return keys[kind.ordinal()];
    }

    /** The number of {@link #key}. */
    int id(Request request, KeyKind kind) {
        load(request, kind);
        return numbers[kind.ordinal()];
    }

    private void load(Request request, KeyKind kind) {
        // identity, not equals: a request is one object from arrival to its last stage
        if (request != this.request) {
            Arrays.fill(keys, null);
            this.request = request;
        }
        int k = kind.ordinal();
        if (keys[k] == null) {
            keys[k] = kind.extract(request);
            numbers[k] = ids.idOf(keys[k]);
        }
    }
}
