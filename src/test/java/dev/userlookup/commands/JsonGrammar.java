package dev.userlookup.commands;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * RFC 8259, byte by byte, without recursion (so 10,000 levels are no problem), with UTF-8
 * checked inside strings. Notes the depth, the longest string, number, exponent and field name,
 * duplicate keys, and what is doubtful rather than wrong (a BOM; overlong, surrogate or
 * out-of-range UTF-8).
 */
final class JsonGrammar {

    private final byte[] b;
    private int i;
    private int maxDepth;
    private long longestString;
    private int longestNumber;
    private int longestExponent;
    private int longestName;
    private String dubious;
    private String duplicateKey;
    private String unheldNumber;

    JsonGrammar(byte[] bytes) {
        this.b = bytes;
    }

    /** After {@link #check}: what is doubtful rather than wrong, or null. */
    String dubious() {
        return dubious;
    }

    /**
     * After {@link #check}: the first number a double cannot hold (README: beyond 1.8e308, or not
     * zero and nearer zero than 4.9e-324), or with an exponent of more than nine digits; or null.
     */
    String unheldNumber() {
        return unheldNumber;
    }

    /** After {@link #check}: the first field name seen twice in one object, or null. */
    String duplicateKey() {
        return duplicateKey;
    }

    /**
     * After {@link #check}: null, or what comes near or goes past the tool's bounds, where a body
     * may end either way. The margins sit below the bounds: nesting 200 and strings of 1 Mi
     * characters ({@code Json}), Jackson's default of 1,000 characters per number and 50,000 per
     * field name, and an exponent that BigDecimal's int scale cannot hold.
     */
    String beyondBounds() {
        if (maxDepth > 150) {
            return "nested " + maxDepth + " deep";
        }
        if (longestString > 500_000) {
            return "a string of " + longestString + " characters";
        }
        if (longestNumber > 900 || longestExponent > 8) {
            return "a number of " + longestNumber + " characters";
        }
        if (longestName > 40_000) {
            return "a field name of " + longestName + " characters";
        }
        return null;
    }

    /** @return null when the bytes are one JSON text, otherwise why not */
    String check() {
        if (b.length >= 3 && (b[0] & 0xff) == 0xef && (b[1] & 0xff) == 0xbb && (b[2] & 0xff) == 0xbf) {
            i = 3;
            dubious = "it starts with a byte order mark";
        }
        byte[] stack = new byte[64];
        List<Set<String>> names = new ArrayList<>();
        int depth = 0;
        ws();
        value:
        while (true) {
            if (i >= b.length) {
                return "it ends where a value should start (byte " + i + ")";
            }
            int c = b[i] & 0xff;
            if (c == '{' || c == '[') {
                i++;
                maxDepth = Math.max(maxDepth, depth + 1);
                ws();
                if (i < b.length && (b[i] & 0xff) == (c == '{' ? '}' : ']')) {
                    i++;
                } else {
                    if (depth == stack.length) {
                        stack = Arrays.copyOf(stack, depth * 2);
                    }
                    stack[depth++] = (byte) c;
                    if (c == '{') {
                        names.add(new HashSet<>());
                        String problem = member(names.get(names.size() - 1));
                        if (problem != null) {
                            return problem;
                        }
                    }
                    continue value;
                }
            } else if (c == '"') {
                String problem = string(false);
                if (problem != null) {
                    return problem;
                }
            } else if (c == '-' || (c >= '0' && c <= '9')) {
                String problem = number();
                if (problem != null) {
                    return problem;
                }
            } else if (c == 't' || c == 'f' || c == 'n') {
                String literal = c == 't' ? "true" : c == 'f' ? "false" : "null";
                for (int k = 0; k < literal.length(); k++) {
                    if (i + k >= b.length || b[i + k] != literal.charAt(k)) {
                        return "a broken literal at byte " + i;
                    }
                }
                i += literal.length();
            } else {
                return String.format("byte 0x%02x where a value should start (byte %d)", c, i);
            }
            // a value is complete: close containers, or go on to the next element
            while (depth > 0) {
                ws();
                if (i >= b.length) {
                    return "it ends inside " + (stack[depth - 1] == '{' ? "an object" : "an array");
                }
                int d = b[i] & 0xff;
                byte top = stack[depth - 1];
                if (d == ',') {
                    i++;
                    ws();
                    if (top == '{') {
                        String problem = member(names.get(names.size() - 1));
                        if (problem != null) {
                            return problem;
                        }
                    }
                    continue value;
                }
                if ((top == '{' && d == '}') || (top == '[' && d == ']')) {
                    i++;
                    depth--;
                    if (top == '{') {
                        names.remove(names.size() - 1);
                    }
                    continue;
                }
                return String.format("byte 0x%02x after a value in %s (byte %d)", d, top == '{' ? "an object" : "an array", i);
            }
            break;
        }
        ws();
        return i == b.length ? null : "content after the document (byte " + i + ")";
    }

    private String member(Set<String> seen) {
        if (i >= b.length || b[i] != '"') {
            return "no field name at byte " + i;
        }
        int start = i;
        String problem = string(true);
        if (problem != null) {
            return problem;
        }
        String name = decoded(start + 1, i - 1);
        if (!seen.add(name) && duplicateKey == null) {
            duplicateKey = name;
        }
        ws();
        if (i >= b.length || b[i] != ':') {
            return "no ':' after a field name at byte " + i;
        }
        i++;
        ws();
        return null;
    }

    private String string(boolean name) {
        i++;
        long chars = 0;
        while (true) {
            if (i >= b.length) {
                return "an unterminated string";
            }
            int c = b[i] & 0xff;
            if (c == '"') {
                i++;
                break;
            }
            if (c == '\\') {
                if (i + 1 >= b.length) {
                    return "an unterminated string";
                }
                int e = b[i + 1] & 0xff;
                if ("\"\\/bfnrt".indexOf(e) >= 0) {
                    i += 2;
                } else if (e == 'u') {
                    for (int k = 2; k < 6; k++) {
                        if (i + k >= b.length || Character.digit(b[i + k], 16) < 0) {
                            return "a broken \\u escape at byte " + i;
                        }
                    }
                    i += 6;
                } else {
                    return String.format("the escape \\%c at byte %d", (char) e, i);
                }
                chars++;
            } else if (c < 0x20) {
                return String.format("a raw control byte 0x%02x in a string (byte %d)", c, i);
            } else if (c < 0x80) {
                i++;
                chars++;
            } else {
                String problem = utf8(c);
                if (problem != null) {
                    return problem;
                }
                chars++;
            }
        }
        if (name) {
            longestName = (int) Math.max(longestName, chars);
        } else {
            longestString = Math.max(longestString, chars);
        }
        return null;
    }

    private String utf8(int c) {
        int need;
        int low = 0x80;
        int high = 0xbf;
        boolean doubtful = false;
        if (c >= 0xc2 && c <= 0xdf) {
            need = 1;
        } else if (c == 0xc0 || c == 0xc1) {
            need = 1;
            doubtful = true;
        } else if (c == 0xe0) {
            need = 2;
            low = 0xa0;
        } else if (c == 0xed) {
            need = 2;
            high = 0x9f;
        } else if (c >= 0xe1 && c <= 0xef) {
            need = 2;
        } else if (c == 0xf0) {
            need = 3;
            low = 0x90;
        } else if (c >= 0xf1 && c <= 0xf3) {
            need = 3;
        } else if (c == 0xf4) {
            need = 3;
            high = 0x8f;
        } else if (c >= 0xf5 && c <= 0xf7) {
            need = 3;
            doubtful = true;
        } else {
            return String.format("byte 0x%02x is not UTF-8 (byte %d)", c, i);
        }
        for (int k = 1; k <= need; k++) {
            if (i + k >= b.length) {
                return "a UTF-8 sequence cut short at byte " + i;
            }
            int next = b[i + k] & 0xff;
            if (next < 0x80 || next > 0xbf) {
                return String.format("a broken UTF-8 sequence at byte %d", i);
            }
            if (k == 1 && (next < low || next > high)) {
                doubtful = true;
            }
        }
        if (doubtful && dubious == null) {
            dubious = String.format("overlong, surrogate or out-of-range UTF-8 at byte %d", i);
        }
        i += need + 1;
        return null;
    }

    private String number() {
        int start = i;
        if (b[i] == '-') {
            i++;
        }
        if (i >= b.length) {
            return "a lone '-' at the end";
        }
        if (b[i] == '0') {
            i++;
        } else if (b[i] >= '1' && b[i] <= '9') {
            while (i < b.length && b[i] >= '0' && b[i] <= '9') {
                i++;
            }
        } else {
            return "a broken number at byte " + start;
        }
        if (i < b.length && b[i] == '.') {
            i++;
            int digits = i;
            while (i < b.length && b[i] >= '0' && b[i] <= '9') {
                i++;
            }
            if (i == digits) {
                return "a number without digits after '.' at byte " + start;
            }
        }
        if (i < b.length && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (i < b.length && (b[i] == '+' || b[i] == '-')) {
                i++;
            }
            int digits = i;
            while (i < b.length && b[i] == '0') {
                i++;
            }
            int significant = i;
            while (i < b.length && b[i] >= '0' && b[i] <= '9') {
                i++;
            }
            if (i == digits) {
                return "a number without an exponent at byte " + start;
            }
            longestExponent = Math.max(longestExponent, i - significant);
        }
        longestNumber = Math.max(longestNumber, i - start);
        if (unheldNumber == null && !held(new String(b, start, i - start, StandardCharsets.ISO_8859_1))) {
            unheldNumber = new String(b, start, Math.min(i - start, 40), StandardCharsets.ISO_8859_1);
        }
        return null;
    }

    private static boolean held(String number) {
        int e = Math.max(number.indexOf('e'), number.indexOf('E'));
        if (e >= 0 && number.substring(e + 1).replaceFirst("^[+-]?0*", "").length() > 9) {
            return false;
        }
        double value = Double.parseDouble(number);
        return !Double.isInfinite(value) && (value != 0 || !(e < 0 ? number : number.substring(0, e)).matches(".*[1-9].*"));
    }

    /** A string's content as text, its escapes undone: names that differ only in how they are escaped are the same name. */
    private String decoded(int from, int to) {
        StringBuilder text = new StringBuilder();
        int run = from;
        for (int k = from; k < to; k++) {
            if (b[k] != '\\') {
                continue;
            }
            text.append(new String(b, run, k - run, StandardCharsets.UTF_8));
            char e = (char) b[k + 1];
            if (e == 'u') {
                text.append((char) Integer.parseInt(new String(b, k + 2, 4, StandardCharsets.US_ASCII), 16));
                k += 5;
            } else {
                text.append(switch (e) {
                    case 'b' -> '\b';
                    case 'f' -> '\f';
                    case 'n' -> '\n';
                    case 'r' -> '\r';
                    case 't' -> '\t';
                    default -> e;
                });
                k += 1;
            }
            run = k + 1;
        }
        return text.append(new String(b, run, to - run, StandardCharsets.UTF_8)).toString();
    }

    private void ws() {
        while (i < b.length && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r')) {
            i++;
        }
    }
}
