package io.edgesim.serve;

import org.apache.pekko.actor.typed.ActorSystem;
import org.apache.pekko.http.javadsl.Http;
import org.apache.pekko.http.javadsl.model.ContentTypes;
import org.apache.pekko.http.javadsl.model.HttpEntities;
import org.apache.pekko.http.javadsl.model.HttpHeader;
import org.apache.pekko.http.javadsl.model.HttpRequest;
import org.apache.pekko.http.javadsl.model.HttpResponse;
import org.apache.pekko.http.javadsl.model.headers.RawHeader;

import java.net.URI;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.stream.StreamSupport;

/**
 * The local service a live request the served limiter lets through is passed on to ({@code --upstream URL}): the
 * same method, path and query (after the URL's own path), headers and body; the client gets the service's response
 * with edgesim's {@code X-Edgesim-PoP} and {@code X-Edgesim-Added-Latency-Ms} added, or a 502 when the service
 * cannot be reached.
 */
final class Upstream {

    static final int BAD_GATEWAY = 502;
    // set by the connection, or Pekko HTTP's own bookkeeping; never passed on
    private static final Set<String> NOT_PASSED = Set.of("host", "timeout-access", "content-length", "content-type",
            "transfer-encoding", "connection");

    private final String base;
    private final ActorSystem<?> system;

    Upstream(URI base, ActorSystem<?> system) {
        String text = base.toString();
        this.base = text.endsWith("/") ? text.substring(0, text.length() - 1) : text;
        this.system = system;
    }

    /** Passes {@code request} on; {@code answer} is the served limiter's (a let-through) for edgesim's headers. */
    CompletionStage<HttpResponse> forward(HttpRequest request, LiveAnswer answer) {
        List<HttpHeader> headers = StreamSupport.stream(request.getHeaders().spliterator(), false)
                .filter(h -> !NOT_PASSED.contains(h.lowercaseName())).toList();
        HttpRequest onward = HttpRequest.create(base + request.getUri().toRelative().toString())
                .withMethod(request.method()).withHeaders(headers).withEntity(request.entity());
        List<HttpHeader> edgesim = List.of(RawHeader.create(LiveAnswer.POP, answer.headers().get(LiveAnswer.POP)),
                RawHeader.create(LiveAnswer.ADDED_LATENCY, answer.headers().get(LiveAnswer.ADDED_LATENCY)));
        return Http.get(system).singleRequest(onward)
                .thenApply(response -> response.addHeaders(edgesim))
                .exceptionally(e -> HttpResponse.create().withStatus(BAD_GATEWAY).addHeaders(edgesim)
                        .withEntity(HttpEntities.create(ContentTypes.APPLICATION_JSON,
                                "{\"error\":\"upstream_failed\"}")));
    }
}
