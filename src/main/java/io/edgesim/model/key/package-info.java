/**
 * How a limiter's key is taken from a request (API key, CF-Connecting-IP, X-Forwarded-For, ...), and how a run
 * numbers its keys ({@link io.edgesim.model.key.KeyIds}) so that tiers keep per-key state in arrays indexed by that
 * number ({@link io.edgesim.model.key.KeySlots}, {@link io.edgesim.model.key.KeyArray}) rather than in hash maps
 * keyed by string.
 */
package io.edgesim.model.key;
