/**
 * Client models and trace replay: turns a scenario's clients into one time-ordered stream of requests
 * ({@link io.edgesim.traffic.TrafficGenerator}), the same for both engines given the same seed, generated as it is
 * consumed.
 */
package io.edgesim.traffic;
