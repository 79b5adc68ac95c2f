package io.edgesim.engine.virtual;

import io.edgesim.result.DecisionListener;
import io.edgesim.result.Figure;
import io.edgesim.result.Replications;
import io.edgesim.result.RunFigures;
import io.edgesim.result.RunResult;
import io.edgesim.scenario.Scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Runs scenarios on the virtual engine on a fixed pool of threads, one {@link VirtualEngine} per run. Runs share
 * nothing they change: a scenario is immutable and an engine builds its own traffic generator, tiers, exact counts and
 * recorder, so runs are independent and each gives what it gives alone. Results are gathered in the order asked,
 * whatever order they finish in, so what is written from them is the same bytes on any number of threads.
 */
public final class ParallelRuns {

    private ParallelRuns() {
    }

    /** One thread per available processor. */
    public static int defaultThreads() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** Each scenario run once, on {@code threads} threads; results in the order of {@code scenarios}. */
    public static List<RunResult> each(List<Scenario> scenarios, int threads) {
        List<Callable<RunResult>> runs = new ArrayList<>();
        for (Scenario scenario : scenarios) {
            runs.add(() -> new VirtualEngine(scenario).run());
        }
        return all(runs, threads);
    }

    /**
     * {@code scenario} run at seeds seed, seed + 1, ..., seed + n - 1 on {@code threads} threads: the run at its own
     * seed, exactly as it runs alone, with the {@link Replications} over all n.
     *
     * @param listener told the decisions of the run at the scenario's seed (only that one)
     */
    public static RunResult replicated(Scenario scenario, int n, DecisionListener listener, int threads) {
        return replicated(List.of(scenario), n, listener, threads).get(0);
    }

    /**
     * Each scenario run with {@code n} replications (see {@link #replicated(Scenario, int, DecisionListener, int)}),
     * every run of every scenario sharing one pool of {@code threads} threads; results in the order of
     * {@code scenarios}.
     */
    public static List<RunResult> replicated(List<Scenario> scenarios, int n, int threads) {
        return replicated(scenarios, n, DecisionListener.NONE, threads);
    }

    // a run whose decisions someone is told goes request by request, the order they are told in; others by group
    private static VirtualEngine engine(Scenario scenario, DecisionListener listener) {
        return listener == DecisionListener.NONE ? new VirtualEngine(scenario)
                : new VirtualEngine(scenario, VirtualEngine.Order.BY_REQUEST, listener);
    }

    private static List<RunResult> replicated(List<Scenario> scenarios, int n, DecisionListener listener,
                                              int threads) {
        if (n < 1) {
            throw new IllegalArgumentException("replications must be at least 1, not " + n);
        }
        List<Callable<Replica>> runs = new ArrayList<>();
        for (int s = 0; s < scenarios.size(); s++) {
            DecisionListener decisions = s == 0 ? listener : DecisionListener.NONE;
            for (int r = 0; r < n; r++) {
                Scenario seeded = scenarios.get(s).withSeed(scenarios.get(s).seed() + r);
                // only the first run's full result is kept: n of them would hold n timelines per limiter
                runs.add(r == 0 ? () -> Replica.kept(engine(seeded, decisions).run())
                        : () -> Replica.sampled(new VirtualEngine(seeded).run()));
            }
        }
        List<Replica> replicas = all(runs, threads);
        List<RunResult> results = new ArrayList<>();
        for (int s = 0; s < scenarios.size(); s++) {
            List<Replica> own = replicas.subList(s * n, (s + 1) * n);
            RunResult first = own.get(0).result();
            List<Long> seeds = new ArrayList<>();
            for (int r = 0; r < n; r++) {
                seeds.add(first.seed() + r);
            }
            Replications summary = Replications.of(seeds, own.stream().map(Replica::sample).toList());
            results.add(first.withReplications(summary));
        }
        return results;
    }

    /** What one replication hands back: its figures, and its whole result when it is the first one. */
    private record Replica(RunResult result, Map<Figure, Double> sample) {

        static Replica kept(RunResult result) {
            return new Replica(result, RunFigures.of(result));
        }

        static Replica sampled(RunResult result) {
            return new Replica(null, RunFigures.of(result));
        }
    }

    // runs every task on a fixed pool; results in task order; the first failure (in that order) is thrown
    private static <T> List<T> all(List<Callable<T>> tasks, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, not " + threads);
        }
        ExecutorService pool = Executors.newFixedThreadPool(threads, task -> {
            Thread thread = new Thread(task, "edgesim-run");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<T>> futures = new ArrayList<>();
            for (Callable<T> task : tasks) {
                futures.add(pool.submit(task));
            }
            List<T> results = new ArrayList<>();
            for (Future<T> future : futures) {
                results.add(future.get());
            }
            return results;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for runs", e);
        } finally {
            pool.shutdownNow();
        }
    }
}
