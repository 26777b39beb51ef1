package dev.userlookup.model;

import dev.userlookup.model.json.Utf8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class Utf8Test {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
        "'7b 7d', -1",
        "'c3 a9', -1",
        "'e6 9d b1', -1",
        "'f0 9f 98 80', -1",
        "'f4 8f bf bf', -1",
        "'c3 28', 0",
        "'c0 af', 0",
        "'e0 80 af', 0",
        "'ed a0 80', 0",
        "'f4 90 80 80', 0",
        "'f5 80 80 80', 0",
        "'ff', 0",
        "'41 e6 9d', 1",
        "'41 42 c3', 2",
        "'80', 0",
    })
    void strictUtf8(String hex, int firstInvalid) {
        String[] parts = hex.split(" ");
        byte[] bytes = new byte[parts.length];
        for (int i = 0; i < parts.length; i++) {
            bytes[i] = (byte) Integer.parseInt(parts[i], 16);
        }
        assertEquals(firstInvalid, Utf8.firstInvalid(bytes));
    }

    @Test
    void agreesWithTheJdkDecoderOnRandomBytes() {
        Random random = new Random(42);
        for (int round = 0; round < 20_000; round++) {
            byte[] bytes = new byte[random.nextInt(12)];
            random.nextBytes(bytes);
            boolean jdkValid;
            try {
                StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
                jdkValid = true;
            } catch (CharacterCodingException e) {
                jdkValid = false;
            }
            assertEquals(jdkValid, Utf8.firstInvalid(bytes) < 0, () -> java.util.HexFormat.of().formatHex(bytes));
        }
    }

    /** Bytes are read eight at a time while they are ASCII: whatever breaks the run, wherever, is found. */
    @Test
    void findsTheFirstInvalidByteAtAnyPlaceAmongAsciiRuns() {
        for (int length = 1; length <= 40; length++) {
            for (int at = 0; at < length; at++) {
                byte[] bytes = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".substring(0, length).getBytes(StandardCharsets.US_ASCII);
                bytes[at] = (byte) 0xff;
                assertEquals(at, Utf8.firstInvalid(bytes), "length " + length);
                if (at + 2 <= length) {
                    bytes[at] = (byte) 0xc3;
                    bytes[at + 1] = (byte) 0xa9;
                    assertEquals(-1, Utf8.firstInvalid(bytes), "é at " + at + " of " + length);
                    bytes[at + 1] = (byte) 'x';
                    assertEquals(at, Utf8.firstInvalid(bytes), "a lead byte without its continuation at " + at);
                }
            }
        }
    }

    @Test
    void agreesWithTheJdkDecoderOnLongerMostlyAsciiBytes() {
        Random random = new Random(7);
        for (int round = 0; round < 20_000; round++) {
            byte[] bytes = new byte[random.nextInt(40)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = random.nextInt(8) == 0 ? (byte) random.nextInt(256) : (byte) ('a' + random.nextInt(26));
            }
            boolean jdkValid;
            try {
                StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
                jdkValid = true;
            } catch (CharacterCodingException e) {
                jdkValid = false;
            }
            assertEquals(jdkValid, Utf8.firstInvalid(bytes) < 0, () -> java.util.HexFormat.of().formatHex(bytes));
        }
    }
}
