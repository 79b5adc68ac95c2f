package io.edgesim.scenario;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigValueFactory;
import io.edgesim.model.cost.Prices;
import io.edgesim.model.fault.Fault;
import io.edgesim.model.region.RegionMap;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.scenario.config.AssumptionLog;
import io.edgesim.scenario.config.CodeList;
import io.edgesim.scenario.config.ConfigReader;
import io.edgesim.scenario.config.ConfigText;
import io.edgesim.scenario.config.Defaults;
import io.edgesim.scenario.config.HoconSource;
import io.edgesim.scenario.region.RegionNotes;
import io.edgesim.scenario.region.RegionsLoader;
import io.edgesim.scenario.tier.TierSettingsReader;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Reads a scenario file (HOCON) into a validated {@link Scenario}. Paths in the file (traces, regions-file) are
 * relative to its folder. Anything wrong is an {@link InputException} with one line: the file, the setting, what is
 * wrong and what is allowed. Defaults come from reference.conf; those in force are listed in
 * {@link Scenario#assumptions()}.
 */
public final class ScenarioLoader {

    private static final List<String> TOP_KEYS = List.of("name", "description", "duration", "seed", "regions",
            "regions-file", "clients", "client-defaults", "limiters", "tiers", "prices", "sweep", "latency",
            "faults", "plans");
    // the lists whose entries may not say a setting twice, and what an entry is
    private static final Map<String, String> ENTRY_LISTS = Map.of("clients", "client", "limiters", "limiter",
            "faults", "fault");
    // the top-level settings whose objects or entries may not say a setting twice
    private static final Set<String> CHECKED_ONCE = Set.of("clients", "limiters", "faults", "plans", "tiers", "prices",
            "client-defaults", "latency");
    private static final List<String> LATENCY_KEYS = List.of("tails");
    private static final String ON_OFF = "on (draw each remote call's round trip from its pair's distribution in the "
            + "regions file) or off (every call takes the pair's p50)";
    // a folder name is at most 255 bytes; this leaves room for "-sweep" and a staging copy's ".NAME.edgesim-new-PID"
    private static final int MAX_NAME = 200;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

    private ScenarioLoader() {
    }

    /**
     * @param scenarioFile       the scenario
     * @param defaultRegionsFile the regions file used unless the scenario names one with {@code regions-file}
     */
    public static Scenario load(Path scenarioFile, Path defaultRegionsFile) {
        return load(scenarioFile, defaultRegionsFile, Map.of());
    }

    /**
     * Loads a scenario with some settings changed first (a sweep's parameter); see {@link ScenarioOverrides} for
     * the paths. Errors in the changed settings are reported like errors in the file.
     */
    public static Scenario load(Path scenarioFile, Path defaultRegionsFile, Map<String, String> overrides) {
        try {
            Path folder = folderOf(scenarioFile);
            return read(root(scenarioFile, overrides), scenarioFile, folder,
                    root -> RegionsLoader.read(regionsFile(root, folder, defaultRegionsFile)), true);
        } catch (StackOverflowError e) {
            throw HoconSource.tooDeep(scenarioFile.toString());
        }
    }

    /**
     * The scenario as {@link #load} reads it (includes inlined, substitutions resolved, {@code overrides} applied)
     * with {@code seed} as its seed, its name written out and {@code regions-file} left out, and the regions file in
     * force (the scenario's {@code regions-file}, else {@code defaultRegionsFile}) with its includes: what a process
     * without the files needs to build the same scenario ({@link #fromText}). Traces are named, not read.
     */
    public static ScenarioText text(Path scenarioFile, Path defaultRegionsFile, Map<String, String> overrides,
                                    long seed) {
        try {
            ConfigReader root = root(scenarioFile, overrides);
            Path regionsFile = regionsFile(root, folderOf(scenarioFile), defaultRegionsFile);
            ConfigObject settings = root.config().root().withoutKey("regions-file")
                    .withValue("name", ConfigValueFactory.fromAnyRef(name(root, scenarioFile)))
                    .withValue("seed", ConfigValueFactory.fromAnyRef(seed));
            return new ScenarioText(scenarioFile.toString(), ConfigText.render(settings, root.fileOrder()),
                    RegionsLoader.text(regionsFile));
        } catch (StackOverflowError e) {
            throw HoconSource.tooDeep(scenarioFile.toString());
        }
    }

    /**
     * The scenario of a {@link #text}, read by the same code as {@link #load}, except that no trace is opened: a
     * trace client keeps its file as written in the scenario, unread (the traffic stays with whoever has the files).
     * The result's {@code source()} is {@code Path.of(origin)} and its {@code regionsFile()} is
     * {@code Path.of(origin + " (regions)")}; neither need exist. Bad text is an {@link InputException} whose line
     * starts with the origin.
     */
    public static Scenario fromText(ScenarioText text) {
        String origin = text.origin();
        try {
            Path source = Path.of(origin);
            Path regions = Path.of(origin + " (regions)");
            ConfigReader root = new ConfigReader(origin, "", HoconSource.parseText(origin, text.scenario()));
            return read(root, source, folderOf(source), r -> {
                if (r.written("regions-file")) {
                    throw r.error("regions-file", "a scenario text carries its regions and names no file",
                            "no regions-file in a scenario text");
                }
                return RegionsLoader.fromText(regions, text.regions());
            }, false);
        } catch (StackOverflowError e) {
            throw HoconSource.tooDeep(origin);
        }
    }

    /**
     * The files a run of {@code scenario} reads: the scenario file and the files it includes, the regions file and
     * the files it includes, and the traces, as named (relative to the working folder or absolute).
     */
    public static List<Path> inputFiles(Scenario scenario) {
        List<Path> files = new ArrayList<>();
        files.add(scenario.source());
        files.addAll(HoconSource.includedFiles(scenario.source()));
        files.add(scenario.regionsFile());
        files.addAll(HoconSource.includedFiles(scenario.regionsFile()));
        for (ClientSpec client : scenario.clients()) {
            if (client instanceof ClientSpec.Trace trace) {
                files.add(trace.file());
            }
        }
        return files;
    }

    private static ConfigReader root(Path scenarioFile, Map<String, String> overrides) {
        // a client, limiter or fault with a setting written twice, a plan written twice, a tier's setting twice...:
        // HOCON would keep one of the two, or a merge of both, silently
        HoconSource.Read parsed = HoconSource.parseFile(scenarioFile, CHECKED_ONCE, repeat -> {
            String top = repeat.where().replaceFirst("[.\\[].*", "");
            if (repeat.where().isEmpty()) {
                return "one list of " + repeat.key() + " (join the two, or add to the first with " + repeat.key()
                        + " += { ... })";
            }
            return repeat.where().equals("plans") ? "each plan once" : ENTRY_LISTS.containsKey(top)
                    ? "each setting once in a " + ENTRY_LISTS.get(top) : "each setting once";
        });
        return new ConfigReader(parsed.order(), "", ScenarioOverrides.apply(parsed.config(), "--param", overrides));
    }

    // relative to the scenario's folder as the user named it, so messages show "scenarios/trace.csv"
    private static Path folderOf(Path scenarioFile) {
        return scenarioFile.getParent() == null ? Path.of("") : scenarioFile.getParent();
    }

    private static Path regionsFile(ConfigReader root, Path folder, Path defaultRegionsFile) {
        if (!root.has("regions-file")) {
            String problem = RegionsLoader.fileProblem(defaultRegionsFile);
            if (problem != null && problem.equals("no such file")) {
                throw root.error("regions-file", "missing, and the default "
                        + defaultRegionsFile.toAbsolutePath().normalize() + " does not exist", "regions-file = FILE "
                        + "in the scenario, --regions FILE, or a folder with regions.conf to run from");
            }
            return defaultRegionsFile;
        }
        // written in an included file of another folder, it is still read from the folder of the scenario run
        ConfigOrigin origin = root.value("regions-file").origin();
        // a value made of parts of several files has no one file (filename() then gives the parts' description)
        String writtenIn = origin.lineNumber() < 0 ? null : origin.filename();
        Path writtenFolder = writtenIn == null ? folder : folderOf(Path.of(writtenIn));
        String where = writtenFolder.toAbsolutePath().normalize().equals(folder.toAbsolutePath().normalize()) ? ""
                : " (" + (folder.toString().isEmpty() ? "." : folder) + ", the folder of the scenario run, not that of "
                + Path.of(writtenIn).normalize() + ", which sets it)";
        return root.file("regions-file", folder, "a regions file, relative to the scenario's folder" + where);
    }

    /**
     * The one reading of a scenario, from a file or from a text.
     *
     * @param regionsOf   the regions in force, asked at the point where the scenario's settings name them
     * @param openTraces  whether trace clients are opened and checked (a file) or kept as named (a text)
     */
    private static Scenario read(ConfigReader root, Path scenarioFile, Path folder,
                                 Function<ConfigReader, RegionsLoader.Loaded> regionsOf, boolean openTraces) {
        root.rejectUnknownKeys(TOP_KEYS);
        AssumptionLog log = new AssumptionLog();

        String name = name(root, scenarioFile);
        // a long description may span lines in a """triple-quoted""" string; reports print it on one line
        String description = root.has("description") ? HoconSource.oneLine(root.string("description")) : "";
        long durationNanos = root.positiveDurationNanos("duration");
        long seed = seed(root, log);

        RegionsLoader.Loaded loaded = regionsOf.apply(root).withTails(tails(root));
        Path regionsFile = loaded.file();
        RegionMap regions = loaded.map();
        List<String> pops = pops(root, regions, regionsFile);

        ClientReader clientReader = new ClientReader(durationNanos, pops, regions, folder, openTraces);
        List<ClientSpec> clients = clientReader.read(root);
        List<Fault> faults = FaultReader.read(root, regions, pops, durationNanos);
        TierSettingsReader tiers = TierSettingsReader.create(root, regions, !faults.isEmpty());
        PlanReader contract = PlanReader.readContract(root);
        requireListedPlans(root, clients, contract);
        Map<String, String> clientPlans = new LinkedHashMap<>();
        clients.forEach(c -> clientPlans.put(c.name(), c.plan()));
        List<LimiterSpec> limiters = LimiterReader.read(root, new StageReader(tiers), contract, clientPlans, log);
        if (contract.isEmpty()) {
            requireListedPlans(root, clients, limiters);
        }
        LimiterReader.requireCovered(root, limiters, contract, clientPlans);
        FaultReader.requireTimeouts(root, faults, root.objectList("limiters"), limiters);
        Prices prices = PricesReader.read(root, log);

        RegionNotes.note(log, loaded, pops, limiters);
        Map<String, String> settings = ScenarioSettings.of(root.config(), clientReader.traces());
        ScenarioWarnings.of(clients, limiters, faults, pops, durationNanos, regions, settings).forEach(log::note);
        return new Scenario(scenarioFile, name, description, durationNanos, seed, pops, clients, limiters, regions,
                regionsFile, log.toMap(), prices, faults, settings);
    }

    // under a contract every client is a customer of one of its plans: no key is counted by a limiter's own numbers
    private static void requireListedPlans(ConfigReader root, List<ClientSpec> clients, PlanReader contract) {
        if (contract.isEmpty()) {
            return;
        }
        List<ConfigReader> entries = root.objectList("clients");
        String allowed = "a plan of the contract: " + String.join(", ", contract.names());
        for (int i = 0; i < clients.size(); i++) {
            String plan = clients.get(i).plan();
            if (plan == null) {
                throw entries.get(i).error("plan", "missing: the scenario's plans are the customers' contract, and "
                        + "every client is a customer of one", allowed);
            }
            if (!contract.names().contains(plan)) {
                throw planSetter(root, entries.get(i)).error("plan", "'" + plan + "' is not a plan of the contract",
                        allowed);
            }
        }
    }

    // where a client's plan was written: in its entry, or else in client-defaults, applied to the entry (a message
    // names "client-defaults.plan (applied to clients[2])")
    private static ConfigReader planSetter(ConfigReader root, ConfigReader entry) {
        if (!entry.written("plan") && root.has("client-defaults") && root.object("client-defaults").written("plan")) {
            return entry.under(root.object("client-defaults"));
        }
        return entry;
    }

    // a client's plan must be one some limiter lists: a plan no limiter knows is most likely a typo
    private static void requireListedPlans(ConfigReader root, List<ClientSpec> clients, List<LimiterSpec> limiters) {
        Set<String> listed = new TreeSet<>();
        limiters.forEach(l -> listed.addAll(l.plans()));
        List<ConfigReader> entries = root.objectList("clients");
        for (int i = 0; i < clients.size(); i++) {
            String plan = clients.get(i).plan();
            if (plan != null && !listed.contains(plan)) {
                throw planSetter(root, entries.get(i)).error("plan", "'" + plan + "' is listed by no limiter's plans",
                        listed.isEmpty() ? "a plan that a limiter lists in plans { NAME { ... } }"
                                : "the plans the limiters list: " + String.join(", ", listed));
            }
        }
    }

    /**
     * The sweep a shipped scenario declares for its committed report ({@code sweep = "PATH=VALUES"}, the form of
     * {@code edgesim sweep --param}), or null. Runs ignore it; {@code edgesim reports} runs it.
     */
    public static String declaredSweep(Path scenarioFile) {
        ConfigReader root = new ConfigReader(scenarioFile.toString(), "", HoconSource.parseFile(scenarioFile));
        if (!root.has("sweep")) {
            return null;
        }
        String sweep = root.string("sweep");
        if (sweep.indexOf('=') <= 0) {
            throw root.error("sweep", "'" + sweep + "' is not PATH=VALUES", "e.g. \"clients.bots.count=1,2,4,8\"");
        }
        return sweep;
    }

    private static String name(ConfigReader root, Path file) {
        String fileName = file.getFileName().toString();
        String name = root.has("name") ? root.string("name")
                : fileName.endsWith(".conf") ? fileName.substring(0, fileName.length() - 5) : fileName;
        String allowed = "up to " + MAX_NAME + " letters, digits, '.', '_' and '-', starting with a letter or digit";
        if (!NAME.matcher(name).matches()) {
            throw root.error("name", "'" + HoconSource.oneLine(name) + "' cannot name a report folder", allowed);
        }
        if (name.length() > MAX_NAME) {
            throw root.error("name", "a name of " + name.length() + " characters is too long for a report folder",
                    allowed);
        }
        return name;
    }

    /** {@code latency.tails}: on or off (reference.conf: off). */
    private static boolean tails(ConfigReader root) {
        ConfigReader section = Defaults.section("latency");
        if (root.has("latency")) {
            ConfigReader latency = root.object("latency");
            latency.rejectUnknownKeys(LATENCY_KEYS);
            if (latency.has("tails")) {
                section = latency;
            }
        }
        String value = section.shown("tails");
        if (!value.equals("on") && !value.equals("off")) {
            throw section.error("tails", "'" + value + "' is not on or off", ON_OFF);
        }
        return value.equals("on");
    }

    private static long seed(ConfigReader root, AssumptionLog log) {
        if (root.has("seed")) {
            return root.wholeNumber("seed", "a whole number from -9e15 to 9e15");
        }
        ConfigReader defaults = Defaults.section("scenario");
        long seed = defaults.wholeNumber("seed", "a whole number");
        log.note("seed", seed + " (default)");
        return seed;
    }

    private static List<String> pops(ConfigReader root, RegionMap regions, Path regionsFile) {
        if (!root.has("regions")) {
            return regions.codes();
        }
        String allowed = "regions of " + regionsFile + ": " + CodeList.of(regions.codes());
        List<String> codes = root.stringList("regions", allowed);
        if (codes.isEmpty()) {
            throw root.error("regions", "the list is empty", allowed + " (leave regions out for all)");
        }
        Set<String> seen = new HashSet<>();
        for (String code : codes) {
            if (!regions.contains(code)) {
                throw root.error("regions", code + " is not a region",
                        allowed + CodeList.suggestion(code, regions.codes()));
            }
            if (!seen.add(code)) {
                throw root.error("regions", code + " is listed twice", "each region once");
            }
        }
        return List.copyOf(codes);
    }
}
