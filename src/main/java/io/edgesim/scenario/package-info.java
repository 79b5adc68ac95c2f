/**
 * The scenario language: HOCON scenario files and regions.conf, read once into validated, immutable records.
 * Bad input becomes an {@link io.edgesim.scenario.InputException} naming the file, the setting, what is wrong and
 * what is allowed.
 */
package io.edgesim.scenario;
