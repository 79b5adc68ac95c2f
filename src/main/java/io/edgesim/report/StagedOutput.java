package io.edgesim.report;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * An output file or folder written whole or not at all. Everything is written into a hidden sibling of the target,
 * {@code .NAME.edgesim-new-PID}, and {@link #commit} moves it into place only once it is complete: a file by one
 * atomic rename over the old one; a folder by moving the old one aside, the new one in, and deleting the old one.
 * Entries of the old folder that the new one does not have (a user's notes, a report's {@code sweep/}) are moved
 * across first, so a folder loses only what is rewritten.
 *
 * <p>Until the commit the target is as it was. {@link #close} without a commit deletes the staging copy, and so does
 * a shutdown hook when the process is stopped (SIGTERM, Ctrl-C); a commit under way finishes first. A process killed
 * outright leaves at most a hidden {@code .NAME.edgesim-*} sibling, never a partial file under the final name.
 */
public final class StagedOutput implements AutoCloseable {

    private static final Object LOCK = new Object();
    private static final Set<StagedOutput> PENDING = new LinkedHashSet<>();
    private static boolean hookAdded;

    private final Path target;
    private final Path staging;
    private final boolean folder;

    private StagedOutput(Path target, boolean folder) {
        this.target = target;
        this.folder = folder;
        String name = target.getFileName().toString();
        this.staging = target.resolveSibling("." + name + ".edgesim-new-" + ProcessHandle.current().pid());
    }

    /** A folder that will replace {@code target}; write into {@link #path()}. Its parent folders are created. */
    public static StagedOutput folder(Path target) throws IOException {
        StagedOutput out = new StagedOutput(absolute(target), true);
        out.start();
        return out;
    }

    /** A file that will replace {@code target}; write {@link #path()}. Its parent folders are created. */
    public static StagedOutput file(Path target) throws IOException {
        StagedOutput out = new StagedOutput(absolute(target), false);
        out.start();
        return out;
    }

    private static Path absolute(Path target) {
        Path path = target.toAbsolutePath().normalize();
        if (path.getFileName() == null) {
            throw new IllegalArgumentException("cannot stage " + target + ": it has no name");
        }
        return path;
    }

    private void start() throws IOException {
        Files.createDirectories(target.getParent());
        synchronized (LOCK) {
            // left over from an earlier process with the same id
            deleteRecursively(staging);
            if (folder) {
                Files.createDirectory(staging);
            } else {
                Files.createFile(staging);
            }
            if (!hookAdded) {
                Runtime.getRuntime().addShutdownHook(new Thread(StagedOutput::discardPending, "discard-outputs"));
                hookAdded = true;
            }
            PENDING.add(this);
        }
    }

    /** Where to write: the staging folder or file. */
    public Path path() {
        return staging;
    }

    /** The output's final place. */
    public Path target() {
        return target;
    }

    /** Moves the complete output into place; the previous one is gone once this returns. */
    public void commit() throws IOException {
        synchronized (LOCK) {
            if (!PENDING.contains(this)) {
                throw new IllegalStateException(target + ": already committed or discarded");
            }
            if (folder) {
                swapFolder();
            } else {
                Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            }
            PENDING.remove(this);
        }
    }

    private void swapFolder() throws IOException {
        if (!Files.isDirectory(target)) {
            Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
            return;
        }
        try (DirectoryStream<Path> old = Files.newDirectoryStream(target)) {
            for (Path entry : old) {
                Path moved = staging.resolve(entry.getFileName().toString());
                if (!Files.exists(moved, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    Files.move(entry, moved, StandardCopyOption.ATOMIC_MOVE);
                }
            }
        }
        Path aside = target.resolveSibling("." + target.getFileName() + ".edgesim-old-"
                + ProcessHandle.current().pid());
        deleteRecursively(aside);
        Files.move(target, aside, StandardCopyOption.ATOMIC_MOVE);
        try {
            Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            Files.move(aside, target, StandardCopyOption.ATOMIC_MOVE);
            throw e;
        }
        deleteRecursively(aside);
    }

    /** Deletes the staging copy unless it was committed. */
    @Override
    public void close() throws IOException {
        synchronized (LOCK) {
            if (PENDING.remove(this)) {
                deleteRecursively(staging);
            }
        }
    }

    private static void discardPending() {
        synchronized (LOCK) {
            for (StagedOutput out : PENDING) {
                try {
                    deleteRecursively(out.staging);
                } catch (IOException e) {
                    // the process is going away; a hidden staging copy is all that can be left
                }
            }
            PENDING.clear();
        }
    }

    static void deleteRecursively(Path path) throws IOException {
        if (!Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(path, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.delete(file);
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                if (e != null) {
                    throw e;
                }
                Files.delete(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }
}
