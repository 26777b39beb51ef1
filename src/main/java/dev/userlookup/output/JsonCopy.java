package dev.userlookup.output;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.userlookup.model.json.JsonBytes;
import java.io.IOException;

/**
 * Writes a JSON value as the service sent it through a generator, token by token: names, order,
 * unknown fields and duplicates kept, strings re-escaped by the generator's rules
 * ({@link TerminalSafeEscapes}), numbers written exactly as sent (1.50 stays 1.50, 1e5 stays
 * 1e5), never read as numbers. No tree is built.
 */
final class JsonCopy {

    private JsonCopy() {
    }

    static void write(JsonBytes value, JsonGenerator generator) throws IOException {
        try (JsonParser parser = value.parser()) {
            for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
                switch (token) {
                    case START_OBJECT -> generator.writeStartObject();
                    case END_OBJECT -> generator.writeEndObject();
                    case START_ARRAY -> generator.writeStartArray();
                    case END_ARRAY -> generator.writeEndArray();
                    case FIELD_NAME -> generator.writeFieldName(parser.currentName());
                    case VALUE_STRING -> generator.writeString(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
                    case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT ->
                            generator.writeNumber(parser.getTextCharacters(), parser.getTextOffset(), parser.getTextLength());
                    case VALUE_TRUE -> generator.writeBoolean(true);
                    case VALUE_FALSE -> generator.writeBoolean(false);
                    case VALUE_NULL -> generator.writeNull();
                    default -> throw new IllegalStateException("unexpected token " + token);
                }
            }
        }
    }
}
