package dev.userlookup.commands;

import static java.nio.charset.StandardCharsets.UTF_8;

/** What the mutators splice into a body: JSON values by {@link JsonTreeMutators}, bytes by {@link ByteMutators}. */
final class MutationMaterial {

    /** Valid text that is hard on the outputs: non-ASCII, terminal escapes, line breaks, formulas, bidi, NUL, length. */
    static final String[] SPECIAL_STRINGS = {
        "Zo\u00eb \u6771\u4eac \ud83d\udc69\u200d\u2695\ufe0f", "\u001b]0;pwned\u0007", "c1\u009b31m", "line1\nline2", "\r",
        "\tx", "=1+1", "+1", "-2", "@SUM(A1)", "\u202eevil", "\u00a0", "\ufeff", "\u0000", "a,b\"c;d", "x", " ", "",
        "\u2028", "del\u007f", "caf\u00e9", "\ud83d\ude00\ud83d\ude00", "x".repeat(3000),
    };

    /** JSON text that the test's own serializer would never write. */
    static final String[] RAW_STRINGS = {
        "\"\\ud800\"", "\"\\udc00\"", "\"x\\ud83d\"", "\"\\udc00\\ud800\"", "\"\\ud83d\\udc69\"", "\"\\u0000\"",
        "\"\\u001b[2J\\u0007\"", "\"\\u202e\\u2028\\u0085\"", "\"\\/\\b\\f\\n\\r\\t\"", "\"" + "\u00e9".repeat(1000) + "\"",
        "\"\\ud800\\u001b\"", "\"\\uDBFF\\uDFFF\"", "\"\\uFFFF\\uFFFE\"",
    };

    /** Numbers as JSON text: exponents past any range, negative zero, more digits than long or double hold. */
    static final String[] RAW_NUMBERS = {
        "1e999999", "-1E-999999", "1e9999999999", "1E+2147483648", "0.000000000000000000000000000001", "-0", "-0.0",
        "12345678901234567890", "1" + "0".repeat(4999), "9".repeat(900), "1.5e308", "4.9e-324", "1.50", "1E2", "2147483648",
        "-9223372036854775809", "0." + "0".repeat(5000) + "1",
    };

    /** For {@code created_on} and {@code updated_at}: ISO-8601 and near misses, impossible dates, the ends of time. */
    static final String[] TIMESTAMPS = {
        "2024-03-01T10:00:00Z", "2024-03-01 10:00:00", "2024-03-01T10:00:00", "2024-03-01T10:00:00.123456789012+00:00",
        "2024-03-01T10:00:00,5Z", "2024-13-45T99:99:99Z", "yesterday", "", "2024-03-01", "2024-02-29T23:59:60Z",
        "+999999999-12-31T23:59:59.999999999-18:00", "-999999999-01-01T00:00:00+18:00", "2023-02-29T10:00:00Z",
        "0000-01-01T00:00:00Z", "  2024-03-01T10:00:00Z  ", "2024-03-01T10:00:00+25:00", "2024-03-01T10:00:00.5+05:30",
        "9999-12-31T23:59:59-18:00", "2024-03-01T10:00:00.123456+00:00", "2024-03-01T10:00Z", "2024-03-01T10:00:00+0530",
    };

    /** For the date fields, likewise. */
    static final String[] DATES = {
        "2024-02-29", "2023-02-29", "2024-03-01T10:00:00Z", "2024-03-01 10:00:00", "+999999999-12-31", "-999999999-01-01",
        "2024-3-1", "", "20240301", "9999-12-31", "0000-01-01", "2024-03-01T10:00:00+05:30",
    };

    /** Bytes to splice in: control characters, invalid UTF-8, bad escapes, punctuation, literals, non-ASCII, a BOM. */
    static final byte[][] JUNK = {
        {0x00}, {0x01}, {0x07}, {0x08}, {0x0b}, {0x0c}, {0x1b}, {0x1f}, {0x7f}, {'\n'}, {'\r'}, {'\t'},
        {(byte) 0xc3, 0x28}, {(byte) 0xff}, {(byte) 0xfe}, {(byte) 0x80}, {(byte) 0xc0, (byte) 0x80},
        {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xe2, (byte) 0x82},
        {(byte) 0xf8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0xc2, (byte) 0x9b},
        "\\ud800".getBytes(UTF_8), "\\udc00\\ud800".getBytes(UTF_8), "\\u0000".getBytes(UTF_8), "\\\"".getBytes(UTF_8),
        "\\\\".getBytes(UTF_8), "\\u12".getBytes(UTF_8), "\\x41".getBytes(UTF_8), "{".getBytes(UTF_8), "}".getBytes(UTF_8),
        "[".getBytes(UTF_8), "]".getBytes(UTF_8), ",".getBytes(UTF_8), ":".getBytes(UTF_8), "\"".getBytes(UTF_8),
        "\"\"".getBytes(UTF_8), "null".getBytes(UTF_8), "1e999999".getBytes(UTF_8), "NaN".getBytes(UTF_8),
        "// c\n".getBytes(UTF_8), "'".getBytes(UTF_8), "\u00e9".getBytes(UTF_8), "\u6771".getBytes(UTF_8),
        "\ud83d\udc69".getBytes(UTF_8), {(byte) 0xef, (byte) 0xbb, (byte) 0xbf},
    };

    private MutationMaterial() {
    }
}
