/**
 * The virtual-time engine: a single-threaded discrete-event loop that feeds the model requests and remote arrivals in
 * time order. Same scenario and seed, byte-identical result.
 */
package io.edgesim.engine.virtual;
