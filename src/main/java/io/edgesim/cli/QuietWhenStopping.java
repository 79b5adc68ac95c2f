package io.edgesim.cli;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.turbo.TurboFilter;
import ch.qos.logback.core.spi.FilterReply;
import org.slf4j.Marker;

/**
 * Drops Pekko's log lines once the JVM shuts down (Ctrl-C, SIGTERM): its members then stop in hooks of their own, and
 * the warnings of their phases timing out, of links torn down and of actors started meanwhile are not the user's
 * business; the command says in one line that it was stopped (or, a node, that it left). Installed by logback.xml.
 * Asked only for warnings and errors of Pekko's loggers, which are rare, so the check costs nothing the rest of the
 * time; it tells the moment the shutdown begins, before any hook has run ({@link Main#shuttingDown}).
 */
public final class QuietWhenStopping extends TurboFilter {

    private static final String PEKKO = "org.apache.pekko";

    @Override
    public FilterReply decide(Marker marker, Logger logger, Level level, String format, Object[] params,
                              Throwable t) {
        if (level != null && level.isGreaterOrEqual(Level.WARN) && logger.getName().startsWith(PEKKO)
                && Main.shuttingDown()) {
            return FilterReply.DENY;
        }
        return FilterReply.NEUTRAL;
    }
}
