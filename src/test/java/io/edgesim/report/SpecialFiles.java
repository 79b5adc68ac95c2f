package io.edgesim.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * Files that are not regular files, made in a test's own folder: a named pipe (mkfifo) and private character
 * devices (mknod, which needs root: without it the test is skipped, not passed). Nothing under /dev is touched.
 */
public final class SpecialFiles {

    private SpecialFiles() {
    }

    /** A named pipe at {@code path}. */
    public static Path namedPipe(Path path) throws IOException, InterruptedException {
        if (run("mkfifo", path.toString()) != 0) {
            throw new IOException("mkfifo " + path + " failed");
        }
        return path;
    }

    /** A private copy of /dev/null at {@code path}: it takes every write. */
    public static Path nullDevice(Path path) throws IOException, InterruptedException {
        return characterDevice(path, "3");
    }

    /** A private copy of /dev/full at {@code path}: every write fails with "No space left on device". */
    public static Path fullDevice(Path path) throws IOException, InterruptedException {
        return characterDevice(path, "7");
    }

    // the memory devices are major 1 on Linux: 3 is null, 7 is full
    private static Path characterDevice(Path path, String minor) throws IOException, InterruptedException {
        assumeThat(run("mknod", path.toString(), "c", "1", minor)).as("mknod (needs root)").isZero();
        return path;
    }

    /**
     * Reads {@code pipe} to its end in a thread of its own (a blocked open must not hold a shared pool); the writer's
     * open returns once this one has opened it.
     */
    public static CompletableFuture<String> reader(Path pipe) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readString(pipe);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, task -> new Thread(task, "pipe-reader").start());
    }

    /** What {@code reader} read, waiting at most a minute. */
    public static String read(CompletableFuture<String> reader) throws Exception {
        return reader.get(60, TimeUnit.SECONDS);
    }

    private static int run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getInputStream().readAllBytes();
        return process.waitFor();
    }
}
