package io.edgesim.scenario;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Writes scenario files into a test's own folder and loads them against the repository's regions.conf. */
public final class ScenarioFixture {

    /** The repository's regions file (tests run in the project folder). */
    public static final Path REGIONS = Path.of("regions.conf");

    /** A small valid scenario; a fragment appended to it overrides its keys (later HOCON keys win). */
    public static final String BASE = """
            name = t
            duration = 60s
            regions = [FRA, AMS, SYD]
            clients = [ { name = a, key = k, rate = 10 } ]
            limiters = [ { name = l, tier = cache, limit = 100, window = 60s } ]
            """;

    private ScenarioFixture() {
    }

    /**
     * {@code base} (one top-level setting per line) with {@code fragment} after it, less the lines of {@code base}
     * whose setting the fragment writes again at the start of one of its lines: a list written twice in one file is
     * refused (HOCON would keep the later alone), so a fragment's clients or limiters replace the base's instead.
     */
    public static String over(String base, String fragment) {
        Set<String> written = new HashSet<>();
        for (String line : fragment.split("\n")) {
            Matcher key = TOP_KEY.matcher(line);
            if (key.lookingAt()) {
                written.add(key.group(1));
            }
        }
        StringBuilder out = new StringBuilder();
        for (String line : base.split("\n")) {
            Matcher key = TOP_KEY.matcher(line);
            if (!(key.lookingAt() && written.contains(key.group(1)))) {
                out.append(line).append('\n');
            }
        }
        return out + fragment;
    }

    // a top-level key at the start of a line: "clients = [", "limiters=["
    private static final Pattern TOP_KEY = Pattern.compile("([a-z-]+)\\s*=");

    public static Path write(Path dir, String fileName, String text) {
        try {
            Path file = dir.resolve(fileName);
            Files.createDirectories(file.getParent());
            Files.writeString(file, text);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Loads {@code hocon} as the complete scenario file {@code dir/s.conf}. */
    public static Scenario load(Path dir, String hocon) {
        return ScenarioLoader.load(write(dir, "s.conf", hocon), REGIONS);
    }

    /** Loads {@link #BASE} with {@code fragment} appended. */
    public static Scenario loadOverBase(Path dir, String fragment) {
        return load(dir, over(BASE, fragment));
    }

    /** The one-line message loading BASE + {@code fragment} fails with (the test fails if it loads). */
    public static String errorOverBase(Path dir, String fragment) {
        return errorOf(dir, over(BASE, fragment));
    }

    /** The one-line message loading {@code hocon} fails with. */
    public static String errorOf(Path dir, String hocon) {
        Path file = write(dir, "s.conf", hocon);
        String[] message = new String[1];
        assertThatThrownBy(() -> ScenarioLoader.load(file, REGIONS))
                .isInstanceOfSatisfying(InputException.class, e -> message[0] = e.getMessage());
        return message[0];
    }
}
