package io.edgesim.engine.cluster.node;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigValueFactory;
import org.apache.pekko.cluster.ConfigValidation;
import org.apache.pekko.cluster.JoinConfigCompatChecker;
import scala.collection.immutable.Seq;
import scala.jdk.javaapi.CollectionConverters;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Pekko's join check for edgesim clusters: a node may join only a cluster whose members run the same cross-node
 * protocol and were started with the same shared secret. The joining node sends the two values below; the cluster
 * compares them with its own and refuses the join when either differs (the joining node then shuts down). The
 * secret itself never leaves the process: only its SHA-256 digest is compared.
 */
public final class JoinCheck extends JoinConfigCompatChecker {

    /** The version of the messages between nodes; raised whenever a cross-node message changes. */
    public static final int PROTOCOL_VERSION = 2;
    static final String PROTOCOL_KEY = "edgesim.cluster.join.protocol-version";
    static final String SECRET_DIGEST_KEY = "edgesim.cluster.join.secret-digest";
    private static final Seq<String> KEYS = CollectionConverters.asScala(List.of(PROTOCOL_KEY, SECRET_DIGEST_KEY))
            .toList();

    @Override
    public Seq<String> requiredKeys() {
        return KEYS;
    }

    @Override
    public ConfigValidation check(Config toCheck, Config actualConfig) {
        return JoinConfigCompatChecker.fullMatch(KEYS, toCheck, actualConfig);
    }

    /** {@code config} with the protocol version and the digest of {@code secret}, as this check compares them. */
    static Config withJoinKeys(Config config, String secret) {
        return config.withValue(PROTOCOL_KEY, ConfigValueFactory.fromAnyRef(PROTOCOL_VERSION))
                .withValue(SECRET_DIGEST_KEY, ConfigValueFactory.fromAnyRef(digest(secret)));
    }

    static String digest(String secret) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(secret.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
