package io.edgesim.engine.virtual;

import io.edgesim.model.Request;
import io.edgesim.model.key.KeyIds;
import io.edgesim.model.key.KeyKind;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

class RequestKeysTest {

    private static Request request(int n, String apiKey, String ip) {
        return new Request(n, n * 1_000L, "FRA", "c", apiKey, ip, null, null, "/", 1, null);
    }

    @Test
    void loadingAKindForTheWholeBlockNumbersKeysInSlotOrderAndKeepsWhatWasNumberedBefore() {
        KeyIds ids = new KeyIds();
        RequestKeys keys = new RequestKeys(ids, 8);
        Request[] block = {request(0, "b", "1"), request(1, "a", "2"), request(2, "b", "3"), request(3, "c", "1")};
        keys.newBlock();
        // slot 2's key is numbered first, as another group might have done
        assertThat(keys.id(2, block[2], KeyKind.API_KEY)).isEqualTo(0);
        keys.loadAll(KeyKind.API_KEY, block, block.length);
        assertThat(keys.numbers(KeyKind.API_KEY)).startsWith(0, 1, 0, 2);
        assertThat(ids.key(1)).isEqualTo("a");
        assertThat(ids.key(2)).isEqualTo("c");
        // another kind goes on from there, in slot order
        keys.loadAll(KeyKind.IP, block, block.length);
        assertThat(keys.numbers(KeyKind.IP)).startsWith(3, 4, 5, 3);
        assertThat(keys.key(3, block[3], KeyKind.IP)).isEqualTo("1");

        // a new block with other requests in the same slots: loaded again, not kept from the block before
        Request[] next = {request(4, "d", "9"), request(5, "a", "9")};
        keys.newBlock();
        keys.loadAll(KeyKind.API_KEY, next, next.length);
        assertThat(keys.numbers(KeyKind.API_KEY)).startsWith(6, 1);
        assertThat(keys.id(0, next[0], KeyKind.API_KEY)).isEqualTo(6);
        assertThat(ids.size()).isEqualTo(7);
    }

    @Test
    void aSourcesKeysAreNumberedAsTheLookupNumbersThemAndLookedUpOncePerSource() {
        KeyIds plain = new KeyIds();
        KeyIds kept = new KeyIds();
        RequestKeys byLookup = new RequestKeys(plain, 4);
        RequestKeys bySource = new RequestKeys(kept, 4);
        Random random = new Random(3);
        for (int b = 0; b < 50; b++) {
            Request[] block = new Request[4];
            byLookup.newBlock();
            bySource.newBlock();
            for (int slot = 0; slot < block.length; slot++) {
                // source s always sends key "k" + s and address "a" + s % 3; -1 is a source of changing keys
                int source = random.nextInt(12) - 1;
                block[slot] = source < 0 ? request(b, "any-" + random.nextInt(5), "a9")
                        : request(b, "k" + source, "a" + source % 3);
                bySource.fromSource(slot, source);
            }
            for (KeyKind kind : new KeyKind[] {KeyKind.IP, KeyKind.API_KEY}) {
                byLookup.loadAll(kind, block, block.length);
                bySource.loadAll(kind, block, block.length);
                assertThat(bySource.numbers(kind)).containsExactly(byLookup.numbers(kind));
            }
        }
        assertThat(kept.size()).isEqualTo(plain.size());

        // a source's number is kept for it: looked up once, even by a request that (against the contract) sends
        // another key
        bySource.newBlock();
        bySource.fromSource(0, 4);
        bySource.loadAll(KeyKind.API_KEY, new Request[] {request(0, "not-k4", "a1")}, 1);
        assertThat(kept.key(bySource.numbers(KeyKind.API_KEY)[0])).isEqualTo("k4");
    }
}
