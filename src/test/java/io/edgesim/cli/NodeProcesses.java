package io.edgesim.cli;

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
 * (src/test/resources/junit-platform.properties), while the classes marked so take turns among themselves (one lock)
 * and their tests run one after the other. Their processes then wait while the other tests use the processors,
 * instead of after them: the suite takes minutes less.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock(NodeProcesses.LOCK)
@interface NodeProcesses {

    /** The lock the classes marked so take turns with. */
    String LOCK = "edgesim node processes";
}
