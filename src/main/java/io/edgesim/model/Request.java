package io.edgesim.model;

/**
 * One client request as the limiters see it.
 *
 * @param id        sequence number, unique within a run, in arrival order
 * @param timeNanos arrival time at the PoP, nanoseconds of scenario time (0 = start of the run, aligned to the epoch)
 * @param pop       IATA code of the PoP the request lands in (FRA, SYD, ...)
 * @param client    name of the client population (or trace) that sent it
 * @param apiKey    X-API-Key / Authorization value, or null when the request has none
 * @param ip        CF-Connecting-IP: the address Cloudflare saw, the only trustworthy one
 * @param xff       first X-Forwarded-For entry (client-controlled), or null
 * @param anonToken anonymous visitor token (cookie), or null
 * @param path      request path
 * @param cost      tokens the request costs (1 for most)
 * @param plan      its client's plan (contract tier), or null when the client has none
 */
public record Request(long id, long timeNanos, String pop, String client, String apiKey, String ip, String xff,
                      String anonToken, String path, int cost, String plan) {
}
