package io.edgesim.scenario;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import io.edgesim.scenario.config.ConfigReader;
import io.edgesim.scenario.trace.TraceRows;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a scenario sets, as it was read (its file, the files it includes, and --param's overrides), flat: path ->
 * value, sorted by path. A list of named entries is keyed by name ({@code limiters.exact.placement.region}), other
 * lists of objects by position ({@code limiters.shield.chain.0.limit}, {@code faults.0.kind}), a list of values is
 * one value ({@code regions} -> {@code ["FRA","SYD"]}). {@code name}, {@code description} and {@code sweep} are left
 * out: they change no number; so is {@code seed}, which --seed may override. Whole numbers are kept to the digit.
 * A trace client's file is named as written; what it holds is {@code clients.NAME.trace-rows}: its rows' number and
 * digest ({@code 1200 rows, sha256 3f2a...}), so that two runs of one file name with other rows differ. Defaults in
 * force are {@link Scenario#assumptions()}, apart.
 */
final class ScenarioSettings {

    // they change no number; and the run's seed is the result's own (--seed overrides the file's)
    private static final List<String> LEFT_OUT = List.of("name", "description", "sweep", "seed");

    private ScenarioSettings() {
    }

    static Map<String, String> of(Config scenario, Map<String, TraceRows.Checked> traces) {
        Map<String, String> out = new TreeMap<>();
        flatten("", scenario.root(), out);
        LEFT_OUT.forEach(out::remove);
        traces.forEach((client, rows) -> out.put("clients." + client + ".trace-rows", rows.rows() + " rows, sha256 "
                + rows.sha256()));
        return Collections.unmodifiableMap(out);
    }

    private static void flatten(String path, ConfigValue value, Map<String, String> out) {
        if (value.valueType() == ConfigValueType.OBJECT) {
            ((ConfigObject) value).forEach((key, inner) -> flatten(join(path, key), inner, out));
        } else if (value.valueType() == ConfigValueType.LIST && !((ConfigList) value).isEmpty()
                && ((ConfigList) value).stream().allMatch(v -> v.valueType() == ConfigValueType.OBJECT)) {
            ConfigList list = (ConfigList) value;
            boolean named = list.stream().allMatch(v -> ((ConfigObject) v).get("name") != null
                    && ((ConfigObject) v).get("name").valueType() == ConfigValueType.STRING)
                    && list.stream().map(v -> ((ConfigObject) v).get("name").unwrapped()).distinct().count()
                    == list.size();
            for (int i = 0; i < list.size(); i++) {
                ConfigObject entry = (ConfigObject) list.get(i);
                String at = join(path, named ? String.valueOf(entry.get("name").unwrapped()) : Integer.toString(i));
                entry.forEach((key, inner) -> {
                    if (!named || !key.equals("name")) {
                        flatten(join(at, key), inner, out);
                    }
                });
            }
        } else {
            // a long as written: through a double, 9007199254740993 would read as ...992
            out.put(path, value.valueType() == ConfigValueType.NULL ? "null"
                    : value.unwrapped() instanceof Long || value.unwrapped() instanceof Integer
                    ? String.valueOf(value.unwrapped()) : ConfigReader.shown(value));
        }
    }

    private static String join(String path, String key) {
        return path.isEmpty() ? key : path + "." + key;
    }
}
