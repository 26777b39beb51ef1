package dev.userlookup.find.index;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;

/**
 * A file written whole or not at all: into a temporary file of its own beside it, 600 from its
 * creation, then renamed over it. A reader sees the old file or the new one, never a part; two
 * runs saving at once each rename a whole file of their own, and the last one stays. A temporary
 * file a killed run left behind is removed by the next write of the same file, once it is old
 * enough that no run can still be writing it.
 */
final class AtomicReplace {

    @FunctionalInterface
    interface Content {
        /** False: the file would not change, so it is left as it is. */
        boolean writeTo(OutputStream out) throws IOException;
    }

    /** Far longer than any save takes: a temporary file this old is no run's any more. */
    static final Duration ABANDONED = Duration.ofMinutes(10);

    private AtomicReplace() {
    }

    /** False when the content said the file would not change: nothing is replaced then. */
    static boolean write(Path target, Content content) throws IOException {
        sweep(target);
        Path temporary = Files.createTempFile(target.getParent(), target.getFileName() + ".", ".tmp", IndexLocation.fileMode());
        try {
            boolean changes;
            try (OutputStream out = new BufferedOutputStream(
                    Files.newOutputStream(temporary, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), 1 << 16)) {
                changes = content.writeTo(out);
            }
            if (changes) {
                Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } else {
                Files.delete(temporary);
            }
            return changes;
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temporary);
            throw e;
        }
    }

    private static void sweep(Path target) {
        Instant abandoned = Instant.now().minus(ABANDONED);
        try (DirectoryStream<Path> left = Files.newDirectoryStream(target.getParent(), target.getFileName() + ".*.tmp")) {
            for (Path temporary : left) {
                if (Files.getLastModifiedTime(temporary, LinkOption.NOFOLLOW_LINKS).toInstant().isBefore(abandoned)) {
                    Files.deleteIfExists(temporary);
                }
            }
        } catch (IOException | RuntimeException e) {
            // nothing to sweep, or not now: the write itself says whether the folder can be written
        }
    }
}
