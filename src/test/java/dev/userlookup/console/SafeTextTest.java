package dev.userlookup.console;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Text from the service is shown with every character that acts on the terminal or hides itself escaped. */
class SafeTextTest {

    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', value = {
        "a\u001b[2Jb         | a\\x1b[2Jb          | an ESC sequence",
        "a\u0085b            | a\\x85b             | a C1 control",
        "a\u202eb            | a\\u202eb           | a bidi override",
        "a\u200bb            | a\\u200bb           | zero-width space",
        "a\u200cb\u200db     | a\\u200cb\\u200db    | zero-width non-joiner and joiner",
        "a\u200eb\u200fb     | a\\u200eb\\u200fb    | left-to-right and right-to-left marks",
        "a\u2060b\u2064b     | a\\u2060b\\u2064b    | word joiner and invisible plus",
        "\ufeffcustomer-1    | \\ufeffcustomer-1   | a byte order mark",
        "soft\u00adhyphen    | soft\\xadhyphen     | a soft hyphen",
        "a\u2066b\u2069      | a\\u2066b\\u2069     | bidi isolates",
        "a\udb40\udc01b      | a\\udb40\\udc01b     | a tag character beyond the BMP",
        "Zoë 😀 ÅÄ 中文      | Zoë 😀 ÅÄ 中文      | visible text as it is",
        "Zoë 👩\u200d⚕️ x     | Zoë 👩\u200d⚕️ x     | a joiner inside an emoji, which it holds together",
        "👨🏽\u200d💻 👨\u200d👩\u200d👧 | 👨🏽\u200d💻 👨\u200d👩\u200d👧 | joiners after a skin tone and between several emoji",
        "👩\u200da          | 👩\\u200da         | a joiner between a symbol and a letter",
        "a\u200d👩          | a\\u200d👩         | a joiner between a letter and a symbol",
        "👩\u200d           | 👩\\u200d          | a joiner at the end",
        "a\ud800b           | a\\ud800b          | a lone high surrogate",
        "a\udc00b           | a\\udc00b          | a lone low surrogate",
        "\ud800😀           | \\ud800😀          | a lone high surrogate before a pair",
        "😀\udc00           | 😀\\udc00          | a lone low surrogate after a pair",
        "\udb40\udc01\udc01 | \\udb40\\udc01\\udc01 | a lone low surrogate after a tag character",
    })
    void invisibleAndControlCharactersAreShownEscaped(String text, String shown, String what) {
        assertEquals(shown, SafeText.escape(text), what);
    }
}
