package io.edgesim.scenario.trace;

import io.edgesim.scenario.InputException;
import io.edgesim.scenario.config.HoconSource;
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
import java.util.Arrays;

/**
 * What every trace format shares: the file opened once, read line by line with the line number kept for messages,
 * blank lines skipped, and errors as {@link InputException}s naming the file and line.
 */
abstract class TraceFile implements TraceRows {

    protected final String file;
    private final InputStream in;
    // the file's bytes are split into lines first and each line decoded on its own, so that a byte that is not UTF-8
    // is blamed on its own line (a decoding reader decodes thousands of characters ahead of the line it returns)
    private final CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
    private final byte[] chunk = new byte[1 << 16];
    private int chunkAt;
    private int chunkEnd;
    private byte[] lineBytes = new byte[256];
    private int badByte;
    private long line;

    protected TraceFile(Path path) {
        this.file = path.toString();
        String problem = HoconSource.fileProblem(path);
        if (problem != null) {
            throw InputException.at(file, null, problem);
        }
        try {
            this.in = Files.newInputStream(path);
        } catch (IOException e) {
            throw InputException.at(file, null, "cannot be read: " + ioReason(e));
        }
    }

    /** The next non-blank line, or null at the end; {@link #line()} is then its number (1 = first line). */
    protected final String nextLine() {
        try {
            String text;
            while ((text = readLine()) != null) {
                if (!text.isBlank()) {
                    return text;
                }
            }
            return null;
        } catch (CharacterCodingException e) {
            // as a scenario file's is said (HoconSource)
            throw InputException.at(file, null, String.format(java.util.Locale.ROOT, "holds bytes that are not UTF-8 "
                    + "text (line %d, byte 0x%02X); allowed: a text file in UTF-8 (ASCII is UTF-8)", line, badByte));
        } catch (IOException e) {
            throw InputException.at(file, "line " + (line + 1), "cannot be read: " + ioReason(e));
        }
    }

    // the next line without its end (\n or \r\n), decoded; null at the end of the file
    private String readLine() throws IOException {
        int length = 0;
        boolean any = false;
        while (true) {
            if (chunkAt == chunkEnd) {
                chunkEnd = in.read(chunk);
                chunkAt = 0;
                if (chunkEnd <= 0) {
                    chunkEnd = 0;
                    if (!any) {
                        return null;
                    }
                    break;
                }
            }
            any = true;
            byte b = chunk[chunkAt++];
            if (b == '\n') {
                break;
            }
            if (length == lineBytes.length) {
                lineBytes = Arrays.copyOf(lineBytes, 2 * length);
            }
            lineBytes[length++] = b;
        }
        line++;
        if (length > 0 && lineBytes[length - 1] == '\r') {
            length--;
        }
        ByteBuffer bytes = ByteBuffer.wrap(lineBytes, 0, length);
        try {
            return utf8.decode(bytes).toString();
        } catch (CharacterCodingException e) {
            // the decoder stops at the first byte it cannot take
            badByte = bytes.get(bytes.position()) & 0xFF;
            throw e;
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
