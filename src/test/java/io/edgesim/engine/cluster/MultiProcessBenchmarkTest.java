package io.edgesim.engine.cluster;

import io.edgesim.engine.cluster.ClusterBenchmarks.Ticks;
import io.edgesim.engine.cluster.MultiProcessBenchmark.Arguments;
import io.edgesim.scenario.Scenario;
import io.edgesim.scenario.ScenarioLoader;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The scenarios, the split, the flags and the CPU reading of {@link MultiProcessBenchmark}, which itself runs only by
 * hand.
 */
class MultiProcessBenchmarkTest {

    @Test
    void fortyEightPopsKeepTheShippedRoundTripsAndSplitIntoThreeNodesOfSixteen() {
        Scenario scenario = ScenarioLoader.load(Path.of("bench", "cluster-48-pops.conf"), Path.of("regions.conf"),
                Map.of("clients.load.rate", "4000"));
        List<String> regions = NodeRegions.of(scenario);

        // every PoP, the object's home (FRA) among them
        assertThat(scenario.pops()).hasSize(48).doesNotHaveDuplicates().contains("FRA", "SYD", "AKL", "CDG");
        assertThat(regions).containsExactlyElementsOf(scenario.pops());
        // the shipped regions.conf's measured FRA-SYD [249, 252]; an added PoP's pairs are estimated
        assertThat(scenario.regions().rttNanos("FRA", "SYD")).isEqualTo(250_500_000L);
        assertThat(scenario.regions().rttNanos("FRA", "CDG")).isGreaterThan(0);

        List<List<String>> split = MultiProcessBenchmark.split(regions, 3);
        assertThat(split).hasSize(3).allSatisfy(node -> assertThat(node).hasSize(16));
        assertThat(new HashSet<>(split.stream().flatMap(List::stream).toList())).containsExactlyInAnyOrderElementsOf(
                regions);
    }

    @Test
    void theWorldIsEveryLocationWithOneObjectInFrankfurtSplitIntoThreeNodes() {
        Scenario scenario = new MultiProcessBenchmark.Bench(Path.of("bench", "cluster-world.conf")).scenario(500, 3);
        List<String> regions = NodeRegions.of(scenario);

        assertThat(scenario.pops()).hasSize(340).doesNotHaveDuplicates().contains("FRA", "SYD", "AKL");
        assertThat(scenario.durationNanos()).isEqualTo(3_000_000_000L);
        assertThat(scenario.limiters()).hasSize(1);
        assertThat(regions).containsExactlyElementsOf(scenario.pops());

        List<List<String>> split = MultiProcessBenchmark.split(regions, 3);
        assertThat(split).extracting(List::size).containsExactly(113, 113, 114);
        assertThat(new HashSet<>(split.stream().flatMap(List::stream).toList())).hasSize(340);
    }

    @Test
    void flagsHaveTheirDefaultsAndTakeValues() {
        Arguments defaults = Arguments.parse();
        assertThat(defaults.rates()).containsExactly(250L, 500L, 1000L, 2000L, 4000L);
        assertThat(defaults.seconds()).isEqualTo(30);
        assertThat(defaults.warmUp()).isEqualTo(30);
        assertThat(defaults.warmUpRate()).isEqualTo(500);
        assertThat(defaults.setups()).containsExactly("embedded", "processes", "world");
        assertThat(defaults.members()).isEqualTo(3);

        Arguments given = Arguments.parse("--setups", "world,embedded", "--rates", "100,200", "--seconds", "3",
                "--warm-up", "2", "--warm-up-rate", "50", "--members", "8");
        assertThat(given).isEqualTo(new Arguments(List.of(100L, 200L), 3, List.of("world", "embedded"), 2, 50, 8));
    }

    @Test
    void aBadFlagIsOneLineNamingItAndWhatIsAllowed() {
        assertThatThrownBy(() -> Arguments.parse("--rate", "100")).hasMessage("'--rate' is not a flag; allowed: "
                + "--members, --rates, --seconds, --setups, --warm-up, --warm-up-rate, each followed by its value");
        assertThatThrownBy(() -> Arguments.parse("--seconds")).hasMessage("--seconds has no value");
        assertThatThrownBy(() -> Arguments.parse("--rates", "100,,200")).hasMessage("--rates: '' is not a number "
                + "of requests per second in a comma-separated list; allowed: a whole number from 1");
        assertThatThrownBy(() -> Arguments.parse("--warm-up", "0")).hasMessage("--warm-up: '0' is not a number of "
                + "seconds; allowed: a whole number from 1");
        assertThatThrownBy(() -> Arguments.parse("--setups", "embedded,node")).hasMessage("--setups: 'node' is not "
                + "a setup; allowed: embedded, processes, world, comma-separated");
        assertThatThrownBy(() -> Arguments.parse("--members", "49")).hasMessage("--members: '49' is more members "
                + "than the 48 regions; allowed: a whole number from 1 to 48");
    }

    @Test
    void cpuTicksAreUserPlusSystemTimeCountedAfterTheCommandName() {
        // a command name with spaces and parentheses; utime 1234 and stime 56 are fields 14 and 15, then cutime and
        // cstime (children's, not counted)
        String stat = "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 98765 0 12 0 1234 56 7000 8000 20 0 31 0 "
                + "123456 4000000000 60000 18446744073709551615";
        assertThat(ClusterBenchmarks.cpuTicks(stat)).isEqualTo(1290);
    }

    @Test
    void clockTicksComeFromGetconfOrAreAssumedAsOneHundred() {
        assertThat(Ticks.of("250\n", 0)).isEqualTo(new Ticks(250, "getconf CLK_TCK"));
        assertThat(Ticks.of("100\n", 0).nanos(150)).isEqualTo(1_500_000_000L);
        Ticks failed = Ticks.of("getconf: Unrecognized variable `CLK_TCK'\n", 1);
        assertThat(failed.perSecond()).isEqualTo(100);
        assertThat(failed.toString()).isEqualTo("100 ticks/s (assumed: getconf CLK_TCK gave 'getconf: "
                + "Unrecognized variable `CLK_TCK'', exit status 1)");
    }

    @Test
    void thisProcessesCpuFromProcAgreesWithTheJvmsOwnCount() throws Exception {
        Ticks ticks = Ticks.read();
        long pid = ProcessHandle.current().pid();
        assertThat(Files.exists(Path.of("/proc", Long.toString(pid), "stat"))).isTrue();
        long procBefore = ClusterBenchmarks.processCpuNanos(pid, ticks);
        long jvmBefore = ClusterBenchmarks.processCpuNanos();
        burn(300_000_000L);
        long jvm = ClusterBenchmarks.processCpuNanos() - jvmBefore;
        long proc = ClusterBenchmarks.processCpuNanos(pid, ticks) - procBefore;
        // the same CPU, to a few clock ticks (two reads of each, not at the same instant)
        assertThat(jvm).isGreaterThanOrEqualTo(300_000_000L);
        assertThat(proc).isBetween(jvm - 100_000_000L, jvm + 100_000_000L);
    }

    @Test
    void theWindowIsFromTheFirstRequestDueToTheRunStopping() throws Exception {
        long pid = ProcessHandle.current().pid();
        AtomicReference<RunProgress> progress = new AtomicReference<>(RunProgress.starting(1_000_000_000L));
        try (TrafficWindowCpu cpu = TrafficWindowCpu.watch(progress::get, List.of(pid, pid), Ticks.read())) {
            // CPU before the traffic (formation, warm-ups) is not the window's
            burn(400_000_000L);
            progress.set(new RunProgress("running", 0, 1_000_000_000L, 0, 0));
            burn(400_000_000L);
            long windowStart = System.nanoTime();
            progress.set(new RunProgress("running", 1, 1_000_000_000L, 0, 0));
            // short: the window reads the whole process, whose other threads (JIT, GC, a test before's leftovers)
            // may run on both cores meanwhile
            Thread.sleep(50);
            progress.set(new RunProgress("stopping", 1_000_000_000L, 1_000_000_000L, 0, 0));
            TrafficWindowCpu.Window window = cpu.window();
            long windowMost = System.nanoTime() - windowStart;

            assertThat(window.wallNanos()).isPositive().isLessThanOrEqualTo(windowMost);
            assertThat(window.cpuNanos()).hasSize(2);
            // the same process read twice per snapshot, one read after the other: a clock tick or two apart at most
            assertThat(window.cpuNanos()[0]).isCloseTo(window.cpuNanos()[1], within(50_000_000L));
            // the window slept: less than either burn of 400 ms of CPU, which a window taking one in would read
            assertThat(window.cpuNanos()[0]).isGreaterThanOrEqualTo(0).isLessThan(350_000_000L);
        }
    }

    @Test
    void aWindowNotSeenIsSaidSo() {
        AtomicReference<RunProgress> progress = new AtomicReference<>(new RunProgress("done", 0, 1, 0, 0));
        try (TrafficWindowCpu cpu = TrafficWindowCpu.watch(progress::get, List.of(ProcessHandle.current().pid()),
                Ticks.read())) {
            assertThatThrownBy(cpu::window).hasMessage("the CPU sampler did not see the run's traffic start (phase "
                    + "running, scenario time past 0)");
        }
    }

    // where burn leaves its arithmetic, so that the JIT keeps it
    private static volatile long sink;

    // spins until this thread has used at least cpuNanos of CPU
    private static void burn(long cpuNanos) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + cpuNanos;
        long sum = 0;
        while (threads.getCurrentThreadCpuTime() < until) {
            for (int i = 0; i < 10_000; i++) {
                sum += i * 31L ^ sum;
            }
        }
        sink = sum;
    }
}
