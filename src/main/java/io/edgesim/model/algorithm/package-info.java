/**
 * Rate-limiting algorithms as small single-owner state machines: each call takes the time in nanoseconds and a cost
 * and answers a {@link io.edgesim.model.algorithm.Decision}. A refused request never changes the state.
 */
package io.edgesim.model.algorithm;
