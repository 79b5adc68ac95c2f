package io.edgesim.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** `edgesim` commands in processes of their own, on the test's class path, for the tests of nodes and joins. */
final class EdgesimProcesses {

    private EdgesimProcesses() {
    }

    /**
     * `edgesim ARGS` with {@code jvmOptions} (e.g. -D settings), stderr into stdout, with EDGESIM_CLUSTER_SECRET and
     * EDGESIM_TLS_PASSWORD taken from {@code environment} only.
     */
    static Process start(Map<String, String> environment, List<String> jvmOptions, String... args)
            throws IOException {
        return builder(environment, jvmOptions, args).redirectErrorStream(true).start();
    }

    /**
     * The same, not started, with stdout and stderr apart. The processes compile with the quick compiler only and
     * collect on one thread: they run seconds of traffic at tens of requests per second, where the optimising
     * compiler's threads would take the processors from the tests running beside them (NodeProcesses) and from each
     * other while they start; what the tests check does not depend on how fast the code runs.
     */
    static ProcessBuilder builder(Map<String, String> environment, List<String> jvmOptions, String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().remove("EDGESIM_CLUSTER_SECRET");
        builder.environment().remove(TlsOptions.PASSWORD_ENV);
        builder.environment().putAll(environment);
        return builder;
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    static BufferedReader output(Process process) {
        return new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    /** Reads lines until one starts with {@code prefix}; returns it, or null at the end of the output. */
    static String lineStarting(BufferedReader lines, String prefix) throws IOException {
        String line;
        do {
            line = lines.readLine();
        } while (line != null && !line.startsWith(prefix));
        return line;
    }

    /** Kills every process given that is not null. */
    static void destroy(Process... processes) {
        for (Process process : processes) {
            if (process != null) {
                process.destroyForcibly();
            }
        }
    }
}
