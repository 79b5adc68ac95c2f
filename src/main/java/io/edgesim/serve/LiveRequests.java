package io.edgesim.serve;

import io.edgesim.model.key.KeyKind;
import io.edgesim.model.tier.LimiterSpec;
import io.edgesim.model.tier.StageSpec;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Which HTTP headers a live request must carry for the scenario's limiters to key it, and the request's key fields
 * read from them, as Cloudflare hands them to a Worker: {@code CF-Connecting-IP} the address, {@code X-API-Key} (or
 * else {@code Authorization}'s credentials, {@link KeyKind#apiKeyOfAuthorization}) the API key, the first
 * {@code X-Forwarded-For} entry, the {@code X-Anon-Token} header the anonymous visitor token, and the path.
 */
final class LiveRequests {

    static final String IP = "CF-Connecting-IP";
    static final String API_KEY = "X-API-Key";
    static final String AUTHORIZATION = "Authorization";
    static final String XFF = "X-Forwarded-For";
    static final String ANON_TOKEN = "X-Anon-Token";

    private final Set<KeyKind> kinds = EnumSet.noneOf(KeyKind.class);

    /** The key kinds of every stage and exact reference of {@code limiters}. */
    LiveRequests(List<LimiterSpec> limiters) {
        for (LimiterSpec limiter : limiters) {
            kinds.add(limiter.referenceKey());
            for (StageSpec stage : limiter.stages()) {
                kinds.add(stage.key());
            }
        }
    }

    /** The key fields of a request whose headers {@code header} reads (null when absent). */
    record Fields(String apiKey, String ip, String xff, String anonToken, String path) {
    }

    /**
     * The header a request read by {@code header} (null when absent) lacks for the limiters to key it, or null when
     * it has them all: an api-key limiter needs X-API-Key or Authorization; an ip or anon-token+ip one needs
     * CF-Connecting-IP, and so does an xff one when X-Forwarded-For is absent (the Worker falls back to the address).
     */
    String missing(UnaryOperator<String> header) {
        Fields fields = read(header, "/");
        if (kinds.contains(KeyKind.API_KEY) && fields.apiKey() == null) {
            return API_KEY + " (or " + AUTHORIZATION + ")";
        }
        boolean needsIp = kinds.contains(KeyKind.IP) || kinds.contains(KeyKind.ANON_TOKEN_IP)
                || kinds.contains(KeyKind.XFF) && fields.xff() == null;
        return needsIp && fields.ip() == null ? IP : null;
    }

    /** The key fields of a request whose headers {@code header} reads (null when absent) and whose path is given. */
    Fields read(UnaryOperator<String> header, String path) {
        String apiKey = blankToNull(header.apply(API_KEY));
        if (apiKey == null) {
            apiKey = KeyKind.apiKeyOfAuthorization(header.apply(AUTHORIZATION));
        }
        String xff = blankToNull(header.apply(XFF));
        return new Fields(apiKey, blankToNull(header.apply(IP)), xff == null ? null : blankToNull(xff.split(",", 2)[0]),
                blankToNull(header.apply(ANON_TOKEN)), path);
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}
