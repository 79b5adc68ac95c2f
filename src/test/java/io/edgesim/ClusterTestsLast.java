package io.edgesim;

import org.junit.jupiter.api.ClassDescriptor;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.platform.commons.support.AnnotationSupport;

import java.util.Arrays;
import java.util.Comparator;

/**
 * Runs the test classes that hold a lock ({@link ClusterTest}), or have a method that does, after the others, each
 * group in the order the build gives. The suite's thread then runs the classes that need no lock while the tests that
 * start edgesim processes (which hold {@link ClusterTest#LOCK} beside it) run, rather than waiting for that lock with
 * them still to run (src/test/resources/junit-platform.properties).
 */
public final class ClusterTestsLast implements ClassOrderer {

    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors().sort(Comparator.comparing(ClusterTestsLast::holdsALock));
    }

    // the class or one of its methods: a method's lock would hold the suite's thread up as much as the class's
    private static boolean holdsALock(ClassDescriptor descriptor) {
        Class<?> type = descriptor.getTestClass();
        // a lock written twice sits in its container, so look for repeatable annotations rather than for one
        return !AnnotationSupport.findRepeatableAnnotations(type, ResourceLock.class).isEmpty()
                || Arrays.stream(type.getDeclaredMethods()).anyMatch(method ->
                        !AnnotationSupport.findRepeatableAnnotations(method, ResourceLock.class).isEmpty());
    }
}
