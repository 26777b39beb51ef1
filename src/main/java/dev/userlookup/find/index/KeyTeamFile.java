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
 * The small file that names a key's team: a line of its own, then the team_id as UTF-8. Read
 * before any request, so that a run finds its team's index; written at save when it names
 * another team, or none. Anything else in its place names no team.
 */
final class KeyTeamFile {

    private static final byte[] MAGIC = "userlookup index key 1\n".getBytes(StandardCharsets.US_ASCII);

    private KeyTeamFile() {
    }

    /** The team_id the file names; null when there is no such file or it is not one. */
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
