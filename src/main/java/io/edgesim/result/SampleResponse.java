package io.edgesim.result;

import java.util.Map;

/**
 * The HTTP response a client got the first time a limiter refused it: status 429, the headers (Retry-After, the
 * tier that refused, the IETF RateLimit fields) and the JSON body.
 *
 * @param timeSeconds when the refused request arrived, scenario time
 * @param pop         where it arrived
 */
public record SampleResponse(double timeSeconds, String pop, int status, Map<String, String> headers, String body) {
}
