package io.edgesim.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
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
 *
 * <p>Links are followed, never replaced: a target that is a symbolic link (or a chain of them) is written through, so
 * the file or folder it names is the one replaced, staged beside that one in its own folder, and the link stays. A
 * target that is neither a regular file nor a folder (a named pipe, a character device, a socket), or that is one of
 * this process's open descriptors ({@code /dev/stdout}, {@code /dev/fd/N}, anything under {@code /proc}), is a
 * {@linkplain #stream() stream}: written directly, with no staging and no rename, so a reader sees bytes as they are
 * written and nothing can be taken back. Such a target can only be a file output; as a folder it is refused.
 */
public final class StagedOutput implements AutoCloseable {

    private static final Object LOCK = new Object();
    // more than Linux follows (40) before ELOOP
    private static final int MAX_LINKS = 64;
    private static final Path PROC = Path.of("/proc");
    private static final Set<StagedOutput> PENDING = new LinkedHashSet<>();
    private static boolean hookAdded;

    private final Path target;
    private final Path staging;
    private final boolean folder;
    private final boolean stream;

    private StagedOutput(Path target, boolean folder, boolean stream) {
        this.target = target;
        this.folder = folder;
        this.stream = stream;
        String name = target.getFileName().toString();
        this.staging = stream ? target
                : target.resolveSibling("." + name + ".edgesim-new-" + ProcessHandle.current().pid());
    }

    /**
     * A folder that will replace {@code target} (or the folder a link there names); write into {@link #path()}. Its
     * parent folders are created. Fails when the target is a stream or a file.
     */
    public static StagedOutput folder(Path target) throws IOException {
        Path place = place(target);
        if (isStream(place) || Files.isRegularFile(place)) {
            throw new FileSystemException(place.toString(), null, "it is " + kind(place) + ", not a folder");
        }
        StagedOutput out = new StagedOutput(place, true, false);
        out.start();
        return out;
    }

    /**
     * A file that will replace {@code target} (or the file a link there names), or a stream written directly; write
     * through {@link #open()}. Its parent folders are created. Fails when the target is a folder.
     */
    public static StagedOutput file(Path target) throws IOException {
        Path place = place(target);
        if (Files.isDirectory(place)) {
            throw new FileSystemException(place.toString(), null, "it is a folder, not a file");
        }
        StagedOutput out = new StagedOutput(place, false, isStream(place));
        if (!out.stream) {
            out.start();
        }
        return out;
    }

    /**
     * Where {@code target} is written: its absolute path with every symbolic link on the way followed, as far as
     * the path exists. A link to nowhere names the file to create.
     */
    public static Path place(Path target) throws IOException {
        Path path = absolute(target);
        for (int links = 0; ; links++) {
            path = underRealParent(path);
            if (path.startsWith(PROC) || !Files.isSymbolicLink(path)) {
                return path;
            }
            if (links == MAX_LINKS) {
                throw new FileSystemException(target.toString(), null, "too many levels of symbolic links");
            }
            path = path.getParent().resolve(Files.readSymbolicLink(path));
        }
    }

    // the parent folder's real path, so that a link read from the file is resolved where the kernel resolves it
    private static Path underRealParent(Path path) throws IOException {
        Path parent = path.getParent();
        if (parent == null || !Files.exists(parent)) {
            return path;
        }
        Path real = parent.toRealPath();
        return path.getFileName() == null ? real : real.resolve(path.getFileName()).normalize();
    }

    /**
     * Whether the output at {@code place} (see {@link #place}) is written directly: it exists and is neither a
     * regular file nor a folder, or it is an open descriptor of this process.
     */
    public static boolean isStream(Path place) {
        return place.startsWith(PROC)
                || (Files.exists(place) && !Files.isRegularFile(place) && !Files.isDirectory(place));
    }

    /** What {@code path} is, links followed, for a message: "a pipe", "a character device", "a file"... */
    public static String kind(Path path) {
        if (Files.isDirectory(path)) {
            return "a folder";
        }
        if (Files.isRegularFile(path)) {
            return "a file";
        }
        try {
            int type = (Integer) Files.getAttribute(path, "unix:mode") & 0170000;
            return switch (type) {
                case 0010000 -> "a pipe";
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0140000 -> "a socket";
                default -> "not a regular file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "not a regular file";
        }
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

    /** Where to write: the staging folder or file, or the stream itself. */
    public Path path() {
        return staging;
    }

    /** The output's final place, links followed. */
    public Path target() {
        return target;
    }

    /** Whether this output is written directly, with no staging and no rename: what is written is final. */
    public boolean stream() {
        return stream;
    }

    /**
     * Opens a file output for writing: the staging file, or the stream, appended to (a descriptor of a regular file,
     * {@code /dev/stdout >> log}, keeps what it holds).
     */
    public OutputStream open() throws IOException {
        if (folder) {
            throw new IllegalStateException(target + ": a folder is written through path()");
        }
        return stream ? Files.newOutputStream(target, StandardOpenOption.WRITE, StandardOpenOption.APPEND)
                : Files.newOutputStream(staging);
    }

    /** Moves the complete output into place; the previous one is gone once this returns. A stream is in place. */
    public void commit() throws IOException {
        if (stream) {
            return;
        }
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
                if (!Files.exists(moved, LinkOption.NOFOLLOW_LINKS)) {
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

    /** Deletes the staging copy unless it was committed; a stream is left as it is. */
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
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
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
