package io.edgesim.engine.cluster.actors;

/**
 * Marker of every message that may cross nodes; edgesim-cluster.conf binds it to Pekko's jackson-cbor serializer.
 * Sealed so that a new cross-node protocol has to be added here, and with it to the serialization test that
 * round-trips every permitted record.
 */
public sealed interface CborSerializable permits RemoteObjectEntity.Command, RemoteObjectEntity.Reply,
        PopActor.Arrive, RunProtocol.HostCommand, RunProtocol.HostReply, RunProtocol.ChainDone {
}
