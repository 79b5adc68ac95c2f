package io.edgesim.engine.cluster.actors;

import io.edgesim.model.cost.Usage;
import io.edgesim.model.tier.remote.HotObjects;
import io.edgesim.model.tier.RemoteTier;

import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The remote objects one node created, by namespace, for the run's bill and report (how many Durable Objects there
 * were, what they did). Entities add their server when they serve their first request; the engine reads the ledgers
 * of all nodes once every request has completed. Thread-safe.
 */
public final class ObjectLedger {

    private final ConcurrentHashMap<String, Queue<RemoteTier>> servers = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, ConcurrentHashMap<String, Long>> homes = new ConcurrentHashMap<>();
    private final Queue<String> entityIds = new ConcurrentLinkedQueue<>();

    /** Notes that the entity {@code entityId} was created on this node (pinged or served). */
    public void created(String entityId) {
        entityIds.add(entityId);
    }

    /** The entities created on this node, in creation order. */
    public List<String> entityIds() {
        return List.copyOf(entityIds);
    }

    /**
     * Adds the tier of a newly created object of {@code namespace} (a tier serving that one object), at home in
     * {@code home}.
     */
    public void add(String namespace, String home, RemoteTier server) {
        servers.computeIfAbsent(namespace, n -> new ConcurrentLinkedQueue<>()).add(server);
        homes.computeIfAbsent(namespace, n -> new ConcurrentHashMap<>()).merge(home, 1L, Long::sum);
    }

    /** How many objects of {@code namespace} created on this node are at home in each region. */
    public Map<String, Long> objectsByHome(String namespace) {
        return Map.copyOf(homes.getOrDefault(namespace, new ConcurrentHashMap<>()));
    }

    /** Objects of {@code namespace} created on this node. */
    public int objectCount(String namespace) {
        Queue<RemoteTier> created = servers.get(namespace);
        return created == null ? 0 : created.size();
    }

    /** The hot objects of {@code namespace} on this node. */
    public HotObjects hotObjects(String namespace) {
        HotObjects hot = HotObjects.NONE;
        for (RemoteTier server : servers.getOrDefault(namespace, new ConcurrentLinkedQueue<>())) {
            hot = hot.plus(server.hotObjects());
        }
        return hot;
    }

    /** Billable operations of the objects of {@code namespace} on this node. */
    public Usage usage(String namespace) {
        Usage total = Usage.NONE;
        for (RemoteTier server : servers.getOrDefault(namespace, new ConcurrentLinkedQueue<>())) {
            total = total.plus(server.usage());
        }
        return total;
    }
}
