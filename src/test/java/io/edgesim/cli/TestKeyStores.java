package io.edgesim.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Throwaway PKCS12 stores for TLS tests, made by the keytool of the JDK running the tests. */
final class TestKeyStores {

    static final String PASSWORD = "test-only-password";

    private TestKeyStores() {
    }

    /**
     * A key store at {@code store} holding a new EC key pair and its self-signed certificate, named after the file
     * ("node.p12" holds "node").
     */
    static Path keyPair(Path store) throws IOException, InterruptedException {
        String name = alias(store);
        keytool("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + name,
                "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", PASSWORD,
                "-keypass", PASSWORD);
        return store;
    }

    /** A trust store at {@code store} holding only the certificates of the key stores {@code trusted}. */
    static Path trusting(Path store, Path... trusted) throws IOException, InterruptedException {
        for (Path keys : trusted) {
            Path certificate = store.resolveSibling(keys.getFileName() + ".cer");
            keytool("-exportcert", "-alias", alias(keys), "-keystore", keys.toString(), "-storepass", PASSWORD,
                    "-file", certificate.toString());
            keytool("-importcert", "-noprompt", "-alias", alias(keys), "-file", certificate.toString(),
                    "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", PASSWORD);
        }
        return store;
    }

    private static String alias(Path keys) {
        String file = keys.getFileName().toString();
        return file.substring(0, file.lastIndexOf('.'));
    }

    private static void keytool(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                .toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IllegalStateException("keytool " + String.join(" ", args) + " failed: " + output);
        }
    }
}
