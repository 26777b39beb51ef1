package dev.userlookup.api;

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
}
