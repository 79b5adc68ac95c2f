package io.edgesim.model.key;

import io.edgesim.model.Request;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class KeyKindTest {

    private static Request request(String apiKey, String ip, String xff, String anonToken, String path) {
        return new Request(1, 0, "FRA", "clients", apiKey, ip, xff, anonToken, path, 1, null);
    }

    private static final Request FULL = request("key-1", "203.0.113.7", "198.51.100.9", "tok-5", "/login");
    private static final Request BARE = request(null, null, null, null, null);

    @Test
    void apiKeyKeysOnTheApiKey() {
        assertThat(KeyKind.API_KEY.extract(FULL)).isEqualTo("key-1");
    }

    @Test
    void ipKeysOnTheConnectingAddressNotOnForwardedFor() {
        assertThat(KeyKind.IP.extract(FULL)).isEqualTo("203.0.113.7");
    }

    @Test
    void xffKeysOnTheForwardedForEntryTheClientChose() {
        assertThat(KeyKind.XFF.extract(FULL)).isEqualTo("198.51.100.9");
    }

    @Test
    void xffFallsBackToTheConnectingAddressWhenAbsent() {
        assertThat(KeyKind.XFF.extract(request(null, "203.0.113.7", null, null, "/"))).isEqualTo("203.0.113.7");
    }

    @Test
    void anonTokenIsCombinedWithTheAddress() {
        assertThat(KeyKind.ANON_TOKEN_IP.extract(FULL)).isEqualTo("tok-5|203.0.113.7");
        assertThat(KeyKind.ANON_TOKEN_IP.extract(request(null, "203.0.113.7", null, null, "/")))
                .isEqualTo("203.0.113.7");
    }

    @Test
    void pathKeysOnThePath() {
        assertThat(KeyKind.PATH.extract(FULL)).isEqualTo("/login");
    }

    @Test
    void globalPutsEveryRequestUnderOneKey() {
        assertThat(KeyKind.GLOBAL.extract(FULL)).isEqualTo(KeyKind.GLOBAL.extract(BARE)).isEqualTo("global");
    }

    @Test
    void aMissingFieldGivesTheSharedMissingKey() {
        for (KeyKind kind : new KeyKind[] {KeyKind.API_KEY, KeyKind.IP, KeyKind.XFF, KeyKind.ANON_TOKEN_IP,
                KeyKind.PATH}) {
            assertThat(kind.extract(BARE)).as(kind.configName()).isEqualTo(KeyKind.MISSING).isEqualTo("-");
        }
    }

    @Test
    void parsesScenarioNamesAndListsTheAllowedOnes() {
        for (KeyKind kind : KeyKind.values()) {
            assertThat(KeyKind.parse(kind.configName())).isEqualTo(kind);
        }
        assertThat(KeyKind.allowedNames()).isEqualTo("api-key, ip, xff, anon-token+ip, path, global");
        assertThatThrownBy(() -> KeyKind.parse("cookie"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown key 'cookie'; allowed: api-key, ip, xff, anon-token+ip, path, global");
    }

    @Test
    void anAuthorizationHeadersApiKeyIsItsCredentials() {
        assertThat(KeyKind.apiKeyOfAuthorization("Bearer k1")).isEqualTo("k1");
        assertThat(KeyKind.apiKeyOfAuthorization("  bearer   k1 ")).isEqualTo("k1");
        assertThat(KeyKind.apiKeyOfAuthorization("Basic dXNlcjpwYXNz")).isEqualTo("dXNlcjpwYXNz");
        // no scheme: the value as it is
        assertThat(KeyKind.apiKeyOfAuthorization("k1")).isEqualTo("k1");
        // a first word that is no token (RFC 9110's tchar) is no scheme
        assertThat(KeyKind.apiKeyOfAuthorization("k(1) x")).isEqualTo("k(1) x");
        // a scheme alone is one word: the value as it is
        assertThat(KeyKind.apiKeyOfAuthorization("Bearer ")).isEqualTo("Bearer");
        assertThat(KeyKind.apiKeyOfAuthorization(" ")).isNull();
        assertThat(KeyKind.apiKeyOfAuthorization(null)).isNull();
    }
}
