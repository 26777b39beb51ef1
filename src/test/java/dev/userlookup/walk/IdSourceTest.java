package dev.userlookup.walk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Ids from standard input: one a line, blanks around an id and blank lines skipped, otherwise exactly as written. */
class IdSourceTest {

    private static List<String> ids(String text) {
        return ids(text.getBytes(StandardCharsets.UTF_8));
    }

    private static List<String> ids(byte[] bytes) {
        List<String> ids = new ArrayList<>();
        new IdSource(new ByteArrayInputStream(bytes)).forEachRemaining(ids::add);
        return ids;
    }

    @Test
    void oneIdALine() {
        assertEquals(List.of("a", "b", "c"), ids("a\nb\nc\n"));
    }

    @Test
    void blankAndWhitespaceOnlyLinesAreSkipped() {
        assertEquals(List.of("a", "b", "c"), ids("\n\na\n\n   \n\t\nb\n \t \n\nc\n\n"));
    }

    @Test
    void crlfLineEndsAreAccepted() {
        assertEquals(List.of("a", "b", "c d"), ids("a\r\nb\r\n\r\n  \r\nc d\r\n"));
    }

    @Test
    void blanksAroundAnIdAreDroppedAndSpacesInsideKept() {
        assertEquals(List.of("customer-000044", "inner space", "tabbed", "a  b"),
                ids("  customer-000044  \n inner space\n\ttabbed\t\r\n a  b \n"));
    }

    @Test
    void invisibleBlanksPastedFromATicketOrASpreadsheetAreDroppedToo() {
        assertEquals(List.of("customer-000044", "customer-000045", "customer-000046", "zero\u200bwidth inside"),
                ids("\u00a0customer-000044\u00a0\n\u200bcustomer-000045\u200b\n\u202fcustomer-000046\u3000\n"
                        + "\u00a0\u200b\n zero\u200bwidth inside \n"));
    }

    @Test
    void theLastLineNeedsNoLineEnd() {
        assertEquals(List.of("a", "b"), ids("a\nb"));
        assertEquals(List.of("only"), ids("only"));
    }

    @Test
    void nonAsciiIsReadAsUtf8() {
        assertEquals(List.of("Zoë 東京", "😀", "Ωmega"), ids("Zoë 東京\n😀\r\nΩmega"));
    }

    @Test
    void emptyInputHasNoIds() {
        IdSource source = new IdSource(new ByteArrayInputStream(new byte[0]));
        assertFalse(source.hasNext());
        assertThrows(NoSuchElementException.class, source::next);
    }

    @Test
    void onlyBlankLinesHaveNoIds() {
        assertEquals(List.of(), ids("\n\r\n   \n\t\n"));
    }

    @Test
    void hasNextDoesNotConsumeAnId() {
        IdSource source = new IdSource(new ByteArrayInputStream("a\nb\n".getBytes(StandardCharsets.UTF_8)));
        assertTrue(source.hasNext());
        assertTrue(source.hasNext());
        assertEquals("a", source.next());
        assertEquals("b", source.next());
        assertFalse(source.hasNext());
        assertFalse(source.hasNext());
        assertThrows(NoSuchElementException.class, source::next);
    }

    @Test
    void nextWithoutHasNextWorks() {
        IdSource source = new IdSource(new ByteArrayInputStream("\n\nx\ny".getBytes(StandardCharsets.UTF_8)));
        assertEquals("x", source.next());
        assertEquals("y", source.next());
        assertThrows(NoSuchElementException.class, source::next);
    }

    @Test
    void readsOnlyAsFarAsTheIdsTaken() throws IOException {
        // 4 MB of ids; taking two must not read them all (100,000 ids take the memory of a few).
        StringBuilder text = new StringBuilder();
        for (int i = 0; text.length() < 4 << 20; i++) {
            text.append(String.format("customer-%08d\n", i));
        }
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        long[] read = new long[1];
        InputStream counting = new FilterInputStream(new ByteArrayInputStream(bytes)) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    read[0]++;
                }
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = super.read(buffer, offset, length);
                if (n > 0) {
                    read[0] += n;
                }
                return n;
            }
        };

        IdSource source = new IdSource(counting);
        assertEquals("customer-00000000", source.next());
        assertEquals("customer-00000001", source.next());

        assertTrue(read[0] < 512 * 1024, "read " + read[0] + " of " + bytes.length + " bytes for two ids");
    }

    @Test
    void aWaitForTheNextIdEndsWhenTheThreadIsInterrupted() throws Exception {
        // Standard input whose writer stays, read as a terminal or a pipe is: deaf to interrupts.
        java.util.concurrent.CountDownLatch released = new java.util.concurrent.CountDownLatch(1);
        InputStream deaf = new InputStream() {
            @Override
            public int read() {
                while (true) {
                    try {
                        released.await();
                        return -1;
                    } catch (InterruptedException stillWaiting) {
                        // as a read from a file descriptor: an interrupt does not end it
                    }
                }
            }
        };
        IdSource ids = new IdSource(new java.io.SequenceInputStream(
                new ByteArrayInputStream("first\n".getBytes(StandardCharsets.UTF_8)), deaf));
        assertEquals("first", ids.next());
        java.util.concurrent.CompletableFuture<Throwable> waited = new java.util.concurrent.CompletableFuture<>();
        Thread consumer = new Thread(() -> {
            try {
                ids.hasNext();
                waited.complete(null);
            } catch (RuntimeException e) {
                waited.complete(e);
            }
        });
        consumer.start();
        consumer.interrupt();

        try {
            // The bound only turns a hang into a failure; an interrupted wait ends at once.
            Throwable ended = waited.get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertTrue(ended instanceof java.util.concurrent.CancellationException, String.valueOf(ended));
        } finally {
            released.countDown();
        }
    }

    @Test
    void aByteOrderMarkAtTheStartIsNotPartOfTheFirstId() {
        IdSource ids = new IdSource(new java.io.ByteArrayInputStream("\uFEFFfirst\nsecond\uFEFF\nthi\uFEFFrd\n".getBytes(java.nio.charset.StandardCharsets.UTF_8)));

        org.junit.jupiter.api.Assertions.assertEquals("first", ids.next());
        org.junit.jupiter.api.Assertions.assertEquals("second", ids.next(), "an invisible mark at a line's end is no part of an id");
        org.junit.jupiter.api.Assertions.assertEquals("thi\uFEFFrd", ids.next(), "inside an id it is kept");
    }

    // ---------------------------------------------------------------- a bound on a line

    @Test
    void anIdOfTheLongestTakenPassesBlanksAroundItNotCounted() {
        String longest = "\u00e9".repeat(IdSource.LONGEST_ID_BYTES / 2);

        assertEquals(List.of(longest, "b"), ids("  " + longest + "\u00a0".repeat(3000) + "\t\nb\n"));
        assertEquals(List.of("x" + " ".repeat(IdSource.LONGEST_ID_BYTES - 2) + "y"),
                ids("x" + " ".repeat(IdSource.LONGEST_ID_BYTES - 2) + "y\n"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"a", "\u00e9", "\u6771", "\ud83d\ude00"})
    void aByteMoreIsRefusedNamingItsLine(String character) {
        int size = character.getBytes(StandardCharsets.UTF_8).length;
        String longest = "x".repeat(IdSource.LONGEST_ID_BYTES - size) + character;

        assertEquals(List.of(longest), ids(longest));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> ids("first\n\n" + "x" + longest + "\nlast\n"));
        assertEquals("line 3 of standard input is longer than the longest id taken, 1024 bytes of UTF-8: \"" + "x".repeat(40) + "...\"",
                refused.getMessage());
    }

    @Test
    void blanksInsideCountSoBlanksPastTheBoundThenMoreAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> ids("a" + " ".repeat(5000) + "b\n"));
        assertEquals(List.of("a"), ids("a" + " ".repeat(5000) + "\n"));
    }

    @Test
    void aLineOfHundredsOfMegabytesIsRefusedAfterReadingLittleOfIt() {
        long[] read = new long[1];
        // 300 MB of one line, as a generator writes it: never held, not even read whole.
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                return read(new byte[1], 0, 1) < 0 ? -1 : 'a';
            }

            @Override
            public int read(byte[] buffer, int offset, int length) {
                if (read[0] >= 300_000_000L) {
                    return -1;
                }
                java.util.Arrays.fill(buffer, offset, offset + length, (byte) 'a');
                read[0] += length;
                return length;
            }
        };
        IdSource source = new IdSource(new java.io.SequenceInputStream(
                new ByteArrayInputStream("customer-1\r\n".getBytes(StandardCharsets.UTF_8)), endless));

        assertEquals("customer-1", source.next());
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, source::hasNext);
        assertTrue(refused.getMessage().startsWith("line 2 of standard input is longer than the longest id taken"), refused.getMessage());
        assertTrue(read[0] < 64 * 1024, "read " + read[0] + " bytes of the line");
    }

    @Test
    void notUtf8NamesItsLine() {
        byte[] bytes = {'a', '\n', 'b', '\n', (byte) 0xff, '\n'};
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> ids(bytes));

        assertEquals("line 3 of standard input is not UTF-8 text", refused.getMessage());
    }
}
