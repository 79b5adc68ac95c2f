package io.edgesim.engine.cluster.node;

import org.apache.pekko.actor.Address;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.cluster.ClusterEvent;
import org.apache.pekko.cluster.typed.Cluster;
import org.apache.pekko.cluster.typed.Subscribe;
import org.apache.pekko.cluster.typed.Unsubscribe;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * Completes a future once this node has seen {@code expectedMembers} members Up, then stops. One runs on every node,
 * so the run starts only when every node's view of the cluster is complete.
 */
final class MembersUpWatcher {

    private MembersUpWatcher() {
    }

    static Behavior<ClusterEvent.MemberUp> create(int expectedMembers, CompletableFuture<Void> allUp) {
        return Behaviors.setup(ctx -> {
            // existing members arrive as MemberUp events first, so nothing already Up is missed
            Cluster.get(ctx.getSystem()).subscriptions().tell(Subscribe.create(ctx.getSelf(),
                    ClusterEvent.MemberUp.class));
            Set<Address> up = new HashSet<>();
            return Behaviors.receiveMessage(event -> {
                up.add(event.member().address());
                if (up.size() < expectedMembers) {
                    return Behaviors.same();
                }
                Cluster.get(ctx.getSystem()).subscriptions().tell(new Unsubscribe<>(ctx.getSelf()));
                allUp.complete(null);
                return Behaviors.stopped();
            });
        });
    }
}
