package io.edgesim.scenario;

/**
 * What each request of a population carries, as templates over the client's index and request number. A null
 * template means the request has no such header (keys that need it fall back as {@link io.edgesim.model.key.KeyKind}
 * says).
 *
 * @param apiKey    X-API-Key / Authorization value, or null
 * @param ip        CF-Connecting-IP, never null (clients sharing one value are behind one NAT)
 * @param xff       first X-Forwarded-For entry, or null
 * @param anonToken anonymous visitor token, or null
 * @param path      request path, never null
 */
public record HeaderTemplates(Template apiKey, Template ip, Template xff, Template anonToken, Template path) {

    public HeaderTemplates {
        if (ip == null || path == null) {
            throw new IllegalArgumentException("ip and path templates are required");
        }
    }
}
