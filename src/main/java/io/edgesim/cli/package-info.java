/**
 * The `edgesim` command line (picocli): run, validate, regions, sweep, reports, compare, bench and node. Bad input - a scenario, a
 * flag, a folder that cannot be written - exits 2 with one line naming the file or flag, what is wrong and what is
 * allowed; an output the environment does not let us write (a full disk) exits 1 with one line; a threshold of
 * --fail-if that fails exits 3, one line each, after the report is written. {@code --debug}
 * adds the stack trace.
 */
package io.edgesim.cli;
