package io.edgesim.scenario;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigRenderOptions;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueFactory;
import com.typesafe.config.ConfigValueType;
import io.edgesim.scenario.config.CodeList;
import io.edgesim.scenario.config.Suggestion;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Changes settings of a parsed scenario before it is read, for sweeps: {@code limiters.local.limit = 50}. A path is
 * dot-separated; inside a list (clients, limiters, a chain) a segment picks an element by its {@code name} or by its
 * 0-based index, so {@code clients.bots.count} and {@code limiters.shield.chain.1.limit} both work. The value is
 * HOCON ({@code 50}, {@code 10s}, {@code [FRA, AMS]}). The changed scenario is then validated like any other.
 */
public final class ScenarioOverrides {

    private static final ConfigRenderOptions LEAF = ConfigRenderOptions.concise();

    private ScenarioOverrides() {
    }

    /**
     * @param origin    how errors name the override ("--param")
     * @param overrides path -> HOCON value, applied in order
     */
    static Config apply(Config config, String origin, Map<String, String> overrides) {
        ConfigObject root = config.root();
        for (Map.Entry<String, String> e : overrides.entrySet()) {
            String where = origin + " " + e.getKey();
            ConfigValue value = parseValue(where, e.getValue());
            for (String segment : e.getKey().split("\\.", -1)) {
                if (segment.matches(".+\\[\\d+]")) {
                    String dotted = e.getKey().replaceAll("\\[(\\d+)]", ".$1");
                    throw new InputException(where + ": " + segment + ": a list's entry is named by a dot; allowed: "
                            + dotted + " (or the entry's name in place of its index)");
                }
            }
            List<String> segments = segments(e.getKey(), where);
            newPlan(root, segments, where);
            root = (ConfigObject) set(root, segments, 0, value, where);
        }
        return root.toConfig();
    }

    // HOCON's own reading of a path: a name with a dot in quotes (plans."pro.v2".limit) is one segment; a path
    // without quotes that HOCON would refuse (a name with a colon: limiters.waf:pro.limit) splits at its dots
    private static List<String> segments(String path, String where) {
        List<String> segments;
        try {
            segments = ConfigUtil.splitPath(path);
        } catch (ConfigException ex) {
            segments = path.contains("\"") ? List.of() : List.of(path.split("\\.", -1));
        }
        if (segments.isEmpty() || segments.stream().anyMatch(String::isEmpty)) {
            throw new InputException(where + ": not a setting path; allowed: names joined by dots, e.g. "
                    + "limiters.local.limit, a name with a dot in double quotes (plans.\"pro.v2\".limit)");
        }
        return segments;
    }

    // plans.NAME...: a plan the contract does not have would be a new plan no client has, changing nothing (a
    // misspelt plan swept gave the same results for every value, which read as "the limit does not matter")
    private static void newPlan(ConfigObject root, List<String> segments, String where) {
        if (segments.size() < 2 || !segments.get(0).equals("plans")) {
            return;
        }
        ConfigValue plans = root.get("plans");
        List<String> names = plans instanceof ConfigObject object ? object.keySet().stream().sorted().toList()
                : List.of();
        if (!names.contains(segments.get(1))) {
            throw new InputException(where + ": plans has no plan '" + segments.get(1) + "'; allowed: "
                    + (names.isEmpty() ? "nothing: the scenario has no plans (no contract)"
                    // a name with a dot as a path takes it: in quotes
                    : "a plan of the contract: "
                    + String.join(", ", names.stream().map(n -> ConfigUtil.joinPath(n)).toList())
                    + Suggestion.didYouMean(segments.get(1), names)));
        }
    }

    private static ConfigValue parseValue(String where, String text) {
        try {
            return ConfigFactory.parseString("v = " + text).getValue("v");
        } catch (ConfigException ex) {
            throw new InputException(where + ": '" + text + "' is not a HOCON value");
        }
    }

    // the settings whose value is a list of objects, whose elements a path names by index
    private static final java.util.Set<String> LISTS = java.util.Set.of("faults", "clients", "limiters", "chain");

    private static ConfigValue set(ConfigValue node, List<String> path, int at, ConfigValue value, String where) {
        if (at == path.size()) {
            // in the place of the value it replaces: a PoP weight swept keeps its place in the weights' order
            return node == null ? value : value.withOrigin(node.origin());
        }
        String segment = path.get(at);
        if (node == null && at > 0 && segment.matches("\\d+") && LISTS.contains(path.get(at - 1))) {
            // an element of a list the scenario does not have (faults.0.until without faults)
            String missing = String.join(".", path.subList(0, at));
            throw new InputException(where + ": " + missing + " has no element '" + segment + "'; allowed: nothing: "
                    + "the scenario sets no " + missing + " (a whole list as the value: --param '" + missing
                    + "=[{...}],[{...}]')");
        }
        if (node == null || node.valueType() == ConfigValueType.OBJECT) {
            ConfigObject object = node == null ? ConfigFactory.empty().root() : (ConfigObject) node;
            return object.withValue(segment, set(object.get(segment), path, at + 1, value, where));
        }
        if (node.valueType() == ConfigValueType.LIST) {
            ConfigList list = (ConfigList) node;
            int index = element(list, segment, String.join(".", path.subList(0, at)), where);
            List<ConfigValue> copy = new ArrayList<>(list);
            copy.set(index, set(list.get(index), path, at + 1, value, where));
            return ConfigValueFactory.fromIterable(copy);
        }
        String single = String.join(".", path.subList(0, at));
        throw new InputException(where + ": " + single + " is a single value (" + node.render(LEAF)
                + "), it has no setting '" + segment + "'; allowed: a value for " + single + " itself, an object in "
                + "braces where it takes one (--param '" + single + "={" + segment + "=...},{...}')");
    }

    private static int element(ConfigList list, String segment, String listPath, String where) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            ConfigValue item = list.get(i);
            if (item.valueType() == ConfigValueType.OBJECT) {
                ConfigValue name = ((ConfigObject) item).get("name");
                if (name != null && segment.equals(String.valueOf(name.unwrapped()))) {
                    return i;
                }
                if (name != null) {
                    names.add(String.valueOf(name.unwrapped()));
                }
            }
        }
        if (segment.matches("\\d+") && Integer.parseInt(segment) < list.size()) {
            return Integer.parseInt(segment);
        }
        throw new InputException(where + ": " + listPath + " has no element '" + segment + "'; allowed: "
                + (names.isEmpty() ? "" : String.join(", ", names) + " or ") + "an index from 0 to "
                + (list.size() - 1) + CodeList.suggestion(segment, names));
    }
}
