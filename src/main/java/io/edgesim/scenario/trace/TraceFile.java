package io.edgesim.scenario.trace;

import io.edgesim.scenario.InputException;
import io.edgesim.scenario.config.HoconSource;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What every trace format shares: the file opened once, read line by line with the line number kept for messages,
 * blank lines skipped, and errors as {@link InputException}s naming the file and line.
 */
abstract class TraceFile implements TraceRows {

    protected final String file;
    private final BufferedReader in;
    private long line;

    protected TraceFile(Path path) {
        this.file = path.toString();
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
                if (!text.isBlank()) {
                    return text;
                }
            }
            return null;
        } catch (CharacterCodingException e) {
            // the reader decodes ahead of the line it returns, so the line is not known
            throw InputException.at(file, null, "holds bytes that are not UTF-8 text (after line " + line
                    + "); allowed: a text file in UTF-8 (ASCII is UTF-8)");
        } catch (IOException e) {
            throw InputException.at(file, "line " + (line + 1), "cannot be read: " + ioReason(e));
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
