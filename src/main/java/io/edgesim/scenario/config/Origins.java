package io.edgesim.scenario.config;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Where each key of one object was written, so that messages name it there: the bookkeeping of
 * {@link ConfigReader}'s layering. The object's own keys were written in it; a key taken from a lower layer
 * ({@link ConfigReader#withFallback(ConfigReader)}) keeps the file and path where it was written, and, when it was
 * taken as defaults written for other objects ({@link ConfigReader#under}), the object it was applied to:
 * "client-defaults.arrival (applied to clients[2])". Immutable.
 */
final class Origins {

    /**
     * Where one object was written.
     *
     * @param file      the file, as messages name it
     * @param path      the object's path in it: "limiters[1]", "" at the root
     * @param appliedTo the object its settings were taken into when they were written for others, or null
     */
    record Origin(String file, String path, String appliedTo) {

        /** Where {@code key} of this object was written: "limiters[1].period", "client-defaults.arrival". */
        String pathOf(String key) {
            return path.isEmpty() ? key : path + "." + key;
        }

        /** " (applied to clients[2])", or "" for an object's own settings. */
        String note() {
            return appliedTo == null ? "" : " (applied to " + appliedTo + ")";
        }
    }

    private final Origin here;
    // keys taken from a lower layer -> where they were written
    private final Map<String, Origin> taken;
    // the files the object's file was read from, which order its keys
    private final FileOrder order;

    private Origins(Origin here, Map<String, Origin> taken, FileOrder order) {
        this.here = here;
        this.taken = taken;
        this.order = order;
    }

    /** An object written at {@code path} of {@code order}'s file, every key its own. */
    static Origins of(FileOrder order, String path) {
        return new Origins(new Origin(order.file(), path, null), Map.of(), order);
    }

    /** The files the object was read from. */
    FileOrder order() {
        return order;
    }

    /** Where the object itself was written. */
    Origin here() {
        return here;
    }

    /** Where {@code key} was written. */
    Origin of(String key) {
        return taken.getOrDefault(key, here);
    }

    /** The origins of the object written at {@code path} where {@code key} was written (a key's object, list item). */
    Origins child(String key, String path) {
        Origin owner = of(key);
        return new Origins(new Origin(owner.file(), path, owner.appliedTo()), Map.of(), order);
    }

    /** These origins with every key taken, from {@code lower}, where {@code lower} says it was written. */
    Origins withFallback(Set<String> keys, Origins lower) {
        Map<String, Origin> merged = new HashMap<>(taken);
        for (String key : keys) {
            merged.put(key, lower.of(key));
        }
        return new Origins(here, Map.copyOf(merged), order);
    }

    /** These origins as defaults applied to the object at {@code target}: every message about them names it. */
    Origins appliedTo(String target) {
        Map<String, Origin> applied = new HashMap<>();
        taken.forEach((key, o) -> applied.put(key, new Origin(o.file(), o.path(), target)));
        return new Origins(new Origin(here.file(), here.path(), target), Map.copyOf(applied), order);
    }
}
