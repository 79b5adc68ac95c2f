package io.edgesim.engine.cluster;

import io.edgesim.engine.cluster.node.ClusterSettings;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Time to Up of a run's cluster in this process, for a number of regions on each number of members: the coordinator
 * member, then the members holding the regions (region i on member i mod N) with their run hosts, each member Up.
 * Region codes are made up (R001, R002, ...): forming the cluster needs their names only. Run by hand, one JVM per
 * call, after {@code mvn -B -o package -DskipTests} and test-compile:
 *
 * <pre>
 * java -Dedgesim.cluster.startup-timeout=120s -cp target/edgesim.jar:target/test-classes \
 *   io.edgesim.engine.cluster.FormationBenchmark REGIONS MEMBERS[,MEMBERS...]
 * </pre>
 *
 * The first formation of a JVM pays for loading and compiling Pekko's classes, as a run of {@code edgesim run} does;
 * the benchmark forms a throwaway cluster of one member first unless {@code -Dcold=true}.
 */
public final class FormationBenchmark {

    private FormationBenchmark() {
    }

    public static void main(String[] args) {
        int regions = Integer.parseInt(args[0]);
        List<String> codes = new ArrayList<>();
        for (int r = 1; r <= regions; r++) {
            codes.add(String.format(Locale.ROOT, "R%03d", r));
        }
        ClusterSettings settings = ClusterSettings.load();
        System.out.printf(Locale.ROOT, "%d cores, %d executor threads, load %.2f%n",
                Runtime.getRuntime().availableProcessors(), settings.executorThreads(),
                ClusterBenchmarks.loadAverage());
        if (!Boolean.getBoolean("cold")) {
            System.out.print("warm-up: ");
            ClusterBenchmarks.timeFormation(settings, codes.subList(0, 1), 1);
        }
        for (String members : args[1].split(",")) {
            ClusterBenchmarks.timeFormation(settings, codes, Integer.parseInt(members));
        }
    }
}
