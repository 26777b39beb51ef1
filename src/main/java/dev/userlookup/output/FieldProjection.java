package dev.userlookup.output;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.userlookup.model.UserField;
import dev.userlookup.model.json.JsonBytes;
import java.io.IOException;
import java.util.List;

/**
 * Values copied token by token as sent ({@link JsonCopy}): no tree, no number read as a number.
 * The buffer is reused from one user to the next: not for several threads.
 */
final class FieldProjection {

    private final List<UserField> fields;
    private final CompactForm out = new CompactForm();
    private final JsonBytes[] found;

    FieldProjection(List<UserField> fields) throws IOException {
        this.fields = List.copyOf(fields);
        this.found = new JsonBytes[fields.size()];
    }

    /** Valid until the next call. */
    JsonBytes user(JsonBytes user) throws IOException {
        writeUser(user, out.start());
        return out.written();
    }

    /** Valid until the next call. */
    JsonBytes page(JsonBytes page) throws IOException {
        JsonGenerator generator = out.start();
        try (JsonParser parser = page.parser()) {
            parser.nextToken();
            generator.writeStartObject();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                JsonToken value = parser.nextToken();
                generator.writeFieldName(name);
                if ("users".equals(name) && value == JsonToken.START_ARRAY) {
                    generator.writeStartArray();
                    while (parser.nextToken() != JsonToken.END_ARRAY) {
                        writeUser(valueAt(page, parser), generator);
                    }
                    generator.writeEndArray();
                } else {
                    JsonCopy.write(valueAt(page, parser), generator);
                }
            }
            generator.writeEndObject();
        }
        return out.written();
    }

    private void writeUser(JsonBytes user, JsonGenerator generator) throws IOException {
        java.util.Arrays.fill(found, null);
        try (JsonParser parser = user.parser()) {
            parser.nextToken();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                parser.nextToken();
                JsonBytes value = valueAt(user, parser);
                UserField field = UserField.byKey(name);
                int chosen = field == null ? -1 : fields.indexOf(field);
                if (chosen >= 0) {
                    found[chosen] = value;
                }
            }
        }
        generator.writeStartObject();
        for (int i = 0; i < found.length; i++) {
            if (found[i] != null) {
                generator.writeFieldName(fields.get(i).key());
                JsonCopy.write(found[i], generator);
            }
        }
        generator.writeEndObject();
    }

    private static JsonBytes valueAt(JsonBytes document, JsonParser parser) throws IOException {
        int start = (int) parser.currentTokenLocation().getByteOffset();
        parser.skipChildren();
        // A string is read lazily: finished, the parser stands after its closing quote.
        parser.finishToken();
        int end = (int) parser.currentLocation().getByteOffset();
        return new JsonBytes(document.body(), document.offset() + start, end - start);
    }
}
