package io.edgesim.cli;

import io.edgesim.scenario.InputException;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;

/**
 * A folder a command writes into ({@code --out}, {@code --reports}). It is made (or found writable) before the run
 * starts, so that a path that cannot be written fails at once, and any later write error is one line naming the
 * flag: "--out: cannot write DIR: why; allowed: ...".
 */
final class OutputFolder {

    private static final String ALLOWED = "; allowed: a folder that exists or can be created, and can be written";

    private OutputFolder() {
    }

    /** Creates {@code dir} (named by {@code flag}) if it does not exist and checks it can be written. */
    static Path prepare(String flag, Path dir) {
        // the nearest part of the path that exists must be a folder
        for (Path part = dir.toAbsolutePath(); part != null; part = part.getParent()) {
            if (Files.exists(part)) {
                if (!Files.isDirectory(part)) {
                    throw new InputException(flag + ": cannot write " + dir + ": "
                            + (part.equals(dir.toAbsolutePath()) ? "it" : part.toString())
                            + " is a file, not a folder" + ALLOWED);
                }
                break;
            }
        }
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw cannotWrite(flag, dir, e);
        }
        if (!Files.isWritable(dir)) {
            throw new InputException(flag + ": cannot write " + dir + ": permission denied" + ALLOWED);
        }
        return dir;
    }

    /** The one line for an error while writing into {@code dir}. */
    static InputException cannotWrite(String flag, Path dir, IOException e) {
        String reason = reason(e);
        // the path is worth repeating only when it is not the folder itself
        reason = reason.replace(" (" + dir + ")", "");
        return new InputException(flag + ": cannot write " + dir + ": " + reason + ALLOWED);
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
