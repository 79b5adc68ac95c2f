package io.edgesim.scenario;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigSyntax;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Typed, validated reading of one HOCON object of one file. Knows the file and the path of the object inside it
 * ("limiters[1]"), so every problem becomes an {@link InputException} of the form
 * {@code FILE: SETTING: what is wrong; allowed: ...}. A key set to null counts as absent.
 */
final class ConfigReader {

    static final String DURATION = "a duration with a unit, such as 250ms, 10s, 1m, 1h";

    private final String file;
    private final String prefix;
    private final Config config;

    ConfigReader(String file, String prefix, Config config) {
        this.file = file;
        this.prefix = prefix;
        this.config = config;
    }

    /** Parses and resolves a HOCON file; a missing file or a syntax error becomes an InputException. */
    static Config parseFile(Path path) {
        String file = path.toString();
        if (!Files.isRegularFile(path)) {
            throw InputException.at(file, null, "no such file");
        }
        try {
            ConfigParseOptions options = ConfigParseOptions.defaults().setAllowMissing(false)
                    .setSyntax(ConfigSyntax.CONF);
            return ConfigFactory.parseFile(path.toFile(), options).resolve();
        } catch (ConfigException e) {
            throw malformed(file, e);
        }
    }

    private static InputException malformed(String file, ConfigException e) {
        String detail = e.getMessage();
        String where = null;
        if (e.origin() != null) {
            String description = e.origin().description();
            if (detail.startsWith(description + ": ")) {
                detail = detail.substring(description.length() + 2);
            }
            if (e.origin().lineNumber() > 0) {
                where = "line " + e.origin().lineNumber();
            }
        }
        return InputException.at(file, where, "malformed HOCON: " + oneLine(detail) + "; allowed: HOCON syntax");
    }

    static String oneLine(String text) {
        return text.replaceAll("\\s*\\R\\s*", " ").trim();
    }

    Config config() {
        return config;
    }

    /** Path of {@code key} for messages: "limiters[1].period". */
    String setting(String key) {
        return prefix.isEmpty() ? key : prefix + "." + key;
    }

    /** "FILE: SETTING: problem; allowed: allowed" for {@code key} of this object. */
    InputException error(String key, String problem, String allowed) {
        return InputException.at(file, setting(key), problem + "; allowed: " + allowed);
    }

    /** "FILE: SETTING: problem" where {@code problem} already says what is allowed (a model's message). */
    InputException fail(String key, String problem) {
        return InputException.at(file, setting(key), problem);
    }

    /** The same for this object as a whole. */
    InputException errorHere(String problem, String allowed) {
        return InputException.at(file, prefix.isEmpty() ? null : prefix, problem + "; allowed: " + allowed);
    }

    /** The keys written in this object (null-valued ones included), sorted. */
    Set<String> keys() {
        return new TreeSet<>(config.root().keySet());
    }

    /** Fails on the first key (in sorted order) that is not in {@code allowed}, naming the allowed ones. */
    void rejectUnknownKeys(Collection<String> allowed) {
        for (String key : keys()) {
            if (!allowed.contains(key)) {
                throw error(key, "unknown setting", String.join(", ", allowed));
            }
        }
    }

    /** True when {@code key} is set to something other than null. */
    boolean has(String key) {
        return config.hasPath(quote(key));
    }

    /** True when {@code key} is written, even as null. */
    boolean written(String key) {
        return config.root().containsKey(key);
    }

    ConfigValue value(String key) {
        return config.getValue(quote(key));
    }

    /** "FRA" for strings, "60" for numbers: the value as the user wrote it, for messages. */
    String shown(String key) {
        return String.valueOf(value(key).unwrapped());
    }

    String string(String key) {
        requirePresent(key, "a string");
        ConfigValueType type = value(key).valueType();
        if (type == ConfigValueType.OBJECT || type == ConfigValueType.LIST) {
            throw error(key, "is a " + type.name().toLowerCase() + ", not a string", "a string");
        }
        return config.getString(quote(key));
    }

    /** The string at {@code key}, or null when absent or null. */
    String optString(String key) {
        return has(key) ? string(key) : null;
    }

    double number(String key, String allowed) {
        requirePresent(key, allowed);
        try {
            return config.getDouble(quote(key));
        } catch (ConfigException.WrongType e) {
            throw error(key, "'" + shown(key) + "' is not a number", allowed);
        }
    }

    long wholeNumber(String key, String allowed) {
        requirePresent(key, allowed);
        ConfigValue v = value(key);
        if (v.valueType() != ConfigValueType.NUMBER && v.valueType() != ConfigValueType.STRING) {
            throw error(key, "'" + shown(key) + "' is not a whole number", allowed);
        }
        try {
            double d = config.getDouble(quote(key));
            if (d != Math.rint(d) || Math.abs(d) > 9.0e15) {
                throw error(key, shown(key) + " is not a whole number", allowed);
            }
            return (long) d;
        } catch (ConfigException.WrongType e) {
            throw error(key, "'" + shown(key) + "' is not a whole number", allowed);
        }
    }

    /** A whole number of at least 1. */
    long positiveWhole(String key, String allowed) {
        long n = wholeNumber(key, allowed);
        if (n < 1) {
            throw error(key, n + " is too small", allowed);
        }
        return n;
    }

    /** A whole number of at least 1 that fits an int. */
    int positiveInt(String key, String allowed) {
        long n = positiveWhole(key, allowed);
        if (n > Integer.MAX_VALUE) {
            throw error(key, n + " is too large", allowed);
        }
        return (int) n;
    }

    /** A number greater than 0. */
    double positiveNumber(String key, String allowed) {
        double d = number(key, allowed);
        if (!(d > 0) || Double.isInfinite(d)) {
            throw error(key, shown(key) + " is too small", allowed);
        }
        return d;
    }

    boolean bool(String key) {
        requirePresent(key, "true or false");
        try {
            return config.getBoolean(quote(key));
        } catch (ConfigException.WrongType e) {
            throw error(key, "'" + shown(key) + "' is not true or false", "true or false");
        }
    }

    /** A duration of 0 or more, in nanoseconds. A bare number is refused: HOCON would read it as milliseconds. */
    long durationNanos(String key) {
        requirePresent(key, DURATION);
        ConfigValue v = value(key);
        if (v.valueType() == ConfigValueType.NUMBER) {
            throw error(key, shown(key) + " has no unit", DURATION);
        }
        if (v.valueType() != ConfigValueType.STRING) {
            throw error(key, "'" + shown(key) + "' is not a duration", DURATION);
        }
        long nanos;
        try {
            nanos = config.getDuration(quote(key)).toNanos();
        } catch (ConfigException.BadValue | ArithmeticException e) {
            throw error(key, "'" + shown(key) + "' is not a duration", DURATION);
        }
        if (nanos < 0) {
            throw error(key, shown(key) + " is negative", DURATION + ", 0 or more");
        }
        return nanos;
    }

    /** A duration greater than 0, in nanoseconds. */
    long positiveDurationNanos(String key) {
        long nanos = durationNanos(key);
        if (nanos == 0) {
            throw error(key, shown(key) + " is too small", DURATION + ", greater than 0");
        }
        return nanos;
    }

    /** A list of strings (a single string counts as a list of one). */
    List<String> stringList(String key, String allowed) {
        requirePresent(key, allowed);
        ConfigValue v = value(key);
        if (v.valueType() == ConfigValueType.STRING) {
            return List.of(config.getString(quote(key)));
        }
        if (v.valueType() != ConfigValueType.LIST) {
            throw error(key, "'" + shown(key) + "' is not a list", allowed);
        }
        List<String> out = new ArrayList<>();
        ConfigList list = (ConfigList) v;
        for (int i = 0; i < list.size(); i++) {
            ConfigValue item = list.get(i);
            if (item.valueType() == ConfigValueType.OBJECT || item.valueType() == ConfigValueType.LIST
                    || item.valueType() == ConfigValueType.NULL) {
                throw InputException.at(file, setting(key) + "[" + i + "]",
                        "'" + item.unwrapped() + "' is not a name; allowed: " + allowed);
            }
            out.add(String.valueOf(item.unwrapped()));
        }
        return out;
    }

    /** The object at {@code key}, as a reader whose messages name "prefix.key". */
    ConfigReader object(String key) {
        requirePresent(key, "an object { ... }");
        if (value(key).valueType() != ConfigValueType.OBJECT) {
            throw error(key, "'" + shown(key) + "' is not an object", "an object { ... }");
        }
        return new ConfigReader(file, setting(key), config.getConfig(quote(key)));
    }

    /** The list of objects at {@code key}, each a reader whose messages name "prefix.key[i]". */
    List<ConfigReader> objectList(String key) {
        requirePresent(key, "a list of objects [ { ... } ]");
        ConfigValue v = value(key);
        if (v.valueType() != ConfigValueType.LIST) {
            throw error(key, "'" + shown(key) + "' is not a list", "a list of objects [ { ... } ]");
        }
        List<ConfigReader> out = new ArrayList<>();
        ConfigList list = (ConfigList) v;
        for (int i = 0; i < list.size(); i++) {
            String where = setting(key) + "[" + i + "]";
            if (list.get(i).valueType() != ConfigValueType.OBJECT) {
                throw InputException.at(file, where, "'" + list.get(i).unwrapped()
                        + "' is not an object; allowed: an object { ... }");
            }
            out.add(new ConfigReader(file, where, ((ConfigObject) list.get(i)).toConfig()));
        }
        return out;
    }

    /** This object with {@code fallback}'s keys added where this one has none (HOCON withFallback). */
    ConfigReader withFallback(Config fallback) {
        return new ConfigReader(file, prefix, config.withFallback(fallback));
    }

    private void requirePresent(String key, String allowed) {
        if (!has(key)) {
            throw error(key, "missing", allowed);
        }
    }

    private static String quote(String key) {
        return ConfigUtil.joinPath(key);
    }
}
