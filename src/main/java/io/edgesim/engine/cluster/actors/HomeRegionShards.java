package io.edgesim.engine.cluster.actors;

import io.edgesim.model.tier.remote.ObjectRoute;

import java.util.List;
import java.util.stream.IntStream;

/**
 * How remote counters map to entity ids and shards. The entity id carries the home region the placement policy chose,
 * the namespace (which limiter stage the object belongs to) and the object's name ("FRA|0.1|api-key-42"); the shard
 * id names the home region first ("FRA-3": the region, then the hash of namespace and name modulo
 * {@code shardsPerRegion}), so the allocation strategy can place every shard on its region's node.
 *
 * @param shardsPerRegion shards per home region, at least 1
 */
public record HomeRegionShards(int shardsPerRegion) {

    private static final char ENTITY_SEPARATOR = '|';
    private static final char SHARD_SEPARATOR = '-';

    public HomeRegionShards {
        if (shardsPerRegion < 1) {
            throw new IllegalArgumentException("shardsPerRegion must be at least 1, was " + shardsPerRegion);
        }
    }

    /**
     * The entity id of the object {@code route} names in {@code namespace}: "HOME|namespace|name".
     *
     * @throws IllegalArgumentException when the namespace is empty or holds the separator '|'
     */
    public static String entityId(String namespace, ObjectRoute route) {
        if (namespace.isEmpty() || namespace.indexOf(ENTITY_SEPARATOR) >= 0) {
            throw new IllegalArgumentException("a namespace is not empty and has no '|', was '" + namespace + "'");
        }
        return route.homeRegion() + ENTITY_SEPARATOR + namespace + ENTITY_SEPARATOR + route.objectName();
    }

    /** The route an entity id stands for (inverse of {@link #entityId}). */
    public static ObjectRoute route(String entityId) {
        int[] at = separators(entityId);
        return new ObjectRoute(entityId.substring(at[1] + 1), entityId.substring(0, at[0]));
    }

    /** The namespace an entity id names. */
    public static String namespace(String entityId) {
        int[] at = separators(entityId);
        return entityId.substring(at[0] + 1, at[1]);
    }

    /** The home region a shard id names (the part before its last '-'). */
    public static String homeRegionOfShard(String shardId) {
        int at = shardId.lastIndexOf(SHARD_SEPARATOR);
        if (at <= 0) {
            throw new IllegalArgumentException("not a home-region shard id (HOME-n): '" + shardId + "'");
        }
        return shardId.substring(0, at);
    }

    /** The shard of an entity id: "HOME-n", n = hash of "namespace|name" modulo shardsPerRegion. */
    public String shardId(String entityId) {
        int at = entityId.indexOf(ENTITY_SEPARATOR);
        if (at <= 0) {
            throw new IllegalArgumentException("not a remote object's entity id (HOME|namespace|name): '"
                    + entityId + "'");
        }
        // the String.hashCode of what follows the home, computed in place: this runs for every message routed
        int hash = 0;
        for (int i = at + 1; i < entityId.length(); i++) {
            hash = 31 * hash + entityId.charAt(i);
        }
        return shardId(entityId.substring(0, at), Math.floorMod(hash, shardsPerRegion));
    }

    /** The shard ids of {@code region}, in index order. */
    public List<String> shardIds(String region) {
        return IntStream.range(0, shardsPerRegion).mapToObj(i -> shardId(region, i)).toList();
    }

    /**
     * One object name per shard index of a region, each "{@code prefix}k" for the smallest k that falls in that
     * shard in {@code namespace}: names that reach every shard, to warm them up.
     */
    public List<String> namesCoveringShards(String namespace, String prefix) {
        String[] names = new String[shardsPerRegion];
        int found = 0;
        for (int k = 0; found < shardsPerRegion; k++) {
            String name = prefix + k;
            int index = shardIndex(namespace + ENTITY_SEPARATOR + name);
            if (names[index] == null) {
                names[index] = name;
                found++;
            }
        }
        return List.of(names);
    }

    private int shardIndex(String namespaceAndName) {
        return Math.floorMod(namespaceAndName.hashCode(), shardsPerRegion);
    }

    private static int[] separators(String entityId) {
        int first = entityId.indexOf(ENTITY_SEPARATOR);
        int second = first < 0 ? -1 : entityId.indexOf(ENTITY_SEPARATOR, first + 1);
        if (first <= 0 || second < 0) {
            throw new IllegalArgumentException("not a remote object's entity id (HOME|namespace|name): '"
                    + entityId + "'");
        }
        return new int[]{first, second};
    }

    private static String shardId(String region, int index) {
        return region + SHARD_SEPARATOR + index;
    }
}
