package io.edgesim.scenario.config;

import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigIncludeContext;
import com.typesafe.config.ConfigIncluder;
import com.typesafe.config.ConfigIncluderClasspath;
import com.typesafe.config.ConfigIncluderFile;
import com.typesafe.config.ConfigIncluderURL;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigSyntax;
import io.edgesim.scenario.InputException;

import java.io.File;
import java.net.URL;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * The HOCON includes a scenario or regions file may use: files only, and only files that exist. {@code include
 * "common.conf"}, {@code include file("common.conf")} and their {@code required(...)} forms all name a file relative
 * to the folder of the file that includes it; a missing one fails, optional or not, naming the file. {@code
 * include url(...)} and {@code include classpath(...)} are refused: a scenario is data and reads nothing but files.
 * Remembers every file it included, for the run's list of inputs.
 */
final class FileIncluder implements ConfigIncluder, ConfigIncluderFile, ConfigIncluderURL, ConfigIncluderClasspath {

    private static final String ALLOWED = "allowed: include \"FILE\" or include file(\"FILE\"), a file that exists, "
            + "relative to the including file's folder";

    // the files being parsed, innermost first: an include is relative to the one on top
    private final Deque<Path> parsing = new ArrayDeque<>();
    private final List<Path> included = new ArrayList<>();
    private final List<Path> ended = new ArrayList<>();

    FileIncluder(Path top) {
        parsing.push(top);
    }

    /** Options for parsing a file with this includer. */
    ConfigParseOptions options() {
        return ConfigParseOptions.defaults().setAllowMissing(false).setSyntax(ConfigSyntax.CONF).setIncluder(this);
    }

    /** Every file included so far, in the order met. */
    List<Path> included() {
        return List.copyOf(included);
    }

    /** Every file included so far, in the order their reading ended (a file it includes before the file). */
    List<Path> ended() {
        return List.copyOf(ended);
    }

    @Override
    public ConfigIncluder withFallback(ConfigIncluder fallback) {
        return this;
    }

    @Override
    public ConfigObject include(ConfigIncludeContext context, String what) {
        return read(new File(what), "include \"" + what + "\"");
    }

    @Override
    public ConfigObject includeFile(ConfigIncludeContext context, File what) {
        return read(what, "include file(\"" + what + "\")");
    }

    // what the file names, as written (messages name the include as the user wrote it, required(...) aside)
    private ConfigObject read(File what, String written) {
        Path including = parsing.peek();
        Path folder = including.getParent() == null ? Path.of("") : including.getParent();
        Path file;
        try {
            file = what.isAbsolute() ? what.toPath() : folder.resolve(what.toPath());
        } catch (InvalidPathException e) {
            // a NUL in the name, say: no file can have it
            throw InputException.at(including.toString(), written, "not a file name: "
                    + e.getReason() + "; " + ALLOWED);
        }
        String problem = HoconSource.hoconFileProblem(file);
        if (problem != null) {
            throw InputException.at(including.toString(), written, file + " " + problem
                    .replaceFirst("^no such file", "does not exist")
                    + (problem.contains("; allowed: ") ? "" : "; " + ALLOWED));
        }
        for (Path open : parsing) {
            if (open.toAbsolutePath().normalize().equals(file.toAbsolutePath().normalize())) {
                throw InputException.at(including.toString(), written, file + " is already "
                        + "being read (a file that includes itself, directly or through others); " + ALLOWED
                        + ", without cycles");
            }
        }
        included.add(file);
        parsing.push(file);
        try {
            ConfigObject read = ConfigFactory.parseFile(file.toFile(), options()).root();
            ended.add(file);
            return read;
        } finally {
            parsing.pop();
        }
    }

    @Override
    public ConfigObject includeURL(ConfigIncludeContext context, URL what) {
        throw InputException.at(parsing.peek().toString(), "include url(\"" + what + "\")",
                "a scenario is data and reads no URL; " + ALLOWED);
    }

    @Override
    public ConfigObject includeResources(ConfigIncludeContext context, String what) {
        throw InputException.at(parsing.peek().toString(), "include classpath(\"" + what + "\")",
                "a scenario is data and reads nothing from the classpath; " + ALLOWED);
    }
}
