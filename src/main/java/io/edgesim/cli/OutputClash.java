package io.edgesim.cli;

import io.edgesim.scenario.InputException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;

/**
 * Refuses, before a run starts, an output that would overwrite what the run reads or another of its outputs: a
 * {@code --decisions} file that is the scenario, a file it includes, its regions file or a trace; an {@code --out}
 * folder that holds one of those; a {@code --decisions} file inside the {@code --out} folder, which is replaced whole.
 * Paths are compared after resolving {@code ..} and symbolic links, so two names of one file are one file.
 */
final class OutputClash {

    private OutputClash() {
    }

    /** Fails when the file {@code output} (named by {@code flag}) is one of {@code inputs}. */
    static void fileAgainstInputs(String flag, Path output, Collection<Path> inputs) {
        Path out = real(output);
        for (Path input : inputs) {
            if (real(input).equals(out)) {
                throw new InputException(flag + ": " + output + " is an input of this run"
                        + (input.toString().equals(output.toString()) ? "" : " (" + input + ")")
                        + "; allowed: a file the run does not read");
            }
        }
    }

    /** Fails when the folder {@code output} (named by {@code flag}, replaced whole) holds one of {@code inputs}. */
    static void folderAgainstInputs(String flag, Path output, Collection<Path> inputs) {
        Path out = real(output);
        for (Path input : inputs) {
            if (real(input).startsWith(out)) {
                throw new InputException(flag + ": " + output + " holds " + input + ", an input of this run, and "
                        + "the folder is replaced whole; allowed: a folder that holds none of the run's inputs");
            }
        }
    }

    /** Fails when the file {@code file} (named by {@code fileFlag}) is inside the folder {@code folder}. */
    static void fileOutsideFolder(String fileFlag, Path file, String folderFlag, Path folder) {
        if (real(file).startsWith(real(folder))) {
            throw new InputException(fileFlag + ": " + file + " is inside " + folderFlag + " " + folder + ", which "
                    + "the run replaces whole; allowed: a file outside " + folder);
        }
    }

    /** {@code path} absolute, with {@code ..} and links resolved as far as it exists. */
    static Path real(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return absolute;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(absolute));
        } catch (IOException e) {
            return absolute;
        }
    }
}
