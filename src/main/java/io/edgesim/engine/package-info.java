/**
 * What both engines share: the exact reference a limiter is judged against and the recorder that turns outcomes into
 * a {@link io.edgesim.result.RunResult}. The engines themselves live in {@code engine.virtual} and
 * {@code engine.cluster}; they deliver requests to the model at the right times and nothing more.
 */
package io.edgesim.engine;
