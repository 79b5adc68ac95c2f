package io.edgesim.cli;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.assertj.core.api.Assertions.assertThat;

/** Runs `edgesim` command lines in this JVM and checks what they print. */
final class CommandLines {

    private CommandLines() {
    }

    /** Exit status, standard output and standard error of one command line. */
    record Outcome(int status, String out, String err) {
    }

    static Outcome edgesim(String... args) {
        return edgesim(CommandLine.defaultFactory(), args);
    }

    static Outcome edgesim(CommandLine.IFactory factory, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.execute(args, new PrintWriter(out, true), new PrintWriter(err, true), factory);
        return new Outcome(status, out.toString(), err.toString());
    }

    /** Bad input: exit status 2, nothing on standard output, one line on standard error naming {@code named}. */
    static void assertOneLineOfBadInput(Outcome outcome, String... named) {
        assertThat(outcome.status()).as(outcome.err()).isEqualTo(2);
        assertThat(outcome.err().strip().lines()).hasSize(1);
        assertThat(outcome.err()).startsWith("edgesim: ").contains(named);
        assertThat(outcome.out()).isEmpty();
    }
}
