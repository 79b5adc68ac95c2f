package io.edgesim.engine.cluster;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.Deflater;

import static org.assertj.core.api.Assertions.assertThat;

/** The lateness histograms a run host sends the coordinator ({@link RunHost#encode}, {@link RunHost#decode}). */
class RunHostLatenessTest {

    @Test
    void aHistogramComesBackWithItsValues() {
        Histogram sent = new Histogram(3);
        sent.recordValue(1_000_000L);
        sent.recordValue(2_500_000_000L);

        Histogram received = RunHost.decode(RunHost.encode(sent));

        assertThat(received.getTotalCount()).isEqualTo(2);
        assertThat(received.getMaxValue()).isEqualTo(sent.getMaxValue());
        assertThat(received.getValueAtPercentile(50)).isEqualTo(sent.getValueAtPercentile(50));
    }

    @Test
    void valuesPastTheHighestTrackableValueInTheHeaderStillDecode() throws Exception {
        // what a node once sent: a recorded value (2.5 s) past its header's highest trackable value (here 100 ms)
        Histogram sent = new Histogram(1, 10_000_000_000L, 3);
        sent.recordValue(1_000_000L);
        sent.recordValue(2_500_000_000L);
        ByteBuffer plain = ByteBuffer.allocate(sent.getNeededByteBufferCapacity());
        int plainLength = sent.encodeIntoByteBuffer(plain);
        // the uncompressed encoding's header: cookie, payload length, normalizing offset, significant digits (ints),
        // lowest trackable unit value, highest trackable value (longs)
        plain.putLong(24, 100_000_000L);
        ByteBuffer compressed = ByteBuffer.allocate(sent.getNeededByteBufferCapacity());
        sent.encodeIntoCompressedByteBuffer(compressed);
        String encoded = Base64.getEncoder().encodeToString(compress(compressed.getInt(0),
                Arrays.copyOf(plain.array(), plainLength)));

        Histogram received = RunHost.decode(encoded);

        assertThat(received.getTotalCount()).isEqualTo(2);
        assertThat(received.getMaxValue()).isEqualTo(sent.getMaxValue());
    }

    // the compressed encoding: its cookie, the deflated length, the deflated bytes
    private static byte[] compress(int cookie, byte[] plain) {
        Deflater deflater = new Deflater();
        deflater.setInput(plain);
        deflater.finish();
        ByteArrayOutputStream deflated = new ByteArrayOutputStream();
        byte[] chunk = new byte[4096];
        while (!deflater.finished()) {
            deflated.write(chunk, 0, deflater.deflate(chunk));
        }
        deflater.end();
        return ByteBuffer.allocate(8 + deflated.size()).putInt(cookie).putInt(deflated.size())
                .put(deflated.toByteArray()).array();
    }
}
