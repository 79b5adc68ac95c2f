package io.edgesim.cli;

import io.edgesim.engine.cluster.node.StandaloneNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.edgesim.cli.CommandLines.assertOneLineOfBadInput;
import static io.edgesim.cli.CommandLines.edgesim;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * --tls-keystore and --tls-truststore, shared by `edgesim node` and `edgesim run --join`: every bad store or
 * password is one line of bad input on both commands, before anything starts.
 */
class TlsOptionsTest {

    /** Makes the commands with {@code environment} as the one TlsOptions reads the password from. */
    private static CommandLine.IFactory environment(Map<String, String> environment) {
        return new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                K made = CommandLine.defaultFactory().create(type);
                if (made instanceof TlsOptions options) {
                    options.environment = environment;
                }
                return made;
            }
        };
    }

    private static final CommandLine.IFactory PASSWORD = environment(Map.of(TlsOptions.PASSWORD_ENV,
            TestKeyStores.PASSWORD));

    /** `edgesim node` or `edgesim run --join` with TLS options. */
    private interface Command {
        CommandLines.Outcome apply(CommandLine.IFactory factory, String... tls);
    }

    private static CommandLines.Outcome node(CommandLine.IFactory factory, String... tls) {
        String[] args = new String[3 + tls.length];
        args[0] = "node";
        args[1] = "--roles";
        args[2] = "SYD";
        System.arraycopy(tls, 0, args, 3, tls.length);
        return edgesim(factory, args);
    }

    // --join to port 1, where nothing listens: the options are checked before any join
    private static CommandLines.Outcome join(CommandLine.IFactory factory, String... tls) {
        String[] args = new String[6 + tls.length];
        System.arraycopy(new String[] {"run", "scenarios/three-pops.conf", "--engine", "cluster", "--join",
                "127.0.0.1:1"}, 0, args, 0, 6);
        System.arraycopy(tls, 0, args, 6, tls.length);
        return edgesim(factory, args);
    }

    @Test
    void aMissingStoreOrPasswordIsOneLineOnBothCommands(@TempDir Path dir) throws Exception {
        String none = dir.resolve("none.p12").toString();
        String keys = TestKeyStores.keyPair(dir.resolve("node.p12")).toString();
        for (Command command : List.<Command>of(TlsOptionsTest::node, TlsOptionsTest::join)) {
            assertOneLineOfBadInput(command.apply(PASSWORD, new String[] {"--tls-keystore", none}),
                    "--tls-keystore: cannot read " + none + ": no such file; allowed: a Java key store (PKCS12 or "
                            + "JKS) this process can read, with its password in EDGESIM_TLS_PASSWORD");
            assertOneLineOfBadInput(command.apply(PASSWORD, new String[] {"--tls-keystore", keys,
                    "--tls-truststore", dir.toString()}), "--tls-truststore: cannot read " + dir
                    + ": not a readable file");
            assertOneLineOfBadInput(command.apply(PASSWORD, new String[] {"--tls-truststore", keys}),
                    "--tls-truststore: given without --tls-keystore; allowed: both, or --tls-keystore alone");
            assertOneLineOfBadInput(command.apply(environment(Map.of()), new String[] {"--tls-keystore", keys}),
                    "--tls-keystore: EDGESIM_TLS_PASSWORD is not set; allowed: the key store's password in "
                            + "EDGESIM_TLS_PASSWORD");
        }
    }

    @Test
    void aStoreTheKeyStoreCannotOpenOrWithoutAKeyIsOneLine(@TempDir Path dir) throws Exception {
        Path keys = TestKeyStores.keyPair(dir.resolve("node.p12"));
        Path trust = TestKeyStores.trusting(dir.resolve("trust.p12"), keys);
        Path text = Files.writeString(dir.resolve("text.p12"), "not really a key store");

        assertOneLineOfBadInput(node(environment(Map.of(TlsOptions.PASSWORD_ENV, "another")), "--tls-keystore",
                keys.toString()), "--tls-keystore: cannot open " + keys + ": the password in EDGESIM_TLS_PASSWORD "
                + "does not open it; allowed:");
        assertOneLineOfBadInput(node(PASSWORD, "--tls-keystore", text.toString()), "--tls-keystore: cannot open "
                + text + ": not a PKCS12 or JKS key store; allowed:");
        assertOneLineOfBadInput(join(PASSWORD, "--tls-keystore", keys.toString(), "--tls-truststore",
                text.toString()), "--tls-truststore: cannot open " + text + ": not a PKCS12 or JKS key store");
        // a trust store holds certificates only: no private key to authenticate this member with
        assertOneLineOfBadInput(join(PASSWORD, "--tls-keystore", trust.toString()), "--tls-keystore: " + trust
                + " holds no private key; allowed: a key store with this member's private key and certificate");
    }

    @Test
    void theStoresAndPasswordGoToTheNode(@TempDir Path dir) throws Exception {
        Path keys = TestKeyStores.keyPair(dir.resolve("node.p12"));
        Path trust = TestKeyStores.trusting(dir.resolve("trust.p12"), keys);
        TlsOptions options = new TlsOptions();
        options.environment = Map.of(TlsOptions.PASSWORD_ENV, TestKeyStores.PASSWORD);
        assertThat(options.tls()).isEmpty();
        options.keyStore = keys;
        assertThat(options.tls()).contains(new StandaloneNode.Tls(keys, keys,
                TestKeyStores.PASSWORD));
        options.trustStore = trust;
        assertThat(options.tls()).contains(new StandaloneNode.Tls(keys, trust,
                TestKeyStores.PASSWORD));
    }

    @Test
    void tlsOnRunNeedsJoin(@TempDir Path dir) throws Exception {
        String keys = TestKeyStores.keyPair(dir.resolve("node.p12")).toString();
        assertOneLineOfBadInput(edgesim(PASSWORD, "run", "scenarios/three-pops.conf", "--tls-keystore", keys),
                "--tls-keystore: only a coordinator joining nodes uses TLS; add --engine cluster --join HOST:PORT "
                        + "or leave the --tls options out");
        assertOneLineOfBadInput(edgesim(PASSWORD, "run", "scenarios/three-pops.conf", "--engine", "cluster",
                "--tls-truststore", keys), "--tls-truststore: only a coordinator joining nodes uses TLS");
        assertOneLineOfBadInput(edgesim(PASSWORD, "run", "scenarios/three-pops.conf", "--tls-keystore", keys,
                "--join", "127.0.0.1:25520"), "--join: only the cluster engine runs on nodes");
    }
}
