package dev.userlookup.service;

import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.model.json.Json;
import dev.userlookup.model.redaction.ServiceText;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One line, never any of the key; whoever shows it cuts it short. */
final class ErrorDetail {

    /** How much of a body that is not JSON is read for its first line or title. */
    private static final int TEXT_BYTES = 64 * 1024;
    private static final Pattern TITLE = Pattern.compile("<title[^>]*>([^<]{1,200})</title>", Pattern.CASE_INSENSITIVE);

    private ErrorDetail() {
    }

    /**
     * The detail, the key taken out before anything is cut: out of the bytes before a part of them
     * is read as text, and out of the JSON detail once its escapes are undone.
     */
    static ServiceText from(byte[] body, String contentType, ApiKey key) {
        if (body == null || body.length == 0) {
            return null;
        }
        ServiceText text = ServiceText.decode(body, TEXT_BYTES, key).strip();
        String start = text.toString();
        if (start.startsWith("{") || start.startsWith("[")) {
            try {
                String detail = fromJson(Json.mapper().readTree(body));
                if (detail != null) {
                    return ServiceText.of(detail, key);
                }
            } catch (Exception notJson) {
                // fall through to the text forms
            }
        }
        boolean html = (contentType != null && contentType.toLowerCase(Locale.ROOT).contains("html"))
                || start.regionMatches(true, 0, "<!doctype", 0, 9) || start.regionMatches(true, 0, "<html", 0, 5);
        if (html) {
            Matcher title = TITLE.matcher(start);
            // The title is read from text the key is already out of, and is 200 characters at most.
            return ServiceText.of(title.find() ? "an HTML page: " + title.group(1).strip() : "an HTML page", key);
        }
        return text.firstLine();
    }

    private static String fromJson(JsonNode root) {
        JsonNode detail = root.isObject() ? root.get("detail") : null;
        if (detail == null && root.isObject()) {
            detail = root.has("message") ? root.get("message") : root.get("error");
        }
        if (detail == null || detail.isNull()) {
            return null;
        }
        if (detail.isTextual()) {
            return detail.asText();
        }
        if (detail.isArray()) {
            List<String> problems = new ArrayList<>();
            for (JsonNode item : detail) {
                problems.add(validationProblem(item));
            }
            return String.join("; ", problems);
        }
        return detail.toString();
    }

    /** {@code {"loc": ["query", "limit"], "msg": "..."}} becomes {@code limit: ...}. */
    private static String validationProblem(JsonNode item) {
        if (!item.isObject()) {
            return item.isTextual() ? item.asText() : item.toString();
        }
        List<String> location = new ArrayList<>();
        JsonNode loc = item.get("loc");
        if (loc != null && loc.isArray()) {
            for (JsonNode part : loc) {
                location.add(part.asText());
            }
            if (location.size() > 1 && List.of("query", "path", "body", "header").contains(location.get(0))) {
                location.remove(0);
            }
        }
        JsonNode msg = item.get("msg");
        String message = msg == null ? item.toString() : msg.asText();
        return location.isEmpty() ? message : String.join(".", location) + ": " + message;
    }

}
