/**
 * Tests of the scenarios shipped in {@code scenarios/}: each runs one file on the virtual engine and checks, with the
 * run's own numbers, the claim its description makes (exactly where the case is analytic, within ranges or ratios
 * otherwise). {@link io.edgesim.scenarios.ShippedScenariosTest} checks that every file loads and is documented.
 */
package io.edgesim.scenarios;
