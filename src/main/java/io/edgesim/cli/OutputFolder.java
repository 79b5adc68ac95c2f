package io.edgesim.cli;

import io.edgesim.report.StagedOutput;
import io.edgesim.scenario.InputException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * A folder a command writes ({@code --out}, {@code --reports}). It is checked before the run starts, so that a path
 * that cannot be written fails at once; the folder itself is replaced whole at the end (see
 * {@link io.edgesim.report.StagedOutput}). A path refused by these checks is bad input (exit 2); an error while
 * writing afterwards is a {@link WriteFailure} (exit 1): "--out: cannot write DIR: why; DIR is as it was before the
 * run".
 */
final class OutputFolder {

    private static final String ALLOWED = "; allowed: a folder that exists or can be created, and can be written";

    private OutputFolder() {
    }

    /**
     * Checks that {@code dir} (named by {@code flag}) can be made or replaced, and creates the folders above it.
     * {@code marker} is the file every earlier output of this kind holds (result.json for a report): an existing,
     * non-empty folder without it is refused, since replacing it would move a folder of other files around; null
     * takes any folder.
     */
    static Path prepare(String flag, Path dir, String marker) {
        if (dir.toString().isEmpty()) {
            throw new InputException(flag + ": the folder name is empty; allowed: a folder path, e.g. reports/mine");
        }
        // the nearest part of the path that exists must be a folder
        for (Path part = dir.toAbsolutePath(); part != null; part = part.getParent()) {
            if (Files.exists(part)) {
                if (!Files.isDirectory(part)) {
                    throw new InputException(flag + ": cannot write " + dir + ": "
                            + (part.equals(dir.toAbsolutePath()) ? "it" : part.toString())
                            + " is " + StagedOutput.kind(part) + ", not a folder" + ALLOWED);
                }
                break;
            }
        }
        if (dir.toAbsolutePath().normalize().getParent() == null) {
            throw new InputException(flag + ": cannot write " + dir + ": it is the root folder" + ALLOWED);
        }
        // a link is written through: the folder it names is the one replaced, beside it
        Path absolute;
        try {
            absolute = StagedOutput.place(dir);
        } catch (IOException e) {
            throw refused(flag, dir, e);
        }
        if (marker != null && Files.isDirectory(dir) && !Files.exists(dir.resolve(marker)) && !isEmpty(flag, dir)) {
            throw new InputException(flag + ": " + dir + " holds files but no " + marker + ", so it is not an "
                    + "earlier output, and the output replaces its folder whole; allowed: a new or empty folder, or "
                    + "one edgesim wrote");
        }
        try {
            Files.createDirectories(absolute.getParent());
        } catch (IOException e) {
            throw refused(flag, dir, e);
        }
        if (!Files.isWritable(absolute.getParent())) {
            throw new InputException(flag + ": cannot write " + dir + ": permission denied in "
                    + absolute.getParent() + ALLOWED);
        }
        probe(flag, dir, absolute.getParent(), ALLOWED);
        return dir;
    }

    /**
     * Creates and deletes a hidden file in {@code folder}, where the output will be staged: a folder this process
     * may write by its permissions can still refuse files (/proc, a read-only mount the permission bits do not
     * show), and that is said now rather than after the run.
     */
    private static void probe(String flag, Path output, Path folder, String allowed) {
        try {
            Files.delete(Files.createTempFile(folder, ".edgesim-probe-", ""));
        } catch (IOException e) {
            throw new InputException(flag + ": cannot write " + output + ": " + folder + " takes no files ("
                    + reason(e, folder) + ")" + allowed);
        }
    }

    /**
     * Checks before anything runs that the file {@code file} (named by {@code flag}) can be written: the nearest part
     * of its folder's path that exists is a folder, and one this process may write in. A file that exists and is not
     * a regular file (a device, a pipe: /dev/stdout) is written as it is, and not checked.
     */
    static void checkFile(String flag, Path file, String allowed) {
        if (Files.exists(file) && !Files.isRegularFile(file) || stream(file)) {
            return;
        }
        Path parent = file.toAbsolutePath().normalize().getParent();
        for (Path part = parent; part != null; part = part.getParent()) {
            if (Files.exists(part)) {
                if (!Files.isDirectory(part)) {
                    throw new InputException(flag + ": cannot write " + file + ": " + part + " is "
                            + StagedOutput.kind(part) + ", not a folder" + allowed);
                }
                if (!Files.isWritable(part)) {
                    throw new InputException(flag + ": cannot write " + file + ": permission denied in " + part
                            + " (or its file system is read-only)" + allowed);
                }
                probe(flag, file, part, allowed);
                return;
            }
        }
    }

    /**
     * Refuses to replace {@code file} (named by {@code flag}) when it exists, holds something, and does not begin
     * with {@code start}, the beginning of every file of this output ({@code what}: "a decisions table"): a jar, notes
     * or another tool's file named by mistake would otherwise be overwritten without a word, as a folder that is not
     * an earlier output is refused. A file that cannot be read is left to the write to report.
     */
    static void checkReplaceable(String flag, Path file, String start, String what) {
        // a stream (/dev/stdout >> log) is written at its end: it replaces nothing
        if (!Files.isRegularFile(file) || stream(file)) {
            return;
        }
        byte[] head;
        try (InputStream in = Files.newInputStream(file)) {
            head = in.readNBytes(start.getBytes(StandardCharsets.UTF_8).length);
        } catch (IOException e) {
            return;
        }
        if (head.length > 0 && !new String(head, StandardCharsets.UTF_8).equals(start)) {
            throw new InputException(flag + ": " + file + " exists and is not " + what + " edgesim wrote (it does not "
                    + "begin with '" + start + "'), and writing would replace it; allowed: a new file, an empty one, "
                    + "or one edgesim wrote");
        }
    }

    // whether file is written as a stream (StagedOutput): a pipe, a device, or a descriptor of this process
    // (/dev/stdout, which is a regular file when standard output is redirected to one)
    private static boolean stream(Path file) {
        try {
            return StagedOutput.isStream(StagedOutput.place(file));
        } catch (IOException e) {
            return false;
        }
    }

    /** The same for a folder the command writes into but does not replace (reports' --reports). */
    static Path prepare(String flag, Path dir) {
        prepare(flag, dir, null);
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw refused(flag, dir, e);
        }
        return dir;
    }

    private static boolean isEmpty(String flag, Path dir) {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isEmpty();
        } catch (IOException e) {
            throw refused(flag, dir, e);
        }
    }

    // a check before the run failed on the file system: the path given is the problem
    private static InputException refused(String flag, Path dir, IOException e) {
        return new InputException(flag + ": cannot write " + dir + ": " + reason(e, dir) + ALLOWED);
    }

    /** The one line for an error while writing {@code path} (a folder or file) after the checks passed. */
    static WriteFailure cannotWrite(String flag, Path path, IOException e) {
        return new WriteFailure(flag + ": cannot write " + path + ": " + reason(e, path) + "; " + path
                + " is as it was before the run", e);
    }

    /**
     * The one line for an error while writing a stream (a named pipe, a device, {@code /dev/stdout}): it is written
     * directly, so what was written before the error stays there.
     */
    static WriteFailure cannotWriteStream(String flag, Path path, IOException e) {
        return new WriteFailure(flag + ": cannot write " + path + ": " + reason(e, path) + "; "
                + StagedOutput.kind(path) + " is written as a stream, not staged: what it received before the error "
                + "stays", e);
    }

    // the path is worth repeating only when it is not the one named already
    private static String reason(IOException e, Path named) {
        return reason(e).replace(" (" + named + ")", "").replace(" (" + named.toAbsolutePath().normalize() + ")", "");
    }

    /** Why {@code e} happened, in a few lowercase words and the path it names. */
    static String reason(IOException e) {
        String where = e instanceof FileSystemException fs && fs.getFile() != null ? fs.getFile() : null;
        String why;
        if (e instanceof FileAlreadyExistsException) {
            why = "a file is in the way";
        } else if (e instanceof NoSuchFileException) {
            why = "no such file or folder";
        } else if (e instanceof AccessDeniedException) {
            why = "permission denied";
        } else if (e instanceof FileSystemException fs && fs.getReason() != null) {
            why = fs.getReason().toLowerCase(Locale.ROOT);
        } else {
            why = String.valueOf(e.getMessage());
        }
        return (where == null ? why : why + " (" + where + ")").replaceAll("\\s*\\R\\s*", " ");
    }
}
