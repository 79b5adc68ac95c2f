/**
 * The tiers where a counter can live (isolate, cache, KV, binding, WAF, Durable Object, origin) and their settings.
 * A tier's model says what happens and when ("read at t, write lands at t + d", "the object serves this at t' and
 * the reply leaves then"); engines only deliver requests to it in time order and carry replies.
 */
package io.edgesim.model.tier;
