package io.edgesim.scenario.trace;

import io.edgesim.scenario.InputException;
import io.edgesim.scenario.config.HoconSource;
import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * What every trace format shares: the file opened once, read line by line with the line number kept for messages,
 * blank lines skipped, and errors as {@link InputException}s naming the file and line.
 */
abstract class TraceFile implements TraceRows {

    protected final String file;
    private final Path path;
    private final BufferedReader in;
    private long line;

    protected TraceFile(Path path) {
        this.file = path.toString();
        this.path = path;
        String problem = HoconSource.fileProblem(path);
        if (problem != null) {
            throw InputException.at(file, null, problem);
        }
        try {
            this.in = Files.newBufferedReader(path, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw InputException.at(file, null, "cannot be read: " + ioReason(e));
        }
    }

    /** The next non-blank line, or null at the end; {@link #line()} is then its number (1 = first line). */
    protected final String nextLine() {
        try {
            String text;
            while ((text = in.readLine()) != null) {
                line++;
                // a byte-order mark (as some Windows tools write UTF-8) is not part of the first line
                if (line == 1 && text.startsWith("\uFEFF")) {
                    text = text.substring(1);
                }
                if (!text.isBlank()) {
                    return text;
                }
            }
            return null;
        } catch (CharacterCodingException e) {
            // the reader decodes thousands of characters ahead of the line it returns: the file is read again, byte
            // by byte, for the line and the byte, as a scenario file's are said (HoconSource)
            throw InputException.at(file, null, "holds bytes that are not UTF-8 text" + firstNotUtf8()
                    + "; allowed: a text file in UTF-8 (ASCII is UTF-8)");
        } catch (IOException e) {
            throw InputException.at(file, "line " + (line + 1), "cannot be read: " + ioReason(e));
        }
    }

    // " (line N, byte 0xXX)" for the first byte of the file that is not UTF-8, lines ended as BufferedReader ends
    // them (\n, \r or \r\n); "" when the file cannot be read again
    private String firstNotUtf8() {
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try (InputStream bytes = new BufferedInputStream(Files.newInputStream(path))) {
            ByteArrayOutputStream lineBytes = new ByteArrayOutputStream();
            long number = 1;
            int b = bytes.read();
            while (b != -1) {
                if (b == '\n' || b == '\r') {
                    String bad = notUtf8(utf8, lineBytes.toByteArray(), number);
                    if (bad != null) {
                        return bad;
                    }
                    lineBytes.reset();
                    number++;
                    int next = bytes.read();
                    b = b == '\r' && next == '\n' ? bytes.read() : next;
                    continue;
                }
                lineBytes.write(b);
                b = bytes.read();
            }
            String bad = notUtf8(utf8, lineBytes.toByteArray(), number);
            return bad == null ? "" : bad;
        } catch (IOException e) {
            return "";
        }
    }

    private static String notUtf8(CharsetDecoder utf8, byte[] line, long number) {
        ByteBuffer buffer = ByteBuffer.wrap(line);
        try {
            utf8.decode(buffer);
            return null;
        } catch (CharacterCodingException e) {
            // the decoder stops at the first byte it cannot take
            return String.format(Locale.ROOT, " (line %d, byte 0x%02X)", number, buffer.get(buffer.position()) & 0xFF);
        }
    }

    private static String ioReason(IOException e) {
        return HoconSource.oneLine(e instanceof java.nio.file.FileSystemException fs && fs.getReason() != null
                ? fs.getReason() : String.valueOf(e.getMessage()));
    }

    /** Number of the line read last. */
    protected final long line() {
        return line;
    }

    /** "FILE: line N: problem; allowed: ..." */
    protected final InputException error(String problem, String allowed) {
        return InputException.at(file, "line " + line, problem + "; allowed: " + allowed);
    }

    @Override
    public void close() {
        try {
            in.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
