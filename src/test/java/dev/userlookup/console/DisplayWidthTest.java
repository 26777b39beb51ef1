package dev.userlookup.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Widths as a terminal draws them, including the ranges the hand-made table used to miss. */
class DisplayWidthTest {

    @ParameterizedTest(name = "{0} is {1} wide")
    @CsvSource({
        "abc, 3",
        "Zoë, 3",
        "東京, 4",
        "e\u0301, 1",                   // combining acute accent
        "\uD83E\uDE70, 2",              // U+1FA70 ballet shoes
        "\u2614, 2",                    // umbrella with rain drops (U+2600-27BF emoji presentation)
        "\u2705, 2",                    // white heavy check mark
        "\u2600, 1",                    // black sun: text presentation, narrow
        "\uD83C\uDC04, 2",              // U+1F004 mahjong red dragon
        "\uD83C\uDE1A, 2",              // U+1F21A squared CJK
        "\uD83D\uDC68\u200D\uD83D\uDC69, 2", // man ZWJ woman: one glyph
        "\u200B, 0",                    // zero width space
    })
    void widthOf(String text, int width) {
        assertEquals(width, DisplayWidth.of(text));
    }

    @ParameterizedTest(name = "{0} cut to {1}")
    @CsvSource({
        "東京タワー, 5, 東京…",
        "abcdef, 4, abc…",
        "abc, 3, abc",
    })
    void truncate(String text, int columns, String expected) {
        assertEquals(expected, DisplayWidth.truncate(text, columns));
    }
}
