/**
 * Client models and trace replay: turns a scenario's clients into one time-ordered stream of requests, the same for
 * both engines given the same seed.
 */
package io.edgesim.traffic;
