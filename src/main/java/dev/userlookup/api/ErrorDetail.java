package dev.userlookup.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The service's own explanation in an error body: {@code {"detail": "text"}}, FastAPI's 422
 * list rendered as {@code limit: ensure this value is ...}, or a word about an HTML page from a
 * proxy. Short, one line.
 */
final class ErrorDetail {

    private static final int MAX_LENGTH = 300;
    private static final Pattern TITLE = Pattern.compile("<title[^>]*>([^<]{1,200})</title>", Pattern.CASE_INSENSITIVE);

    private ErrorDetail() {
    }

    static String from(byte[] body, String contentType) {
        if (body == null || body.length == 0) {
            return null;
        }
        String text = new String(body, 0, Math.min(body.length, 64 * 1024), StandardCharsets.UTF_8).strip();
        if (text.startsWith("{") || text.startsWith("[")) {
            try {
                String detail = fromJson(Json.mapper().readTree(body));
                if (detail != null) {
                    return shorten(detail);
                }
            } catch (Exception notJson) {
                // fall through to the text forms
            }
        }
        boolean html = (contentType != null && contentType.toLowerCase(Locale.ROOT).contains("html"))
                || text.regionMatches(true, 0, "<!doctype", 0, 9) || text.regionMatches(true, 0, "<html", 0, 5);
        if (html) {
            Matcher title = TITLE.matcher(text);
            return title.find() ? "an HTML page: " + shorten(title.group(1).strip()) : "an HTML page";
        }
        int newline = text.indexOf('\n');
        return shorten(newline < 0 ? text : text.substring(0, newline));
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

    private static String shorten(String text) {
        return text.length() <= MAX_LENGTH ? text : text.substring(0, MAX_LENGTH) + "…";
    }
}
