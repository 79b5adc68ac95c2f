package io.edgesim.scenario.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigIncludeContext;
import com.typesafe.config.ConfigIncluder;
import com.typesafe.config.ConfigIncluderClasspath;
import com.typesafe.config.ConfigIncluderFile;
import com.typesafe.config.ConfigIncluderURL;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigSyntax;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import io.edgesim.model.algorithm.Durations;
import io.edgesim.scenario.InputException;

import java.io.File;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Typed, validated reading of one HOCON object of one file. Knows the file and the path of the object inside it
 * ("limiters[1]"), so every problem becomes an {@link InputException} of the form
 * {@code FILE: SETTING: what is wrong; allowed: ...}. A key set to null counts as absent.
 */
public final class ConfigReader {

    public static final String DURATION = "a duration with a unit, such as 250ms, 10s, 1m, 1h";

    /**
     * The longest duration any setting takes: 3650 days (10 years), about a thirtieth of the 292 years a long counts
     * in nanoseconds, so a run's times plus any delay added to them stay far from overflow.
     */
    public static final long MAX_DURATION_NANOS = 3_650L * 86_400L * Durations.NANOS_PER_SECOND;

    private final String file;
    private final String prefix;
    private final Config config;
    // keys taken from another object (see under): key -> that object's path, where messages name the key
    private final Map<String, String> borrowed;
    // the object this one's settings were taken into when they were written elsewhere (see under), or null
    private final String appliedTo;

    public ConfigReader(String file, String prefix, Config config) {
        this(file, prefix, config, Map.of(), null);
    }

    private ConfigReader(String file, String prefix, Config config, Map<String, String> borrowed, String appliedTo) {
        this.file = file;
        this.prefix = prefix;
        this.config = config;
        this.borrowed = borrowed;
        this.appliedTo = appliedTo;
    }

    /**
     * Parses and resolves a HOCON file, with includes of existing files only ({@link FileIncluder}); a missing file,
     * a syntax error or nesting too deep to read becomes an InputException.
     */
    public static Config parseFile(Path path) {
        return parse(path, new FileIncluder(path));
    }

    /** The files {@code path} includes, directly or not, in the order met. */
    public static List<Path> includedFiles(Path path) {
        FileIncluder includer = new FileIncluder(path);
        parse(path, includer);
        return includer.included();
    }

    private static Config parse(Path path, FileIncluder includer) {
        String file = path.toString();
        String problem = fileProblem(path);
        if (problem != null) {
            throw InputException.at(file, null, problem);
        }
        try {
            return ConfigFactory.parseFile(path.toFile(), includer.options()).resolve();
        } catch (ConfigException e) {
            throw malformed(file, e);
        } catch (StackOverflowError e) {
            throw tooDeep(file);
        }
    }

    /**
     * Parses a text rendered by {@link ConfigText} (a scenario or regions file sent to another process), named
     * {@code origin} in messages. It reads no file: an include is refused.
     */
    public static Config parseText(String origin, String text) {
        ConfigParseOptions options = ConfigParseOptions.defaults().setSyntax(ConfigSyntax.CONF)
                .setOriginDescription(origin).setIncluder(new NoIncludes(origin));
        try {
            return ConfigFactory.parseString(text, options).resolve();
        } catch (ConfigException e) {
            throw malformed(origin, e);
        } catch (StackOverflowError e) {
            throw tooDeep(origin);
        }
    }

    /** The includer of a text: every include is one line of bad input. */
    private record NoIncludes(String origin) implements ConfigIncluder, ConfigIncluderFile, ConfigIncluderURL,
            ConfigIncluderClasspath {

        private static final String ALLOWED = "allowed: the text of a scenario as ScenarioLoader.text renders it, "
                + "which includes nothing";

        @Override
        public ConfigIncluder withFallback(ConfigIncluder fallback) {
            return this;
        }

        @Override
        public ConfigObject include(ConfigIncludeContext context, String what) {
            throw InputException.at(origin, "include \"" + what + "\"", "a scenario text reads no file; " + ALLOWED);
        }

        @Override
        public ConfigObject includeFile(ConfigIncludeContext context, File what) {
            throw InputException.at(origin, "include file(\"" + what + "\")", "a scenario text reads no file; "
                    + ALLOWED);
        }

        @Override
        public ConfigObject includeURL(ConfigIncludeContext context, URL what) {
            throw InputException.at(origin, "include url(\"" + what + "\")", "a scenario text reads no URL; "
                    + ALLOWED);
        }

        @Override
        public ConfigObject includeResources(ConfigIncludeContext context, String what) {
            throw InputException.at(origin, "include classpath(\"" + what + "\")", "a scenario text reads "
                    + "nothing from the classpath; " + ALLOWED);
        }
    }

    /** The one line for a file whose objects or lists are nested too deeply to read. */
    public static InputException tooDeep(String file) {
        return InputException.at(file, null, "objects or lists nested too deeply to read; allowed: nesting a few "
                + "levels deep, as in the documented settings");
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

    /** Null when {@code path} is a readable file, else "no such file", "is a directory, not a file", ... */
    public static String fileProblem(Path path) {
        if (Files.isDirectory(path)) {
            return "is a directory, not a file";
        }
        if (!Files.exists(path)) {
            return "no such file";
        }
        if (!Files.isRegularFile(path)) {
            return "is not a regular file";
        }
        if (!Files.isReadable(path)) {
            return "cannot be read (no permission)";
        }
        return null;
    }

    public static String oneLine(String text) {
        return text.replaceAll("\\s*\\R\\s*", " ").trim();
    }

    public Config config() {
        return config;
    }

    /** Path of this object for messages: "limiters[1]", "" at the root. */
    public String path() {
        return prefix;
    }

    /**
     * Path of {@code key} for messages: "limiters[1].period"; for a key written in another object and taken into
     * this one, where it was written and where it was taken: "client-defaults.arrival (applied to clients[2])".
     */
    public String setting(String key) {
        return pathOf(key) + noteOf(key);
    }

    /** Where {@code key} was written: "limiters[1].period", "client-defaults.arrival". */
    private String pathOf(String key) {
        String owner = borrowed.getOrDefault(key, prefix);
        return owner.isEmpty() ? key : owner + "." + key;
    }

    /** " (applied to clients[2])" for a key written elsewhere, else "". */
    private String noteOf(String key) {
        String target = borrowed.containsKey(key) ? prefix : appliedTo;
        return target == null ? "" : " (applied to " + target + ")";
    }

    /** What {@link #appliedTo} is for the object at {@code key}. */
    private String appliedToOf(String key) {
        return borrowed.containsKey(key) ? prefix : appliedTo;
    }

    /** "FILE: SETTING: problem; allowed: allowed" for {@code key} of this object. */
    public InputException error(String key, String problem, String allowed) {
        return InputException.at(file, setting(key), problem + "; allowed: " + allowed);
    }

    /** "FILE: SETTING: problem" where {@code problem} already says what is allowed (a model's message). */
    public InputException fail(String key, String problem) {
        return InputException.at(file, setting(key), problem);
    }

    /** The same for this object as a whole. */
    public InputException errorHere(String problem, String allowed) {
        String note = appliedTo == null ? "" : " (applied to " + appliedTo + ")";
        return InputException.at(file, prefix.isEmpty() ? null : prefix + note, problem + "; allowed: " + allowed);
    }

    /** The keys written in this object (null-valued ones included), sorted. */
    public Set<String> keys() {
        return new TreeSet<>(config.root().keySet());
    }

    /** The keys written in this object in the order they are written (by line), so the file sets the display order. */
    public List<String> keysInFileOrder() {
        return ConfigText.inFileOrder(config.root());
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
            return config.getDouble(quote(key));
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
            if (d != Math.rint(d) || Math.abs(d) > 9.0e15) {
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
                throw InputException.at(file, pathOf(key) + "[" + i + "]" + noteOf(key),
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
        Path path = folder.resolve(fileName(key, allowed));
        String problem = fileProblem(path);
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
        return new ConfigReader(file, pathOf(key), config.getConfig(quote(key)), Map.of(), appliedToOf(key));
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
            String where = pathOf(key) + "[" + i + "]";
            if (list.get(i).valueType() != ConfigValueType.OBJECT) {
                throw InputException.at(file, where + noteOf(key), "'" + shown(list.get(i))
                        + "' is not an object; allowed: an object { ... }");
            }
            out.add(new ConfigReader(file, where, ((ConfigObject) list.get(i)).toConfig(), Map.of(),
                    appliedToOf(key)));
        }
        return out;
    }

    /** This object with {@code fallback}'s keys added where this one has none (HOCON withFallback). */
    public ConfigReader withFallback(Config fallback) {
        return new ConfigReader(file, prefix, config.withFallback(fallback), borrowed, appliedTo);
    }

    /**
     * This object with the keys of {@code defaults} that it does not write, key by key: a key written here, even as
     * null, keeps its own whole value (an object is not merged with the default's). Keys taken count as written
     * here; messages about them name where they were written ({@link #setting}).
     */
    public ConfigReader under(ConfigReader defaults) {
        Config merged = config;
        Map<String, String> taken = new HashMap<>(borrowed);
        for (Map.Entry<String, ConfigValue> e : defaults.config.root().entrySet()) {
            if (!config.root().containsKey(e.getKey())) {
                merged = merged.withValue(quote(e.getKey()), e.getValue());
                taken.put(e.getKey(), defaults.prefix);
            }
        }
        return new ConfigReader(file, prefix, merged, Map.copyOf(taken), appliedTo);
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
