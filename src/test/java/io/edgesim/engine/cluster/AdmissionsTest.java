package io.edgesim.engine.cluster;

import io.edgesim.engine.cluster.actors.Admission;
import io.edgesim.model.Request;
import io.edgesim.model.tier.remote.ObjectRoute;
import io.edgesim.scenario.Scenario;
import io.edgesim.traffic.RequestStream;
import io.edgesim.traffic.TrafficGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class AdmissionsTest {

    @Test
    void firstRequestObjectIsHomedNearTheFirstRequestForItsKeyAndStaysThere(@TempDir Path dir) throws IOException {
        List<List<Admission>> admitted = admitAll(dir, "time_ms,pop,key\n0,SYD,a\n10,FRA,a\n20,FRA,b\n30,SYD,b\n", """
                { name = first, tier = durable-object, limit = 1, window = 60s, placement { policy = first-request } }
                """);

        assertThat(admitted).extracting(a -> a.get(0).remoteRoutes()).containsExactly(
                List.of(new ObjectRoute("a", "SYD")), List.of(new ObjectRoute("a", "SYD")),
                List.of(new ObjectRoute("b", "FRA")), List.of(new ObjectRoute("b", "FRA")));
    }

    @Test
    void exactReferenceDecidesInArrivalOrder(@TempDir Path dir) throws IOException {
        List<List<Admission>> admitted = admitAll(dir, "time_ms,pop,key\n0,SYD,a\n10,FRA,a\n", """
                { name = exact, tier = durable-object, limit = 1, window = 60s,
                  placement { policy = fixed, region = FRA } }
                """);

        assertThat(admitted).extracting(a -> a.get(0).exactAllowed()).containsExactly(true, false);
    }

    @Test
    void limitersSharingAReferenceGetItsOneAnswerAndALimiterWithAnotherLimitItsOwn(@TempDir Path dir)
            throws IOException {
        List<List<Admission>> admitted = admitAll(dir, "time_ms,pop,key\n0,SYD,a\n10,FRA,a\n20,FRA,a\n30,SYD,b\n", """
                { name = cache, tier = cache, limit = 2, window = 60s }
                { name = object, tier = durable-object, limit = 2, window = 60s,
                  placement { policy = fixed, region = FRA } }
                { name = one, tier = cache, limit = 1, window = 60s }
                """);

        // counted once: were each limiter's admission counted in the shared count, the second request would be refused
        assertThat(admitted).extracting(a -> a.get(0).exactAllowed()).containsExactly(true, true, false, true);
        assertThat(admitted).extracting(a -> a.get(1).exactAllowed()).containsExactly(true, true, false, true);
        assertThat(admitted).extracting(a -> a.get(2).exactAllowed()).containsExactly(true, false, false, true);
        assertThat(admitted).allSatisfy(a -> assertThat(a).extracting(Admission::exactKey).containsOnly(
                a.get(0).exactKey()));
    }

    @Test
    void aChainGetsOneRoutePerRemoteStageAndALimiterThatDoesNotSeeTheClientNoAdmission(@TempDir Path dir)
            throws IOException {
        List<List<Admission>> admitted = admitAll(dir, "time_ms,pop,key\n0,SYD,a\n", """
                { name = other, tier = cache, limit = 1, window = 60s, clients = [idle] }
                { name = shield, chain = [
                    { tier = cache, limit = 1, window = 60s }
                    { tier = durable-object, limit = 1, window = 60s, placement { policy = per-area } }
                    { tier = origin, limit = 1, window = 60s, region = IAD }
                  ] }
                """);

        assertThat(admitted).singleElement().satisfies(admissions -> {
            assertThat(admissions).singleElement().extracting(Admission::limiter).isEqualTo(1);
            assertThat(admissions.get(0).remoteRoutes()).containsExactly(new ObjectRoute("a@oc", "SYD"),
                    new ObjectRoute("a", "IAD"));
        });
    }

    private static List<List<Admission>> admitAll(Path dir, String trace, String limiters) throws IOException {
        Files.writeString(dir.resolve("t.csv"), trace);
        Scenario scenario = ClusterRuns.load(dir, """
                name = admissions
                duration = 10s
                regions = [FRA, SYD]
                clients = [ { name = replay, trace = "t.csv" }, { name = idle, key = "i", rate = 1, start = 9s } ]
                limiters = [
                """ + limiters + "]\n");
        Admissions admissions = new Admissions(scenario);
        List<List<Admission>> admitted = new ArrayList<>();
        RequestStream stream = TrafficGenerator.open(scenario);
        for (Request request = stream.next(); request != null; request = stream.next()) {
            List<Admission> forRequest = admissions.admit(request);
            // the idle client only gives a limiter a client to leave out
            if (request.client().equals("replay")) {
                admitted.add(forRequest);
            }
        }
        return admitted;
    }
}
