package io.edgesim.scenario.config;

import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;

import java.util.Comparator;
import java.util.List;

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

    public static String render(ConfigObject root) {
        StringBuilder out = new StringBuilder();
        value(root, out);
        return out.append('\n').toString();
    }

    /** The keys of {@code object} in the order they are written (by line), so the file sets the display order. */
    public static List<String> inFileOrder(ConfigObject object) {
        return object.keySet().stream()
                .sorted(Comparator.comparingInt((String k) -> object.get(k).origin().lineNumber())
                        .thenComparing(Comparator.naturalOrder()))
                .toList();
    }

    private static void value(ConfigValue value, StringBuilder out) {
        switch (value.valueType()) {
            case OBJECT -> object((ConfigObject) value, out);
            case LIST -> list((ConfigList) value, out);
            default -> out.append(value.render(LEAF));
        }
    }

    private static void object(ConfigObject object, StringBuilder out) {
        List<String> keys = inFileOrder(object);
        out.append("{\n");
        for (int i = 0; i < keys.size(); i++) {
            out.append(ConfigUtil.quoteString(keys.get(i))).append(" : ");
            value(object.get(keys.get(i)), out);
            out.append(i < keys.size() - 1 ? ",\n" : "\n");
        }
        out.append('}');
    }

    private static void list(ConfigList list, StringBuilder out) {
        out.append("[\n");
        for (int i = 0; i < list.size(); i++) {
            value(list.get(i), out);
            out.append(i < list.size() - 1 ? ",\n" : "\n");
        }
        out.append(']');
    }
}
