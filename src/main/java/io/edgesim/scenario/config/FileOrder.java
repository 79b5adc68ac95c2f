package io.edgesim.scenario.config;

import com.typesafe.config.ConfigOrigin;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The files one HOCON file was read from, in the order their text comes in what HOCON reads: an include stands for
 * the text of the file it names, so the keys of an included file come before those written after the include. The
 * order is approximated by when each file's reading ended (a file included by an included file first, the file read
 * last), which is exact for the usual layout (the includes at the top, then what the file changes). {@link #place}
 * gives a key's place in that order, so that the order of a scenario's regions or of a PoP weight list - on which
 * seeded draws depend - is the order in which they are written, however the files are split, and a change to one
 * field of a region written in another file moves nothing.
 */
public final class FileOrder {

    private final List<String> files;
    // each file's place in a merged value's description: "r.conf: 2" at its start or after a comma
    private final List<Pattern> places;

    private FileOrder(List<String> files) {
        this.files = List.copyOf(files);
        this.places = files.stream().map(f -> Pattern.compile("(?:^|,|merge of )" + Pattern.quote(f) + ": (\\d+)"))
                .toList();
    }

    /** A file that includes nothing, or a text (whose values name no file). */
    public static FileOrder of(String file) {
        return new FileOrder(List.of(file));
    }

    /** {@code included} in the order their reading ended, then {@code file}, the file read. */
    static FileOrder of(List<Path> included, Path file) {
        List<String> files = new ArrayList<>();
        included.forEach(p -> files.add(p.toString()));
        files.add(file.toString());
        return new FileOrder(files);
    }

    /** The file read (the last). */
    public String file() {
        return files.get(files.size() - 1);
    }

    /**
     * Where the value with {@code origin} is first written: the rank of its file and its line. A value merged from
     * several files (a region of an included file changed in the file read) has no line of its own in Typesafe
     * Config, only a description naming each place ("merge of r.conf: 2,base.conf: 26"); its first place is taken.
     */
    Place place(ConfigOrigin origin) {
        String description = origin.description();
        if (origin.lineNumber() >= 0 || !description.startsWith("merge of ")) {
            return place(origin.filename(), origin.lineNumber());
        }
        Place first = null;
        for (int f = 0; f < files.size(); f++) {
            Matcher m = places.get(f).matcher(description);
            while (m.find()) {
                Place place = place(files.get(f), Integer.parseInt(m.group(1)));
                first = first == null || place.compareTo(first) < 0 ? place : first;
            }
        }
        return first == null ? new Place(files.size(), -1) : first;
    }

    private Place place(String file, int line) {
        int rank = file == null ? -1 : files.indexOf(file);
        return new Place(rank < 0 ? files.size() : rank, line);
    }

    /**
     * A key's place: its file's rank (files this order does not know last) and line. HOCON keeps no column: keys
     * written on one line tie, and {@link ConfigText#inFileOrder} takes them in name order.
     */
    record Place(int rank, int line) implements Comparable<Place> {

        @Override
        public int compareTo(Place other) {
            return rank != other.rank ? Integer.compare(rank, other.rank) : Integer.compare(line, other.line);
        }
    }
}
