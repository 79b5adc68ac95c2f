/**
 * regions.conf: the PoPs, the Durable Object area homes and the round-trip matrix
 * ({@link io.edgesim.scenario.region.RegionsLoader}), its text form for {@code edgesim regions}, and the notes of the
 * assumptions a run takes from it. Built on {@code scenario.config}; names nothing else of the scenario language.
 */
package io.edgesim.scenario.region;
