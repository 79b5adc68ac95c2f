package io.edgesim.serve;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;

/** Raw sockets to a serve listener, for the tests of what clients that are not well-behaved HTTP clients get. */
final class RawHttp {

    // long enough for any answer of a test; a read that waits longer fails the test instead of hanging it
    private static final int READ_TIMEOUT_MS = 10_000;

    private RawHttp() {
    }

    static Socket connect(URI listener) throws IOException {
        Socket socket = new Socket(listener.getHost(), listener.getPort());
        socket.setSoTimeout(READ_TIMEOUT_MS);
        return socket;
    }

    /** Writes {@code bytes} (ISO-8859-1) as they are. */
    static void send(Socket socket, String bytes) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(bytes.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** Everything the server sends until it closes the connection. */
    static String untilClosed(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        StringBuilder answer = new StringBuilder();
        byte[] buffer = new byte[4096];
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
            answer.append(new String(buffer, 0, n, StandardCharsets.ISO_8859_1));
        }
        return answer.toString();
    }
}
