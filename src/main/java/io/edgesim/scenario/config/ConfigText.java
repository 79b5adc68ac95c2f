package io.edgesim.scenario.config;

import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;

import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A parsed scenario or regions file as one JSON text (JSON is HOCON) that reads back to the same settings. Unlike
 * {@code ConfigObject.render}, which sorts keys by name, it writes each object's keys in the order
 * {@link #inFileOrder} reads them, one per line, so the text read back keeps that order (the regions'
 * order, a PoP weight list's order). Leaves are rendered as HOCON renders them: numbers as written, strings quoted.
 */
public final class ConfigText {

    private static final ConfigRenderOptions LEAF = ConfigRenderOptions.concise();

    private ConfigText() {
    }

    // "merge of r.conf: 2,base.conf: 26-30": one component per place a merged value was written
    private static final Pattern COMPONENT = Pattern.compile("(?:merge of )*([^,]+?): (\\d+)(?:-\\d+)?(?=,|$)");

    /** {@code root}, parsed from {@code rootFile}, as text whose objects keep their {@link #inFileOrder}. */
    public static String render(ConfigObject root, String rootFile) {
        StringBuilder out = new StringBuilder();
        value(root, rootFile, out);
        return out.append('\n').toString();
    }

    /**
     * The keys of {@code object} in the order they are written, so the file sets the display order: by line, the
     * keys of included files (as they are written there) before those of {@code rootFile}, the file parsed. A key
     * written in an included file and changed in {@code rootFile} (regions.BOM.weight = 5) keeps its place: a change
     * to one field moves no region, and with it no seeded choice that goes by the regions' order.
     */
    public static List<String> inFileOrder(ConfigObject object, String rootFile) {
        return object.keySet().stream()
                .sorted(Comparator.comparing((String k) -> Place.of(object.get(k).origin(), rootFile))
                        .thenComparing(Comparator.naturalOrder()))
                .toList();
    }

    // where a value was first written: in an included file (rank 0) or in the file parsed (rank 1), and on which line
    private record Place(int rank, int line) implements Comparable<Place> {

        static Place of(ConfigOrigin origin, String rootFile) {
            if (origin.lineNumber() >= 0 || !origin.description().startsWith("merge of ")) {
                return new Place(origin.filename() == null || !origin.filename().equals(rootFile) ? 0 : 1,
                        origin.lineNumber());
            }
            // written in several files: Typesafe Config keeps no line, only the description of each place
            Place first = null;
            Matcher m = COMPONENT.matcher(origin.description());
            while (m.find()) {
                Place place = new Place(m.group(1).equals(rootFile) ? 1 : 0, Integer.parseInt(m.group(2)));
                first = first == null || place.compareTo(first) < 0 ? place : first;
            }
            return first == null ? new Place(0, -1) : first;
        }

        @Override
        public int compareTo(Place other) {
            return rank != other.rank ? Integer.compare(rank, other.rank) : Integer.compare(line, other.line);
        }
    }

    private static void value(ConfigValue value, String rootFile, StringBuilder out) {
        switch (value.valueType()) {
            case OBJECT -> object((ConfigObject) value, rootFile, out);
            case LIST -> list((ConfigList) value, rootFile, out);
            default -> out.append(value.render(LEAF));
        }
    }

    private static void object(ConfigObject object, String rootFile, StringBuilder out) {
        List<String> keys = inFileOrder(object, rootFile);
        out.append("{\n");
        for (int i = 0; i < keys.size(); i++) {
            out.append(ConfigUtil.quoteString(keys.get(i))).append(" : ");
            value(object.get(keys.get(i)), rootFile, out);
            out.append(i < keys.size() - 1 ? ",\n" : "\n");
        }
        out.append('}');
    }

    private static void list(ConfigList list, String rootFile, StringBuilder out) {
        out.append("[\n");
        for (int i = 0; i < list.size(); i++) {
            value(list.get(i), rootFile, out);
            out.append(i < list.size() - 1 ? ",\n" : "\n");
        }
        out.append(']');
    }
}
