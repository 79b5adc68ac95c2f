/**
 * What both engines share: the exact references a limiter is judged against, what happens when a chain ends
 * ({@link io.edgesim.engine.ChainOutcome}; the chain rule itself is the model's {@code ChainProgress}), the recorder
 * that turns outcomes into a {@link io.edgesim.result.RunResult}, stage statistics and costs. The engines themselves
 * live in {@code engine.virtual} and {@code engine.cluster}; they deliver requests to the model at the right times
 * and nothing more.
 */
package io.edgesim.engine;
