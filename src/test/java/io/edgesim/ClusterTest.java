package io.edgesim;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class (or method) that starts Pekko clusters in this JVM and measures them in real time: tagged
 * {@code cluster} ({@code mvn -B test -DexcludedGroups=cluster} leaves it out), and holding {@link #LOCK} while it
 * runs, so that it never runs beside another such test or beside the tests that start edgesim processes
 * ({@code io.edgesim.cli.NodeProcesses}, which take the same lock): a cluster's latencies are then its own, not those
 * of a machine shared with another cluster. {@link ClusterTestsLast} runs the other test classes first, while the
 * process tests have the lock.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag("cluster")
@ResourceLock(ClusterTest.LOCK)
public @interface ClusterTest {

    /** The lock of the tests that measure in real time. */
    String LOCK = "edgesim real-time tests";
}
