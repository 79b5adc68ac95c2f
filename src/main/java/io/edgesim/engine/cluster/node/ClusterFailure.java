package io.edgesim.engine.cluster.node;

/**
 * A run on node processes that could not go on for a reason outside its input: a node that left or did not answer,
 * another run on the same nodes. The command line says its message in one line and exits 1, as for other failures of
 * the environment; the message names the node and what it was asked.
 */
public final class ClusterFailure extends RuntimeException {

    public ClusterFailure(String message) {
        super(message);
    }

    public ClusterFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
