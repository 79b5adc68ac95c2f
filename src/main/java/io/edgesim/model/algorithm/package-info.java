/**
 * Rate-limiting algorithms as small single-owner state machines: each call takes the time in nanoseconds and a cost
 * and answers a {@link io.edgesim.model.algorithm.Decision}. A refused request never changes what later calls
 * decide, unless the counter counts every request ({@link io.edgesim.model.algorithm.Counting#ALL}).
 * Implementations: {@link io.edgesim.model.algorithm.FixedWindowCounter},
 * {@link io.edgesim.model.algorithm.FirstRequestWindowCounter},
 * {@link io.edgesim.model.algorithm.SlidingWindowCounter}, {@link io.edgesim.model.algorithm.SlidingLogCounter},
 * {@link io.edgesim.model.algorithm.TokenBucketCounter}, {@link io.edgesim.model.algorithm.GcraCounter}; create them
 * from an {@link io.edgesim.model.algorithm.AlgorithmSpec}. All arithmetic on counts and times is integer and exact.
 */
package io.edgesim.model.algorithm;
