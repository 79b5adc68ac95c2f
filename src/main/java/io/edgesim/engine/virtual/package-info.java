/**
 * The virtual-time engine: a single-threaded discrete-event loop that feeds the model requests and remote arrivals in
 * time order. Same scenario and seed, byte-identical result. Its parts: {@link io.edgesim.engine.virtual.VirtualEngine}
 * takes the stream block by block and hands each block to the groups of dependent limiters
 * ({@link io.edgesim.engine.virtual.LimiterGroup}: requests and events in time order, or a
 * {@link io.edgesim.engine.virtual.PopOrderPass} deciding a batch PoP by PoP); a
 * {@link io.edgesim.engine.virtual.Flight} walks one request through one limiter's chain
 * ({@link io.edgesim.engine.virtual.LimiterRun}: the limiter's tiers and flights); the events wait in an
 * {@link io.edgesim.engine.virtual.EventQueue}; what the parts share is a
 * {@link io.edgesim.engine.virtual.RunContext}. {@link io.edgesim.engine.virtual.ParallelRuns} runs
 * several scenarios or seeds on a pool of threads, one independent engine per run.
 */
package io.edgesim.engine.virtual;
