package dev.userlookup.commands;

import static java.nio.charset.StandardCharsets.UTF_8;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.userlookup.fake.Users;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON text the serializer would not write (lone surrogates, huge numbers, duplicate keys, deep
 * nesting) put into a tree as placeholder strings, and swapped in after serialization.
 */
final class RawJson {

    private final Map<String, String> replacements = new LinkedHashMap<>();
    private final Map<String, String> kinds = new LinkedHashMap<>();

    /** A placeholder for {@code rawJson}; {@code kind} is what the mutation reports it as. */
    TextNode value(String rawJson, String kind) {
        String key = "@@RAW" + replacements.size() + "@@";
        replacements.put("\"" + key + "\"", rawJson);
        kinds.put(key, kind);
        return TextNode.valueOf(key);
    }

    TextNode value(String rawJson) {
        return value(rawJson, rawJson.startsWith("\"") ? "string" : "nested");
    }

    /**
     * A placeholder field name to add, set to null, to the object that has {@code name}: it is
     * written as {@code name} once more, with {@code rawValue}, at the end of the object.
     */
    String duplicateKey(String name, String rawValue) {
        String key = "@@KEY" + replacements.size() + "@@";
        replacements.put("\"" + key + "\":null", Users.quote(name) + ":" + rawValue);
        return key;
    }

    boolean isPlaceholder(JsonNode node) {
        return node.isTextual() && kinds.containsKey(node.asText());
    }

    String kind(JsonNode node) {
        return node.isTextual() ? kinds.get(node.asText()) : null;
    }

    /** The JSON text of a value; placeholders inside it are left in (they are replaced with the rest). */
    String text(JsonNode node) {
        try {
            String text = FuzzJson.MAPPER.writeValueAsString(node);
            for (Map.Entry<String, String> e : replacements.entrySet()) {
                if (text.equals(e.getKey())) {
                    return e.getValue();
                }
            }
            return text;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    byte[] serialize(JsonNode tree) throws IOException {
        String text = FuzzJson.MAPPER.writeValueAsString(tree);
        List<Map.Entry<String, String>> entries = new ArrayList<>(replacements.entrySet());
        // Latest first: a later replacement may carry an earlier placeholder inside it.
        for (int i = entries.size() - 1; i >= 0; i--) {
            text = text.replace(entries.get(i).getKey(), entries.get(i).getValue());
        }
        return text.getBytes(UTF_8);
    }
}
