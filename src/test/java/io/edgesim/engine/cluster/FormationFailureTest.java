package io.edgesim.engine.cluster;

import io.edgesim.ClusterTest;
import io.edgesim.engine.cluster.node.ClusterFailure;
import io.edgesim.engine.cluster.node.ClusterSettings;
import io.edgesim.engine.cluster.node.JoinedCluster;
import io.edgesim.result.DecisionListener;
import io.edgesim.scenario.Scenario;
import com.typesafe.config.ConfigFactory;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A cluster that does not form within the startup timeout (here 1 ms: neither the first member nor the three that
 * hold the regions are Up so soon, or only the first is) ends the run with one line naming the setting and what to
 * change, as the command line prints it, not with an internal error.
 */
@ClusterTest
class FormationFailureTest {

    @Test
    void membersNotUpWithinTheStartupTimeoutAreOneLineNamingTheSetting() {
        Scenario scenario = ClusterRuns.shipped("three-pops");
        ClusterSettings settings = ClusterSettings.fromConfig(ConfigFactory.parseString(
                "edgesim.cluster.startup-timeout = 1ms").withFallback(ClusterSettings.load().nodeConfig()));

        ClusterFailure failure = catchThrowableOfType(() -> ClusterRuns.engine(scenario, DecisionListener.NONE, 1.0,
                settings, 3).run(), ClusterFailure.class);

        assertThat(failure).isNotNull();
        assertThat(failure.getMessage()).doesNotContain("\n")
                .matches("cluster: (this process's first member|the 3 members of this process) did not start and "
                        + "join (itself )?within 1 ms \\(edgesim.cluster.startup-timeout\\): .+; allowed: "
                        + "(a longer startup-timeout, or a machine less loaded"
                        + "|fewer members \\(--members, at least 1\\) or a longer startup-timeout)");
    }

    @Test
    void aFirstMemberWhoseSystemDoesNotStartIsOneLineToo() {
        ClusterSettings settings = ClusterSettings.fromConfig(ConfigFactory.parseString(
                "pekko.logger-startup-timeout = 1ns").withFallback(ClusterSettings.load().nodeConfig()));

        ClusterFailure failure = catchThrowableOfType(() -> JoinedCluster.inProcess(settings, system -> {
        }).close(), ClusterFailure.class);

        assertThat(failure).isNotNull();
        assertThat(failure.getMessage()).doesNotContain("\n")
                .startsWith("cluster: this process's first member did not start and join itself within 30 s "
                        + "(edgesim.cluster.startup-timeout): ")
                .endsWith("; allowed: a longer startup-timeout, or a machine less loaded");
    }
}
