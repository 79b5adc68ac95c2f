package io.edgesim.cli;

import io.edgesim.ClusterTest;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class that runs edgesim node and coordinator processes ({@link EdgesimProcesses}) and mostly waits for them
 * in real time: it runs beside the rest of the suite, which goes one class after another in the suite's own thread
 * (src/test/resources/junit-platform.properties), its tests one after the other. It holds {@link ClusterTest#LOCK}
 * while it runs, as the tests that start clusters in this JVM do, so it only ever runs beside tests that measure
 * nothing in real time ({@code io.edgesim.ClusterTestsLast} runs those first). Its processes then wait while those
 * tests use the processors, instead of after them.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(ClusterTest.LOCK)
@interface NodeProcesses {
}
