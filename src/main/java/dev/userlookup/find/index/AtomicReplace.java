package dev.userlookup.find.index;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * A file written whole or not at all: into a temporary file of its own beside it, 600 from its
 * creation, then renamed over it. A reader sees the old file or the new one, never a part; two
 * runs saving at once each rename a whole file of their own, and the last one stays.
 */
final class AtomicReplace {

    /** What goes into the file. */
    @FunctionalInterface
    interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicReplace() {
    }

    static void write(Path target, Content content) throws IOException {
        Path temporary = Files.createTempFile(target.getParent(), target.getFileName() + ".", ".tmp", IndexLocation.fileMode());
        try {
            try (OutputStream out = new BufferedOutputStream(
                    Files.newOutputStream(temporary, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS), 1 << 16)) {
                content.writeTo(out);
            }
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temporary);
            throw e;
        }
    }
}
