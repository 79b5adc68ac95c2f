/**
 * The virtual-time engine: a single-threaded discrete-event loop that feeds the model requests and remote arrivals in
 * time order. Same scenario and seed, byte-identical result. {@link io.edgesim.engine.virtual.ParallelRuns} runs
 * several scenarios or seeds on a pool of threads, one independent engine per run.
 */
package io.edgesim.engine.virtual;
