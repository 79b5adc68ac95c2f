package io.edgesim.serve;

import io.edgesim.scenario.InputException;
import io.edgesim.scenario.config.ConfigReader;
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

    private static final String SERVE = "edgesim.serve";
    private static final String HTTP_SERVER = "pekko.http.server";
    private static final String MAX_BODY = HTTP_SERVER + ".parsing.max-content-length";

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
            ConfigReader serve = new ConfigReader(RESOURCE, SERVE, config.getConfig(SERVE));
            ConfigReader http = new ConfigReader(RESOURCE, HTTP_SERVER, config.getConfig(HTTP_SERVER));
            ServeSettings settings = new ServeSettings(config, positive(serve, "header-timeout"),
                    positive(http, "request-timeout"), positive(http, "idle-timeout"), config.getBytes(MAX_BODY));
            // else a connection waiting for a slow answer would be cut before its 503
            if (settings.idleTimeout.compareTo(settings.requestTimeout) <= 0) {
                throw http.fail("idle-timeout", "must be longer than request-timeout ("
                        + settings.requestTimeout.toMillis() + " ms), was " + settings.idleTimeout.toMillis() + " ms");
            }
            return settings;
        } catch (ConfigException e) {
            throw InputException.at(RESOURCE, null, e.getMessage());
        }
    }

    private static Duration positive(ConfigReader section, String key) {
        return Duration.ofNanos(section.positiveDurationNanos(key));
    }
}
