package io.edgesim.cli;

import io.edgesim.engine.cluster.node.StandaloneNode;
import io.edgesim.scenario.InputException;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;

/**
 * The --tls-keystore and --tls-truststore options that `edgesim node` and `edgesim run --join` share (a picocli
 * mixin): Artery TLS between the members of a cluster, with the stores' password read from the environment.
 */
final class TlsOptions {

    static final String PASSWORD_ENV = "EDGESIM_TLS_PASSWORD";
    private static final String STORE_ALLOWED = "allowed: a Java key store (PKCS12 or JKS) this process can read, "
            + "with its password in " + PASSWORD_ENV;

    @Option(names = "--tls-keystore", paramLabel = "FILE",
            description = "Encrypt and authenticate traffic between cluster members with TLS (Artery tls-tcp): this "
                    + "process's key store (PKCS12 or JKS) holding its private key; its password in " + PASSWORD_ENV
                    + ". Every member of the cluster needs TLS: the nodes and a coordinator joining them (run "
                    + "--join).")
    Path keyStore;

    @Option(names = "--tls-truststore", paramLabel = "FILE",
            description = "The trust store of the certificates of the other members (same password). Default: the "
                    + "key store.")
    Path trustStore;

    /** The environment the password is read from; tests put their own here. */
    Map<String, String> environment = System.getenv();

    /** Whether either option was given. */
    boolean given() {
        return keyStore != null || trustStore != null;
    }

    /**
     * The stores and password, each store opened once with the password to check it; empty without --tls-keystore.
     *
     * @throws InputException naming the option when a store is missing, unreadable, not a key store, opened by
     *                        another password or (the key store) holds no private key, or when the password is unset
     */
    Optional<StandaloneNode.Tls> tls() {
        if (keyStore == null) {
            if (trustStore != null) {
                throw new InputException("--tls-truststore: given without --tls-keystore; allowed: both, or "
                        + "--tls-keystore alone");
            }
            return Optional.empty();
        }
        Path trust = trustStore == null ? keyStore : trustStore;
        readable("--tls-keystore", keyStore);
        readable("--tls-truststore", trust);
        String password = environment.get(PASSWORD_ENV);
        if (password == null || password.isEmpty()) {
            throw new InputException("--tls-keystore: " + PASSWORD_ENV + " is not set; allowed: the key store's "
                    + "password in " + PASSWORD_ENV);
        }
        KeyStore keys = open("--tls-keystore", keyStore, password);
        if (!holdsAny(keys, true)) {
            throw new InputException("--tls-keystore: " + keyStore + " holds no private key; allowed: a key store "
                    + "with this member's private key and certificate, e.g. made by keytool -genkeypair");
        }
        if (!holdsAny(open("--tls-truststore", trust, password), false)) {
            throw new InputException("--tls-truststore: " + trust + " holds no certificate; allowed: a store with "
                    + "the certificates of the other members");
        }
        return Optional.of(new StandaloneNode.Tls(keyStore, trust, password));
    }

    private static void readable(String flag, Path file) {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new InputException(flag + ": cannot read " + file + ": " + (Files.exists(file)
                    ? "not a readable file" : "no such file") + "; " + STORE_ALLOWED);
        }
    }

    // Artery would only fail at the first connection, after the node said it was Up; the file is the user's to fix
    private static KeyStore open(String flag, Path file, String password) {
        try {
            return KeyStore.getInstance(file.toFile(), password.toCharArray());
        } catch (IOException | GeneralSecurityException e) {
            String why = e.getCause() instanceof java.security.UnrecoverableKeyException
                    ? "the password in " + PASSWORD_ENV + " does not open it"
                    : "not a PKCS12 or JKS key store";
            throw new InputException(flag + ": cannot open " + file + ": " + why + "; " + STORE_ALLOWED);
        }
    }

    // a private key entry (keys) or any certificate (trust: a key entry's certificate counts, as Java's trust
    // manager takes it)
    private static boolean holdsAny(KeyStore store, boolean keys) {
        try {
            for (String alias : Collections.list(store.aliases())) {
                if (keys ? store.isKeyEntry(alias) && store.getCertificate(alias) != null
                        : store.getCertificate(alias) != null) {
                    return true;
                }
            }
            return false;
        } catch (GeneralSecurityException e) {
            return false;
        }
    }
}
