package io.edgesim.model.key;

import io.edgesim.model.Request;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * Where a limiter's key comes from. {@code ip} is CF-Connecting-IP, the only trustworthy address; {@code xff} is the
 * first X-Forwarded-For entry, which the client controls (rotating it mints fresh buckets).
 */
public enum KeyKind {
    API_KEY("api-key"),
    IP("ip"),
    XFF("xff"),
    ANON_TOKEN_IP("anon-token+ip"),
    PATH("path"),
    GLOBAL("global");

    /** The key used when the request lacks the field the limiter keys on (all such requests share it). */
    public static final String MISSING = "-";

    private final String configName;

    /**
     * The API key an {@code Authorization} header carries: its credentials without the scheme
     * ({@code Bearer k1} is {@code k1}, the key {@code X-API-Key: k1} gives, as a Worker reading the token would);
     * a value of one word as it is; null for null or blank.
     */
    public static String apiKeyOfAuthorization(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.strip();
        int space = v.indexOf(' ');
        // an auth-scheme is a token (RFC 9110 11.4): letters, digits and a few marks, then the credentials
        if (space > 0 && v.substring(0, space).chars().allMatch(ch -> Character.isLetterOrDigit(ch)
                || "!#$%&'*+-.^_`|~".indexOf(ch) >= 0)) {
            return v.substring(space + 1).strip();
        }
        return v;
    }

    KeyKind(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    /** The key of {@code request} under this kind; never null. */
    public String extract(Request request) {
        String key = switch (this) {
            case API_KEY -> request.apiKey();
            case IP -> request.ip();
            // a request without X-Forwarded-For is keyed by the address it came from, as a Worker would fall back
            case XFF -> request.xff() != null ? request.xff() : request.ip();
            case ANON_TOKEN_IP -> request.anonToken() == null ? request.ip()
                    : request.anonToken() + "|" + request.ip();
            case PATH -> request.path();
            case GLOBAL -> "global";
        };
        return key == null ? MISSING : key;
    }

    public static KeyKind parse(String name) {
        for (KeyKind k : values()) {
            if (k.configName.equals(name)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown key '" + name + "'; allowed: " + allowedNames());
    }

    public static String allowedNames() {
        return Arrays.stream(values()).map(KeyKind::configName).collect(Collectors.joining(", "));
    }
}
