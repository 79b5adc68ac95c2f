package io.edgesim.cli;

import io.edgesim.engine.virtual.VirtualEngine;
import io.edgesim.result.LimiterResult;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;
import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.ref.Reference;
import java.lang.management.MemoryMXBean;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * `edgesim bench SCENARIO`: runs a scenario on the virtual engine without writing reports and prints the speed
 * (limiter decisions per second of wall time, on the one thread the engine uses) and the memory (peak heap used,
 * sampled every 20 ms, and the heap still held by the engine's counters after a full GC). A benchmark, not a test:
 * the figures depend on the machine.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Measures the virtual engine on a scenario: decisions per second and heap. Writes no report.")
final class BenchCommand implements Callable<Integer> {

    private static final double MIB = 1024.0 * 1024.0;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ScenarioInput input;


    @Override
    public Integer call() throws InterruptedException {
        Scenario scenario = input.load();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        AtomicLong peakHeap = new AtomicLong();
        Thread sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                peakHeap.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "heap-sampler");
        sampler.setDaemon(true);
        sampler.start();

        VirtualEngine engine = new VirtualEngine(scenario);
        long started = System.nanoTime();
        RunResult result = engine.run();
        double wallSeconds = (System.nanoTime() - started) / 1e9;
        sampler.interrupt();
        sampler.join();
        System.gc();
        long retained = memory.getHeapMemoryUsage().getUsed();

        long requests = 0;
        long decisions = 0;
        for (LimiterResult limiter : result.limiters()) {
            decisions += limiter.totals().sent();
            requests = Math.max(requests, limiter.totals().sent());
        }
        var out = spec.commandLine().getOut();
        out.printf("scenario          %s (%d limiters, %d PoPs)%n", scenario.name(), scenario.limiters().size(),
                scenario.pops().size());
        out.printf("requests          %,d%n", requests);
        out.printf("decisions         %,d (requests x limiters that see them)%n", decisions);
        out.printf("wall time         %.2f s (one engine thread)%n", wallSeconds);
        out.printf("decisions/s       %,.0f%n", decisions / wallSeconds);
        out.printf("requests/s        %,.0f%n", requests / wallSeconds);
        out.printf("peak heap used    %.0f MiB (sampled every 20 ms; max heap %.0f MiB)%n", peakHeap.get() / MIB,
                memory.getHeapMemoryUsage().getMax() / MIB);
        out.printf("heap after run    %.0f MiB (after a full GC, engine and all counters still held)%n",
                retained / MIB);
        out.printf("java              %s, %d processors, collectors %s%n", System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors(), ManagementFactory.getGarbageCollectorMXBeans().stream()
                        .map(GarbageCollectorMXBean::getName).collect(Collectors.joining(" + ")));
        out.printf("jvm options       %s%n",
                String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        out.flush();
        // the engine, and with it every counter, must stay reachable until the heap was measured
        Reference.reachabilityFence(engine);
        return 0;
    }
}
