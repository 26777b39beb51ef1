package dev.userlookup.model.redaction;



import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The key comes out of the service's bytes and text in any spelling it could come back in, and a cut never leaves part of it. */
class ServiceTextTest {

    @Test
    void bytesAndTextLoseEveryOccurrenceEvenWhereTheKeyOverlapsItself() {
        // Keys that begin again inside themselves are where a one-pass search can go wrong; an
        // occurrence that overlaps another goes with it, so no part of either is left.
        for (String raw : new String[] {"abaababa", "aaaaaaab", "abababab", "aabaaaba"}) {
            ApiKey key = ApiKey.of(raw, "test");
            Random random = new Random(raw.hashCode());
            for (int run = 0; run < 2000; run++) {
                StringBuilder body = new StringBuilder();
                for (int i = random.nextInt(60); i > 0; i--) {
                    body.append(random.nextBoolean() ? 'a' : 'b');
                }
                String text = body.toString();
                assertEquals(everyOccurrenceOut(text, raw), new String(ServiceText.keyFree(text.getBytes(UTF_8), key), UTF_8), text);
                assertEquals(everyOccurrenceOut(text, raw), key.redact(text), text);
                assertEquals(text.contains(raw), ServiceText.contains(text.getBytes(UTF_8), key), text);
            }
        }
    }

    /** The plain way: every place the key begins, occurrences that overlap joined, each run replaced by ***. */
    private static String everyOccurrenceOut(String text, String key) {
        StringBuilder out = new StringBuilder();
        int copied = 0;
        int runStart = -1;
        int runEnd = -1;
        for (int i = text.indexOf(key); i >= 0; i = text.indexOf(key, i + 1)) {
            if (runStart >= 0 && i < runEnd) {
                runEnd = i + key.length();
                continue;
            }
            if (runStart >= 0) {
                out.append(text, copied, runStart).append("***");
                copied = runEnd;
            }
            runStart = i;
            runEnd = i + key.length();
        }
        if (runStart >= 0) {
            out.append(text, copied, runStart).append("***");
            copied = runEnd;
        }
        return out.append(text.substring(copied)).toString();
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "q7Rk/XwZ+3nBv=Tj9p",
        "q7Rk%2FXwZ%2B3nBv%3DTj9p",
        "q7Rk%2fXwZ%2b3nBv%3dTj9p",
        "q7Rk%2fXwZ+3nBv=Tj9p",
        "%71%37%52%6b%2F%58%77%5a%2B%33%6E%42%76%3D%54%6a%39%70",
        "q7Rk\\/XwZ+3nBv=Tj9p",
        "q7Rk\\u002fXwZ\\u002B3nBv\\u003dTj9p",
        "\\u0071\\u0037Rk/XwZ+3nBv=Tj9\\u0070",
    })
    void everySpellingTheServiceCouldSendBackIsTakenOut(String spelled) {
        ApiKey key = ApiKey.of("q7Rk/XwZ+3nBv=Tj9p", "test");
        String text = "{\"detail\": \"bad key " + spelled + ", try again\"}";

        assertEquals("{\"detail\": \"bad key ***, try again\"}", key.redact(text));
        assertEquals("{\"detail\": \"bad key ***, try again\"}", new String(ServiceText.keyFree(text.getBytes(UTF_8), key), UTF_8));
        assertTrue(ServiceText.contains(text.getBytes(UTF_8), key), spelled);
    }

    @Test
    void aSpaceAsFormsWriteItAndAKeyOutsideAsciiEscaped() {
        ApiKey spaced = ApiKey.of("open sesame 42", "test");
        ApiKey accented = ApiKey.of("clé-secrète-0001", "test");

        assertEquals("k=***&x=1", spaced.redact("k=open+sesame+42&x=1"));
        assertEquals("k=***&x=1", spaced.redact("k=open%20sesame%2042&x=1"));
        assertEquals("k=***", accented.redact("k=cl%C3%A9-secr%c3%a8te-0001"));
        assertEquals("\"***\"", accented.redact("\"cl\\u00e9-secr\\u00E8te-0001\""));
    }

    @Test
    void textThatOnlyLooksEscapedIsLeftAsItWas() {
        ApiKey key = ApiKey.of("q7Rk/XwZ+3nBv=Tj9p", "test");
        String lone = "a \ud800 and % and \\u00zz and \\q and 100%";

        assertEquals(lone, key.redact(lone));
        assertEquals("\ud800 ***", key.redact("\ud800 q7Rk/XwZ+3nBv=Tj9p"), "a lone surrogate stays what it was");
        assertFalse(ServiceText.contains("q7Rk/XwZ+3nBv=Tj9".getBytes(UTF_8), key));
    }

    /** Each spelling, cut at every point around it: no part of the key is left where it was cut. */
    @ParameterizedTest
    @ValueSource(strings = {"q7Rk/XwZ+3nBv=Tj9p", "q7Rk%2FXwZ%2B3nBv%3DTj9p", "q7Rk%2fXwZ+3nBv=Tj9p", "q7Rk\\u002fXwZ+3nBv=Tj9p"})
    void readingPartOfTheBytesNeverLeavesTheStartOfASpellingAtTheEnd(String spelled) {
        ApiKey key = ApiKey.of("q7Rk/XwZ+3nBv=Tj9p", "test");
        for (int before = 0; before < 40; before++) {
            byte[] body = ("x".repeat(before) + spelled + "y").getBytes(UTF_8);
            for (int max = 1; max < body.length + 2; max++) {
                String read = ServiceText.decode(body, max, key).toString();
                assertTrue(read.length() <= max, read);
                assertFalse(read.contains("q7R") || read.contains("7Rk"), before + "/" + max + ": " + read);
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
