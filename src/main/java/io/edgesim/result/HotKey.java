package io.edgesim.result;

/**
 * A Durable Object asked more than one object serves: it refused requests as overloaded, or more requests arrived at
 * it in one whole second of scenario time than one second over its mean service time (see docs/model.md).
 *
 * @param stage             its stage, "index:tier" ("0:durable-object")
 * @param object            the object's name: the key; "key@area" for per-area objects, "key#n" for shard n of a
 *                          sharded key
 * @param busiestSecond     the most requests that arrived at it in one whole second of scenario time (0-1 s, 1-2 s,
 *                          ...): its rate, requests per second
 * @param capacityPerSecond what it serves per second, one after the other (one second over its mean service time)
 * @param requests          requests that reached it in the run
 * @param overloaded        requests it refused at once as overloaded (its queue was full): failed
 * @param queued            requests that waited for another to finish
 * @param maxWaitMs         the longest such wait, milliseconds
 */
public record HotKey(String stage, String object, long busiestSecond, long capacityPerSecond, long requests,
                     long overloaded, long queued, double maxWaitMs) {
}
