/** The `edgesim` command line (picocli): run, validate, regions. Bad input exits 2 with one line. */
package io.edgesim.cli;
