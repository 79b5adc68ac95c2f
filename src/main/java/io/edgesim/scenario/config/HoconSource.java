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
import com.typesafe.config.ConfigResolveOptions;
import com.typesafe.config.ConfigSyntax;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import io.edgesim.scenario.InputException;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The HOCON source of a scenario or regions file: a file parsed and resolved with its includes (existing files only,
 * {@link FileIncluder}), or a text rendered by {@link ConfigText} that includes nothing. Every problem of the source
 * itself (a missing file, a syntax error, nesting too deep to read) is one {@link InputException} naming the file.
 */
public final class HoconSource {

    private HoconSource() {
    }

    /**
     * Parses and resolves a HOCON file, with includes of existing files only ({@link FileIncluder}); a missing file,
     * a syntax error or nesting too deep to read becomes an InputException.
     */
    public static Config parseFile(Path path) {
        return parse(path, new FileIncluder(path));
    }

    /** A file read with the files it includes: its settings, and the order of the files ({@link FileOrder}). */
    public record Read(Config config, FileOrder order) {
    }

    /**
     * {@link #parseFile(Path)}, then fails on a key of {@code checkedOnce} written twice in the file or in a file it
     * includes ({@link RepeatedKeys#reject}, {@code allowed} saying what is allowed for the repeat found).
     */
    public static Read parseFile(Path path, Set<String> checkedOnce,
                                 Function<RepeatedKeys.Repeat, String> allowed) {
        FileIncluder includer = new FileIncluder(path);
        Config config = parse(path, includer);
        List<Path> files = new ArrayList<>();
        files.add(path);
        files.addAll(includer.included());
        RepeatedKeys.reject(files, checkedOnce, allowed);
        if (!includer.included().isEmpty()) {
            rejectReplacedByLaterInclude(path, config.root());
            // and in each included file, against what it gives with its own includes (a file that includes it may
            // then change what it gives, as meant)
            for (Path included : new LinkedHashSet<>(includer.included())) {
                FileIncluder own = new FileIncluder(included);
                ConfigObject withIncludes;
                try {
                    withIncludes = ConfigFactory.parseFile(included.toFile(), own.options()).root();
                } catch (ConfigException | StackOverflowError e) {
                    continue;  // read a moment ago within the file that includes it
                }
                if (!own.included().isEmpty()) {
                    rejectReplacedByLaterInclude(included, withIncludes);
                }
            }
        }
        return new Read(config, FileOrder.of(includer.ended(), path));
    }

    /**
     * Fails on a setting of the file {@code path} itself that an include placed after it replaces in {@code full} (the
     * file with its includes): HOCON keeps the later of two values, so {@code limiters = [...]} followed by
     * {@code include "common.conf"} runs common.conf's limiters, while the file says otherwise. A value built from a
     * substitution is left alone (it may mean to build on the include), as are objects, which merge key by key: their
     * keys are checked one by one.
     */
    private static void rejectReplacedByLaterInclude(Path path, ConfigObject full) {
        ConfigParseOptions bare = ConfigParseOptions.defaults().setSyntax(ConfigSyntax.CONF)
                .setIncluder(new EmptyIncludes());
        ConfigObject own;
        try {
            own = ConfigFactory.parseFile(path.toFile(), bare).root();
        } catch (ConfigException e) {
            return;  // parsed a moment ago with its includes: nothing to say of it without them
        }
        rejectReplaced(path, own, full, "");
    }

    private static void rejectReplaced(Path path, ConfigObject own, ConfigObject full, String prefix) {
        for (Map.Entry<String, ConfigValue> entry : own.entrySet()) {
            rejectReplaced(path, entry.getValue(), full.get(entry.getKey()), prefix + entry.getKey());
        }
    }

    // mine: a value of the file path itself; kept: what stands there with its includes
    private static void rejectReplaced(Path path, ConfigValue mine, ConfigValue kept, String key) {
        ConfigValueType type;
        ConfigValueType keptType;
        try {
            type = mine.valueType();
            keptType = kept == null ? null : kept.valueType();
        } catch (ConfigException.NotResolved substitution) {
            return;
        }
        if (kept == null) {
            return;
        }
        try {
            if (type == ConfigValueType.OBJECT && keptType == ConfigValueType.OBJECT) {
                rejectReplaced(path, (ConfigObject) mine, (ConfigObject) kept, key + ".");
                return;
            }
            // a list the file wrote that stands as written: an include inside one of its objects
            // ({ name = l, limit = 100, include "l.conf" }) may replace what the object says
            if (type == ConfigValueType.LIST && keptType == ConfigValueType.LIST
                    && ((ConfigList) mine).size() == ((ConfigList) kept).size() && sameFile(kept, path)) {
                for (int i = 0; i < ((ConfigList) mine).size(); i++) {
                    rejectReplaced(path, ((ConfigList) mine).get(i), ((ConfigList) kept).get(i), key + "[" + i + "]");
                }
                return;
            }
        } catch (ConfigException.NotResolved substitution) {
            // an object built from a substitution and a block (regions = ${regions} { ... }): it builds on what it
            // refers to, as meant
            return;
        }
        if (!sameFile(kept, path) && kept.origin().lineNumber() > 0) {
            throw InputException.at(path.toString(), key, "set on line " + mine.origin().lineNumber()
                    + " and replaced by " + kept.origin().filename() + " (line " + kept.origin().lineNumber()
                    + "), which this file includes after it (HOCON keeps the later); allowed: the include first, "
                    + "then the settings that change it");
        }
    }

    // whether value comes from the file path (not from a file it includes)
    private static boolean sameFile(ConfigValue value, Path path) {
        String from = value.origin().filename();
        return from == null || Path.of(from).toAbsolutePath().normalize().equals(path.toAbsolutePath().normalize());
    }

    /** The includer that reads a file without its includes: each is empty. */
    private static final class EmptyIncludes implements ConfigIncluder, ConfigIncluderFile, ConfigIncluderURL,
            ConfigIncluderClasspath {

        @Override
        public ConfigIncluder withFallback(ConfigIncluder fallback) {
            return this;
        }

        @Override
        public ConfigObject include(ConfigIncludeContext context, String what) {
            return ConfigFactory.empty().root();
        }

        @Override
        public ConfigObject includeFile(ConfigIncludeContext context, File what) {
            return ConfigFactory.empty().root();
        }

        @Override
        public ConfigObject includeURL(ConfigIncludeContext context, URL what) {
            return ConfigFactory.empty().root();
        }

        @Override
        public ConfigObject includeResources(ConfigIncludeContext context, String what) {
            return ConfigFactory.empty().root();
        }
    }

    /** The files {@code path} includes, directly or not, in the order met. */
    public static List<Path> includedFiles(Path path) {
        FileIncluder includer = new FileIncluder(path);
        parse(path, includer);
        return includer.included();
    }

    // a substitution reads the files' own settings, never the environment: a scenario is data, and the same file gives
    // the same numbers in every shell
    private static final ConfigResolveOptions DATA_ONLY = ConfigResolveOptions.defaults()
            .setUseSystemEnvironment(false);

    private static Config parse(Path path, FileIncluder includer) {
        String file = path.toString();
        String problem = hoconFileProblem(path);
        if (problem != null) {
            throw InputException.at(file, null, problem);
        }
        try {
            return ConfigFactory.parseFile(path.toFile(), includer.options()).resolve(DATA_ONLY);
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
            return ConfigFactory.parseString(text, options).resolve(DATA_ONLY);
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

    private static InputException malformed(String topFile, ConfigException e) {
        String detail = e.getMessage();
        String where = null;
        // a file it includes is blamed for its own syntax, not the file that includes it
        String file = topFile;
        if (e.origin() != null && e.origin().filename() != null && !sameFile(e.origin().filename(), topFile)) {
            file = e.origin().filename();
        }
        if (e.origin() != null) {
            String description = e.origin().description();
            if (detail.startsWith(description + ": ")) {
                detail = detail.substring(description.length() + 2);
            }
            if (e.origin().lineNumber() > 0) {
                where = "line " + e.origin().lineNumber();
            }
        }
        if (detail.startsWith("expecting a close parentheses ')' here, not: end of file")) {
            // what Typesafe Config says of an object left open at the end of the file
            return InputException.at(file, where, "malformed HOCON: the file ends inside an object (a closing brace } "
                    + "is missing); allowed: HOCON syntax");
        }
        if (e instanceof ConfigException.UnresolvedSubstitution) {
            return InputException.at(file, where, "malformed HOCON: " + oneLine(detail) + "; allowed: a substitution "
                    + "of a value the scenario's files set (${limiters} ...), not of an environment variable, which "
                    + "a scenario never reads");
        }
        Matcher quotes = QUOTES_HINT.matcher(detail);
        if (quotes.find()) {
            // Typesafe Config's hint names its own remedies (and a .properties file); ours names the one that applies:
            // none for a stray bracket or comma, quotes for a character inside a value
            String problem = "malformed HOCON: " + oneLine(quotes.replaceFirst(""));
            return InputException.at(file, where, STRAY.matcher(detail).find() ? problem + "; allowed: HOCON syntax"
                    : problem + "; allowed: HOCON syntax, with a key or value that holds a character such as + : $ "
                    + "{ } [ ] = , in double quotes (key = \"anon-token+ip\")");
        }
        return InputException.at(file, where, "malformed HOCON: " + oneLine(COMMA_HINT.matcher(detail).replaceFirst(""))
                + "; allowed: HOCON syntax");
    }

    private static boolean sameFile(String a, String b) {
        try {
            return Path.of(a).toAbsolutePath().normalize().equals(Path.of(b).toAbsolutePath().normalize());
        } catch (java.nio.file.InvalidPathException e) {
            return a.equals(b);
        }
    }

    // "(if you intended 'i' to be part of a key or string value, try enclosing the key or value in double quotes, or
    // you may be able to rename the file .properties rather than .conf)"
    private static final Pattern QUOTES_HINT = Pattern.compile("\\s*\\(if you intended .* to be part of a key or "
            + "string value, try enclosing the key or value in double quotes.*\\)", Pattern.DOTALL);
    private static final Pattern STRAY = Pattern.compile("got '[\\[\\]{},]'|unbalanced close");
    // "(if you want the comma or end of file to be part of a string value, then double-quote it)": after a comma
    // with nothing behind it, or a list left open
    private static final Pattern COMMA_HINT = Pattern.compile("\\s*\\(if you want the comma or .* to be part of a "
            + "string value, then double-quote it\\)", Pattern.DOTALL);

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

    /** {@link #fileProblem}, or for a file that can be read and is not UTF-8 text, where it is not. */
    public static String hoconFileProblem(Path path) {
        String problem = fileProblem(path);
        return problem != null ? problem : notUtf8(path);
    }

    // Typesafe Config reads a file as UTF-8 and puts U+FFFD where a byte is not: a city or a name in Latin-1 would
    // reach the report changed. Null when the file is UTF-8 text, else where it is not
    private static String notUtf8(Path path) {
        ByteBuffer bytes;
        try {
            bytes = ByteBuffer.wrap(Files.readAllBytes(path));
        } catch (IOException e) {
            return "cannot be read: " + e.getMessage();
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        CoderResult result = decoder.decode(bytes, CharBuffer.allocate(bytes.remaining()), true);
        if (!result.isError()) {
            return null;
        }
        int line = 1;
        for (int i = 0; i < bytes.position(); i++) {
            line += bytes.get(i) == '\n' ? 1 : 0;
        }
        return "holds bytes that are not UTF-8 text (line " + line + ", byte 0x"
                + String.format("%02X", bytes.get(bytes.position()) & 0xFF) + "); allowed: a text file in UTF-8 "
                + "(ASCII is UTF-8)";
    }

    public static String oneLine(String text) {
        return text.replaceAll("\\s*\\R\\s*", " ").trim();
    }
}
