package io.edgesim.scenario.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.scenario.InputException;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Typed, validated reading of one HOCON object. Knows where each of its keys was written, the file and the path
 * ("limiters[1].period"), so every problem becomes an {@link InputException} of the form
 * {@code FILE: SETTING: what is wrong; allowed: ...}. A key set to null counts as absent.
 *
 * <p>Settings that come from several places are layered in Typesafe Config's {@code withFallback} style, key by key:
 * {@code stage.withFallback(tiersSection).withFallback(reference)} reads each key from the first layer that writes
 * it, and every message about the key names where it was written ({@link Origins}).
 */
public final class ConfigReader {

    public static final String DURATION = "a duration with a unit, such as 250ms, 10s, 1m, 1h";

    /**
     * The longest duration any setting takes: 3650 days (10 years), about a thirtieth of the 292 years a long counts
     * in nanoseconds, so a run's times plus any delay added to them stay far from overflow.
     */
    public static final long MAX_DURATION_NANOS = 3_650L * 86_400L * Durations.NANOS_PER_SECOND;

    private final Config config;
    private final Origins origins;

    /** The object {@code config}, written at {@code path} ("" for the root) of {@code file}. */
    public ConfigReader(String file, String path, Config config) {
        this(FileOrder.of(file), path, config);
    }

    /**
     * The object {@code config}, written at {@code path} ("" for the root) of the file {@code order} read, with the
     * files it includes: {@link #keysInFileOrder} follows them.
     */
    public ConfigReader(FileOrder order, String path, Config config) {
        this(config, Origins.of(order, path));
    }

    private ConfigReader(Config config, Origins origins) {
        this.config = config;
        this.origins = origins;
    }

    public Config config() {
        return config;
    }

    /** The files this object was read from, in the order that orders its keys. */
    public FileOrder fileOrder() {
        return origins.order();
    }

    /** Path of this object for messages: "limiters[1]", "" at the root. */
    public String path() {
        return origins.here().path();
    }

    /**
     * Path of {@code key} for messages: "limiters[1].period"; for a key written in another object and taken into
     * this one, where it was written and where it was taken: "client-defaults.arrival (applied to clients[2])".
     */
    public String setting(String key) {
        return origins.of(key).pathOf(key) + origins.of(key).note();
    }

    /** "FILE: SETTING: problem; allowed: allowed" for {@code key} of this object, in the file it was written in. */
    public InputException error(String key, String problem, String allowed) {
        return fail(key, problem + "; allowed: " + allowed);
    }

    /** "FILE: SETTING: problem" where {@code problem} already says what is allowed (a model's message). */
    public InputException fail(String key, String problem) {
        return InputException.at(origins.of(key).file(), setting(key), problem);
    }

    /** The same for this object as a whole. */
    public InputException errorHere(String problem, String allowed) {
        Origins.Origin here = origins.here();
        return InputException.at(here.file(), here.path().isEmpty() ? null : here.path() + here.note(),
                problem + "; allowed: " + allowed);
    }

    /** The keys written in this object (null-valued ones included), sorted. */
    public Set<String> keys() {
        return new TreeSet<>(config.root().keySet());
    }

    /** The keys written in this object in the order they are written (by line), so the file sets the display order. */
    public List<String> keysInFileOrder() {
        return ConfigText.inFileOrder(config.root(), origins.order());
    }

    /** Fails on the first key (in sorted order) not in {@code allowed}, naming them and the {@link Suggestion}. */
    public void rejectUnknownKeys(Collection<String> allowed) {
        for (String key : keys()) {
            if (!allowed.contains(key)) {
                throw error(key, "unknown setting", String.join(", ", allowed) + Suggestion.didYouMean(key, allowed));
            }
        }
    }

    /** True when {@code key} is set to something other than null. */
    public boolean has(String key) {
        return config.hasPath(quote(key));
    }

    /** True when {@code key} is written, even as null. */
    public boolean written(String key) {
        return config.root().containsKey(key);
    }

    public ConfigValue value(String key) {
        return config.getValue(quote(key));
    }

    /** "FRA" for strings, "60" for numbers, "[1,2]" for lists: the value as the user wrote it, for messages. */
    public String shown(String key) {
        return shown(value(key));
    }

    public static String shown(ConfigValue value) {
        // strings unquoted, numbers plain (60, 0.5, 1e300), lists and objects as JSON ([1,2], {"a":1})
        return switch (value.valueType()) {
            case STRING -> String.valueOf(value.unwrapped());
            case NUMBER -> shownNumber(((Number) value.unwrapped()).doubleValue());
            default -> value.render(ConfigRenderOptions.concise());
        };
    }

    private static String shownNumber(double d) {
        double magnitude = Math.abs(d);
        if (magnitude >= 1e15 || (magnitude < 1e-4 && magnitude > 0) || Double.isNaN(d)) {
            return Double.toString(d).replace(".0E", "E").replace('E', 'e');
        }
        return Durations.formatNumber(d);
    }

    public String string(String key) {
        requirePresent(key, "a string");
        ConfigValueType type = value(key).valueType();
        if (type == ConfigValueType.OBJECT) {
            throw error(key, "is an object (" + shown(key) + "), not a string", "a string");
        }
        if (type == ConfigValueType.LIST) {
            throw error(key, "is a list (" + shown(key) + "), not a string", "a string");
        }
        return config.getString(quote(key));
    }

    /** The string at {@code key}, or null when absent or null. */
    public String optString(String key) {
        return has(key) ? string(key) : null;
    }

    public double number(String key, String allowed) {
        requirePresent(key, allowed);
        try {
            double d = config.getDouble(quote(key));
            // "NaN" and "Infinity" parse as doubles, and would pass every range check or fail it for the wrong reason
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                throw error(key, "'" + shown(key) + "' is not a number", allowed);
            }
            return d;
        } catch (ConfigException.WrongType e) {
            throw error(key, "'" + shown(key) + "' is not a number", allowed);
        }
    }

    public long wholeNumber(String key, String allowed) {
        requirePresent(key, allowed);
        ConfigValue v = value(key);
        if (v.valueType() != ConfigValueType.NUMBER && v.valueType() != ConfigValueType.STRING) {
            throw error(key, "'" + shown(key) + "' is not a whole number", allowed);
        }
        try {
            double d = config.getDouble(quote(key));
            if (Math.abs(d) > 9.0e15 && !Double.isNaN(d)) {
                throw error(key, shown(key) + (d > 0 ? " is too large, above 9e15" : " is too small, below -9e15"),
                        allowed);
            }
            if (d != Math.rint(d)) {
                throw error(key, shown(key) + " is not a whole number", allowed);
            }
            return (long) d;
        } catch (ConfigException.WrongType e) {
            throw error(key, "'" + shown(key) + "' is not a whole number", allowed);
        }
    }

    /** A whole number of at least 1. */
    public long positiveWhole(String key, String allowed) {
        long n = wholeNumber(key, allowed);
        if (n < 1) {
            throw error(key, n + " is too small", allowed);
        }
        return n;
    }

    /** A whole number from 1 to {@code max} ({@code allowed} should say both). */
    public int positiveInt(String key, int max, String allowed) {
        long n = positiveWhole(key, allowed);
        if (n > max) {
            throw error(key, n + " is too large", allowed);
        }
        return (int) n;
    }

    /** A number greater than 0 and at most {@code max} ({@code allowed} should say both). */
    public double positiveNumber(String key, double max, String allowed) {
        double d = number(key, allowed);
        if (!(d > 0)) {
            throw error(key, shown(key) + " is too small", allowed);
        }
        if (d > max) {
            throw error(key, shown(key) + " is too large", allowed);
        }
        return d;
    }

    public boolean bool(String key) {
        requirePresent(key, "true or false");
        try {
            return config.getBoolean(quote(key));
        } catch (ConfigException.WrongType e) {
            throw error(key, "'" + shown(key) + "' is not true or false", "true or false");
        }
    }

    /** A duration from 0 to {@link #MAX_DURATION_NANOS}, in nanoseconds. */
    public long durationNanos(String key) {
        return durationNanos(key, false, MAX_DURATION_NANOS);
    }

    /** A duration greater than 0 and at most {@link #MAX_DURATION_NANOS}, in nanoseconds. */
    public long positiveDurationNanos(String key) {
        return durationNanos(key, true, MAX_DURATION_NANOS);
    }

    /**
     * A duration of at least one second and at most {@link #MAX_DURATION_NANOS}, in nanoseconds: for a time that
     * something repeats after, whose every repeat the run steps through (a shorter one would make a run of minutes
     * take hours); {@code why} ends the "allowed" part.
     */
    public long durationOfSecondsNanos(String key, String why) {
        String allowed = "a duration with a unit, from 1s to " + Durations.format(MAX_DURATION_NANOS) + " (" + why
                + ")";
        long nanos = durationNanos(key, true, MAX_DURATION_NANOS, allowed);
        if (nanos < Durations.NANOS_PER_SECOND) {
            throw error(key, shown(key) + " is shorter than a second", allowed);
        }
        return nanos;
    }

    /**
     * A duration in nanoseconds, from 0 (or, when {@code positive}, greater than 0) to {@code maxNanos}; every
     * message states that range. A bare number is refused: HOCON would read it as milliseconds.
     */
    public long durationNanos(String key, boolean positive, long maxNanos) {
        return durationNanos(key, positive, maxNanos, durationAllowed(positive, maxNanos));
    }

    /** The same, with {@code allowed} as the messages' "allowed" part (for a setting that also takes a word). */
    public long durationNanos(String key, boolean positive, long maxNanos, String allowed) {
        requirePresent(key, allowed);
        ConfigValue v = value(key);
        if (v.valueType() == ConfigValueType.NUMBER) {
            throw error(key, shown(key) + " has no unit", allowed);
        }
        if (v.valueType() != ConfigValueType.STRING) {
            throw error(key, "'" + shown(key) + "' is not a duration", allowed);
        }
        // a number in quotes ("60") has no unit either: HOCON would read it as milliseconds too
        String text = ((String) v.unwrapped()).strip();
        if (!text.isEmpty() && (Character.isDigit(text.charAt(text.length() - 1)) || text.endsWith("."))) {
            throw error(key, "'" + shown(key) + "' has no unit", allowed);
        }
        long nanos;
        try {
            nanos = config.getDuration(quote(key)).toNanos();
        } catch (ArithmeticException e) {
            // beyond what a long counts in nanoseconds (292 years)
            throw error(key, shown(key) + " is too large", allowed);
        } catch (ConfigException.BadValue e) {
            throw error(key, "'" + shown(key) + "' is not a duration", allowed);
        }
        if (nanos < 0) {
            throw error(key, shown(key) + " is negative", allowed);
        }
        if (nanos == 0 && positive) {
            throw error(key, shown(key) + " is too small", allowed);
        }
        // the parser saturates at Long.MAX_VALUE ns, so anything longer lands here too
        if (nanos > maxNanos) {
            throw error(key, shown(key) + " is too large", allowed);
        }
        return nanos;
    }

    /** "a duration with a unit, ..., from 0 to 3650d" or "..., greater than 0 and at most 3650d". */
    public static String durationAllowed(boolean positive, long maxNanos) {
        return DURATION + (positive ? ", greater than 0 and at most " : ", from 0 to ") + Durations.format(maxNanos);
    }

    /** A list of strings (a single string counts as a list of one). */
    public List<String> stringList(String key, String allowed) {
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
                throw InputException.at(origins.of(key).file(), item(key, i) + origins.of(key).note(),
                        "'" + shown(item) + "' is not a name; allowed: " + allowed);
            }
            out.add(String.valueOf(item.unwrapped()));
        }
        return out;
    }

    /**
     * The file named at {@code key}, relative to {@code folder}; a missing file, a directory or an unreadable file is
     * reported at this setting: "s.conf: clients[0].trace: dir/nope.csv: no such file; allowed: ...".
     */
    public Path file(String key, Path folder, String allowed) {
        // "scenarios/../regions/x.conf" is shown as "regions/x.conf"
        Path path = folder.resolve(fileName(key, allowed)).normalize();
        String problem = HoconSource.fileProblem(path);
        if (problem != null) {
            throw error(key, path + ": " + problem, allowed);
        }
        return path;
    }

    /** The file name at {@code key} as written, not looked for. */
    public Path fileName(String key, String allowed) {
        try {
            return Path.of(string(key));
        } catch (InvalidPathException e) {
            // a NUL in the name, say: no file can have it
            throw error(key, "'" + string(key) + "' is not a file name: " + e.getReason(), allowed);
        }
    }

    /** The object at {@code key}, as a reader whose messages name "prefix.key". */
    public ConfigReader object(String key) {
        requirePresent(key, "an object { ... }");
        if (value(key).valueType() != ConfigValueType.OBJECT) {
            throw error(key, "'" + shown(key) + "' is not an object", "an object { ... }");
        }
        return new ConfigReader(config.getConfig(quote(key)), origins.child(key, origins.of(key).pathOf(key)));
    }

    /** The list of objects at {@code key}, each a reader whose messages name "prefix.key[i]". */
    public List<ConfigReader> objectList(String key) {
        requirePresent(key, "a list of objects [ { ... } ]");
        ConfigValue v = value(key);
        if (v.valueType() != ConfigValueType.LIST) {
            throw error(key, "'" + shown(key) + "' is not a list", "a list of objects [ { ... } ]");
        }
        List<ConfigReader> out = new ArrayList<>();
        ConfigList list = (ConfigList) v;
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i).valueType() != ConfigValueType.OBJECT) {
                throw InputException.at(origins.of(key).file(), item(key, i) + origins.of(key).note(), "'"
                        + shown(list.get(i)) + "' is not an object; allowed: an object { ... }");
            }
            out.add(new ConfigReader(((ConfigObject) list.get(i)).toConfig(), origins.child(key, item(key, i))));
        }
        return out;
    }

    /** Where item {@code index} of the list at {@code key} was written: "limiters[1]". */
    private String item(String key, int index) {
        return origins.of(key).pathOf(key) + "[" + index + "]";
    }

    /**
     * This object with the keys of {@code lower} that it does not write, key by key, in Typesafe Config's
     * {@code withFallback} style: a key written here, even as null, keeps its own whole value (an object is not
     * merged with the lower one's). A key taken counts as written here; messages about it name where it was written
     * ({@link #setting}), so that {@code stage.withFallback(tiersSection)} reports "tiers.kv.miss-read-max".
     */
    public ConfigReader withFallback(ConfigReader lower) {
        Config merged = config;
        Set<String> taken = new TreeSet<>();
        for (Map.Entry<String, ConfigValue> e : lower.config.root().entrySet()) {
            if (!config.root().containsKey(e.getKey())) {
                merged = merged.withValue(quote(e.getKey()), e.getValue());
                taken.add(e.getKey());
            }
        }
        return new ConfigReader(merged, origins.withFallback(taken, lower.origins));
    }

    /**
     * This object without the keys written as null here (or in a layer below it): each then reads as if written
     * nowhere, so that a default merged under it ({@link #withFallback(Config)}) applies. A client drops a
     * client-defaults value so, and gets reference.conf's.
     */
    public ConfigReader withoutNulls() {
        Config kept = config;
        for (Map.Entry<String, ConfigValue> e : config.root().entrySet()) {
            if (e.getValue().valueType() == ConfigValueType.NULL) {
                kept = kept.withoutPath(quote(e.getKey()));
            }
        }
        return new ConfigReader(kept, origins);
    }

    /**
     * This object over {@code defaults} written for several objects (a scenario's {@code client-defaults}): as
     * {@link #withFallback(ConfigReader)}, and messages about a key taken name this object too:
     * "client-defaults.arrival (applied to clients[2])".
     */
    public ConfigReader under(ConfigReader defaults) {
        return withFallback(new ConfigReader(defaults.config, defaults.origins.appliedTo(path())));
    }

    /** Whether the value at {@code key} is the one {@code layer} (this object or a layer below it) writes there. */
    public boolean writtenIn(String key, ConfigReader layer) {
        return layer.written(key) && origins.of(key).equals(layer.origins.of(key));
    }

    /**
     * This object with reference.conf's {@code defaults} merged under it as Typesafe Config's own
     * {@code withFallback} does (objects merged deeply), its keys named as this object's: reference.conf's values
     * are valid, and a setting it leaves null is missing here, where the user would write it.
     */
    public ConfigReader withFallback(Config defaults) {
        return new ConfigReader(config.withFallback(defaults), origins);
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
