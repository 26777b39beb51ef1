package dev.userlookup.model.redaction;



import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The key comes out of the service's bytes the way String.replace takes it out of text, and a cut never leaves part of it. */
class ServiceTextTest {

    @Test
    void bytesLoseTheKeyExactlyAsTextDoesEvenWhereItOverlapsItself() {
        // Keys that begin again inside themselves are where a one-pass search can go wrong.
        for (String raw : new String[] {"abaab", "aaaab", "abab", "aabaa"}) {
            ApiKey key = ApiKey.of(raw, "test");
            Random random = new Random(raw.hashCode());
            for (int run = 0; run < 2000; run++) {
                StringBuilder body = new StringBuilder();
                for (int i = random.nextInt(40); i > 0; i--) {
                    body.append(random.nextBoolean() ? 'a' : 'b');
                }
                String text = body.toString();
                assertEquals(text.replace(raw, "***"), new String(ServiceText.keyFree(text.getBytes(UTF_8), key), UTF_8), text);
                assertEquals(text.contains(raw), ServiceText.contains(text.getBytes(UTF_8), key), text);
            }
        }
    }

    @Test
    void readingPartOfTheBytesNeverLeavesTheStartOfAKeyAtTheEnd() {
        String raw = "u8jzPde0IgxLd6GncfBAepfJBd0Kh8oOOL";
        ApiKey key = ApiKey.of(raw, "test");
        for (int before = 0; before < 80; before++) {
            byte[] body = ("x".repeat(before) + raw + "y").getBytes(UTF_8);
            for (int max = 1; max < 80; max++) {
                String read = ServiceText.decode(body, max, key).toString();
                assertTrue(read.length() <= max, read);
                assertFalse(read.contains(raw.substring(0, Math.min(4, raw.length()))), before + "/" + max + ": " + read);
            }
        }
    }

    @Test
    void aKeyOutsideAsciiIsFoundInItsUtf8Bytes() {
        ApiKey key = ApiKey.of("clé-secrète-0001", "test");

        assertEquals("bad ***!", new String(ServiceText.keyFree("bad clé-secrète-0001!".getBytes(UTF_8), key), UTF_8));
    }

    @Test
    void cuttingKeepsSurrogatePairsWhole() {
        ServiceText text = ServiceText.of("ab\ud83d\ude00cd", null);

        assertEquals("ab…", text.cut(3).toString());
        assertEquals("ab\ud83d\ude00…", text.cut(4).toString());
    }
}
