package io.edgesim.scenario.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;

import java.util.List;

/**
 * The defaults in reference.conf under {@code edgesim}, read once. The only place the scenario package reads
 * reference.conf; everything a scenario leaves out comes from here.
 */
public final class Defaults {

    public static final String FILE = "reference.conf";

    private static final Config EDGESIM = ConfigFactory.defaultReference().getConfig("edgesim");
    private static final List<String> ASSUMED = EDGESIM.getStringList("assumed");

    private Defaults() {
    }

    /** The section at {@code path} under edgesim, as a reader whose messages name reference.conf. */
    public static ConfigReader section(String path) {
        return new ConfigReader(FILE, "edgesim." + path, EDGESIM.getConfig(path));
    }

    /** True when reference.conf lists {@code path} (under edgesim) as an assumption. */
    public static boolean assumed(String path) {
        return ASSUMED.contains(path);
    }
}
