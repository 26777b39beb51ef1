package dev.userlookup.find.index;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;

/**
 * The team is known only from the users, while a run must find its index before any request: this
 * file remembers it per key. Anything else in its place names no team.
 */
final class KeyTeamFile {

    private static final byte[] MAGIC = "userlookup index key 1\n".getBytes(StandardCharsets.US_ASCII);

    private KeyTeamFile() {
    }

    static String read(Path file) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (!attributes.isRegularFile() || attributes.size() > MAGIC.length + IndexFormat.MAX_TEAM_BYTES) {
                return null;
            }
            byte[] bytes = Files.readAllBytes(file);
            if (bytes.length <= MAGIC.length || bytes.length > MAGIC.length + IndexFormat.MAX_TEAM_BYTES
                    || !Arrays.equals(bytes, 0, MAGIC.length, MAGIC, 0, MAGIC.length)) {
                return null;
            }
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes, MAGIC.length, bytes.length - MAGIC.length)).toString();
        } catch (IOException | RuntimeException e) {
            return null; // none, unreadable, or not UTF-8 (CharacterCodingException is an IOException)
        }
    }

    static void write(Path file, String team) throws IOException {
        byte[] bytes = team.getBytes(StandardCharsets.UTF_8);
        AtomicReplace.write(file, out -> {
            out.write(MAGIC);
            out.write(bytes);
        });
    }
}
