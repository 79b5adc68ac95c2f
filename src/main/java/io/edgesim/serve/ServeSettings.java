package io.edgesim.serve;

import io.edgesim.scenario.InputException;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;

import java.time.Duration;

/**
 * The limits of serve's HTTP server, read once from edgesim-serve.conf (over Pekko HTTP's reference.conf, with -D
 * system properties over both) and validated.
 *
 * @param httpConfig     the configuration of serve's HTTP actor system: pekko.http.server.* as read
 * @param headerTimeout  the longest a connection may take to send a request's head, counted from its opening or from
 *                       its previous answer; past it, 408 when some bytes of a head came, else the connection is
 *                       closed (Pekko HTTP has no such limit; {@link HeadDeadline})
 * @param requestTimeout the longest a decided answer may take (pekko.http.server.request-timeout); past it the client
 *                       gets 503 {@code answer_timeout} and the request still counts as its limiters decide it
 * @param idleTimeout    a connection with no bytes either way for this long is closed (pekko.http.server.idle-timeout)
 * @param maxBodyBytes   the largest Content-Length taken (pekko.http.server.parsing.max-content-length)
 */
public record ServeSettings(Config httpConfig, Duration headerTimeout, Duration requestTimeout, Duration idleTimeout,
                            long maxBodyBytes) {

    public static final String RESOURCE = "edgesim-serve.conf";

    private static final String HEADER_TIMEOUT = "edgesim.serve.header-timeout";
    private static final String REQUEST_TIMEOUT = "pekko.http.server.request-timeout";
    private static final String IDLE_TIMEOUT = "pekko.http.server.idle-timeout";
    private static final String MAX_BODY = "pekko.http.server.parsing.max-content-length";

    /** Reads edgesim-serve.conf, with -D system properties overriding it. */
    public static ServeSettings load() {
        return fromConfig(ConfigFactory.load(ConfigFactory.parseResources(ServeSettings.class.getClassLoader(),
                RESOURCE)));
    }

    /**
     * Reads and validates the settings from {@code config} (which must hold edgesim.serve and pekko.http).
     *
     * @throws InputException naming the setting when a value is missing, of the wrong type or out of range
     */
    public static ServeSettings fromConfig(Config config) {
        try {
            ServeSettings settings = new ServeSettings(config, positive(config, HEADER_TIMEOUT),
                    positive(config, REQUEST_TIMEOUT), positive(config, IDLE_TIMEOUT), config.getBytes(MAX_BODY));
            // else a connection waiting for a slow answer would be cut before its 503
            if (settings.idleTimeout.compareTo(settings.requestTimeout) <= 0) {
                throw InputException.at(RESOURCE, IDLE_TIMEOUT, "must be longer than request-timeout ("
                        + settings.requestTimeout.toMillis() + " ms), was " + settings.idleTimeout.toMillis() + " ms");
            }
            return settings;
        } catch (ConfigException e) {
            throw InputException.at(RESOURCE, null, e.getMessage());
        }
    }

    private static Duration positive(Config config, String path) {
        Duration value = config.getDuration(path);
        if (value.isNegative() || value.isZero()) {
            throw InputException.at(RESOURCE, path, "must be a duration greater than 0, was " + value.toMillis() + " ms");
        }
        return value;
    }
}
