package io.edgesim.scenario.config;

import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;

import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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

    /** {@code root}, read in {@code order}, as text whose objects keep their {@link #inFileOrder}. */
    public static String render(ConfigObject root, FileOrder order) {
        StringBuilder out = new StringBuilder();
        value(root, order, out);
        return out.append('\n').toString();
    }

    /**
     * The keys of {@code object} in the order they are written, so the files set the display order and the order of
     * seeded draws ({@link FileOrder}): a key written in an included file and changed in the file read
     * (regions.BOM.weight = 5) keeps its place.
     */
    public static List<String> inFileOrder(ConfigObject object, FileOrder order) {
        // each key's place worked out once, not at every comparison
        Map<String, FileOrder.Place> places = new HashMap<>();
        object.forEach((key, value) -> places.put(key, order.place(value.origin())));
        return object.keySet().stream()
                .sorted(Comparator.comparing((String k) -> places.get(k)).thenComparing(Comparator.naturalOrder()))
                .toList();
    }

    private static void value(ConfigValue value, FileOrder order, StringBuilder out) {
        switch (value.valueType()) {
            case OBJECT -> object((ConfigObject) value, order, out);
            case LIST -> list((ConfigList) value, order, out);
            default -> out.append(value.render(LEAF));
        }
    }

    private static void object(ConfigObject object, FileOrder order, StringBuilder out) {
        List<String> keys = inFileOrder(object, order);
        out.append("{\n");
        for (int i = 0; i < keys.size(); i++) {
            out.append(ConfigUtil.quoteString(keys.get(i))).append(" : ");
            value(object.get(keys.get(i)), order, out);
            out.append(i < keys.size() - 1 ? ",\n" : "\n");
        }
        out.append('}');
    }

    private static void list(ConfigList list, FileOrder order, StringBuilder out) {
        out.append("[\n");
        for (int i = 0; i < list.size(); i++) {
            value(list.get(i), order, out);
            out.append(i < list.size() - 1 ? ",\n" : "\n");
        }
        out.append(']');
    }
}
