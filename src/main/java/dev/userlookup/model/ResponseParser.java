package dev.userlookup.model;

import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.model.redaction.ServiceText;
import dev.userlookup.model.json.AnyValue;
import dev.userlookup.model.json.Json;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.function.BiFunction;

/**
 * One pass of Jackson's streaming parser checks grammar, bounds and shape and notes where each
 * user lies in the body; no tree is built. Of several faults, the first a reader meets is reported.
 */
public final class ResponseParser {

    private ResponseParser() {
    }

    /** What a body is checked as, on the parser's one pass: a user, or a page of them. */
    interface Shape<T> {
        /** From the root object's first field to its end: null when well formed, otherwise what is wrong. */
        String read(JsonParser parser) throws IOException;

        /** What was read, well formed, from the root object at bytes {@code start} to {@code end}. */
        T made(int start, int end);
    }

    public static UserRecord user(String operation, byte[] body, ApiKey key) {
        return read(new Question(operation, key), body, "a user object", UserShape::new);
    }

    public static UserPage page(String operation, byte[] body, ApiKey key) {
        return read(new Question(operation, key), body, "a user list object", PageShape::new);
    }

    /**
     * A failure's words hold none of the key. The parser quotes the body in its messages, cut
     * short by itself (a token up to 256 characters) and by {@link #firstLine}: a key the body
     * holds could show in part. So where the body holds the key, the failure is told again from
     * the body with the key taken out, whose quotes can hold none of it; its cause, quoting too,
     * comes from there as well.
     */
    private static <T> T read(Question question, byte[] body, String expected, BiFunction<Question, byte[], Shape<T>> shapes) {
        try {
            return read(question, body, expected, shapes.apply(question, body));
        } catch (BadResponse failure) {
            if (!ServiceText.contains(body, question.key())) {
                throw failure;
            }
            byte[] keyFree = ServiceText.keyFree(body, question.key());
            read(question, keyFree, expected, shapes.apply(question, keyFree));
            // Only the key itself was wrong there (a quote or backslash in it, inside a string).
            throw new BadResponse(question.operation(), "the body cannot be read as JSON", null);
        }
    }

    private static <T> T read(Question question, byte[] body, String expected, Shape<T> shape) {
        String operation = question.operation();
        try (JsonParser parser = open(operation, body)) {
            JsonToken root = parser.nextToken();
            if (root == null) {
                throw new BadResponse(operation, "the body is empty", null);
            }
            int start = (int) parser.currentTokenLocation().getByteOffset();
            String problem;
            if (root == JsonToken.START_OBJECT) {
                problem = shape.read(parser);
            } else {
                AnyValue.pass(parser, root);
                problem = "expected " + expected + ", got " + kind(root);
            }
            int end = (int) parser.currentLocation().getByteOffset();
            if (parser.nextToken() != null) {
                throw new BadResponse(operation, "there is more after the JSON document", null);
            }
            if (problem != null) {
                throw new BadResponse(operation, problem, null);
            }
            return shape.made(start, end);
        } catch (IOException | NumberFormatException | ArithmeticException e) {
            throw translate(question, e);
        }
    }

    private static JsonParser open(String operation, byte[] body) throws IOException {
        int invalid = firstInvalidUtf8(body);
        if (invalid >= 0) {
            throw new BadResponse(operation, "the body is not valid UTF-8 (at byte " + invalid + ")", null);
        }
        // Jackson takes a NUL among the first four bytes for UTF-16 or UTF-32, whose offsets are not
        // byte offsets; NUL is never JSON text outside a string, nor raw inside one.
        for (int i = 0; i < Math.min(4, body.length); i++) {
            if (body[i] == 0) {
                throw new BadResponse(operation, "the body is not JSON text (a NUL byte at byte " + i + ")", null);
            }
        }
        if (body.length > Json.MAX_STRING_LENGTH) {
            requireStringsWithinBound(body);
        }
        return Json.factory().createParser(body).enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    }

    /**
     * Jackson decodes some invalid sequences leniently (in field names, into lone surrogates), and
     * what it then writes cannot always be read back; the JDK's decoder is strict (RFC 3629).
     */
    static int firstInvalidUtf8(byte[] body) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(body);
        CharBuffer out = CharBuffer.allocate(8192);
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            if (result.isError()) {
                return in.position();
            }
            if (result.isUnderflow()) {
                return -1;
            }
            out.clear();
        }
    }

    /**
     * Jackson checks a string's length when it makes the String, and the shape check passes over
     * most strings unread: so that a body holds the same bounds either way, each string of the
     * document is read once here. Only a body longer than the longest string allowed can hold one
     * too long, and pages are far smaller.
     */
    private static void requireStringsWithinBound(byte[] body) throws IOException {
        try (JsonParser parser = Json.factory().createParser(body)) {
            int depth = 0;
            do {
                JsonToken token = parser.nextToken();
                if (token == null) {
                    return;
                }
                if (token == JsonToken.VALUE_STRING) {
                    parser.getText();
                } else if (token.isStructStart()) {
                    depth++;
                } else if (token.isStructEnd()) {
                    depth--;
                }
            } while (depth > 0);
        }
    }

    /**
     * Jackson's words for a key an object names twice: refused because readers disagree on which
     * counts (Jackson's tree and jq take the last, others the first), so a check and a reader
     * downstream could see two users.
     */
    private static final String DUPLICATE = "Duplicate field '";

    /** The parser's words about the body: they quote it, so they are the service's text (see {@link #read} too). */
    private static BadResponse translate(Question question, Exception e) {
        if (e instanceof com.fasterxml.jackson.core.exc.StreamConstraintsException) {
            return question.failure("it goes beyond what the tool accepts: "
                    + firstLine(question.text(((JsonProcessingException) e).getOriginalMessage()))
                            .replaceAll(",? from `[^`]*`\\)?", ")").replace("))", ")"), e);
        }
        if (e instanceof JsonProcessingException) {
            String message = ((JsonProcessingException) e).getOriginalMessage();
            if (message.startsWith(DUPLICATE) && message.endsWith("'")) {
                message = "an object names \"" + message.substring(DUPLICATE.length(), message.length() - 1) + "\" twice";
            }
            return question.failure(firstLine(question.text(message)), e);
        }
        if (e instanceof IOException) {
            return question.failure(firstLine(question.text(e.getMessage())), e);
        }
        // Jackson lets a few number failures through unchecked (an exponent that overflows).
        return question.failure("a number is out of any usable range", e);
    }

    static String kind(JsonToken token) {
        return switch (token) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "a string";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            default -> "null";
        };
    }

    static final int FIRST_LINE = 200;

    /** Only a {@link ServiceText}, so the key is out before the cut. */
    static String firstLine(ServiceText text) {
        return text == null ? "unreadable" : text.firstLine().cut(FIRST_LINE).toString();
    }
}
