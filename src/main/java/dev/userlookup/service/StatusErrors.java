package dev.userlookup.service;

import dev.userlookup.model.json.Json;
import dev.userlookup.model.redaction.ApiKey;
import dev.userlookup.model.redaction.ServiceText;
import dev.userlookup.network.ClientSettings;
import dev.userlookup.network.Response;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

/**
 * The failure an answer's status means, in words, with the service's own detail in one line: the
 * key taken out of the service's text before it is cut short.
 */
final class StatusErrors {

    /** A message is one line. */
    static final int MAX_DETAIL = 300;
    /** How much of a body that is not JSON is read for its first line or title. */
    private static final int TEXT_BYTES = 64 * 1024;
    private static final Pattern TITLE = Pattern.compile("<title[^>]*>([^<]{1,200})</title>", Pattern.CASE_INSENSITIVE);

    private StatusErrors() {
    }

    /** A 404 from resolve means "no such user"; from list, a wrong base URL. */
    static ServiceException of(String operation, Response response, boolean notFoundMeansNoUser, String retryNote,
            ClientSettings settings) {
        int status = response.status();
        ServiceException.Answered answered = ServiceException.Answered.of(status, response.date());
        String detail = detail(response, settings.apiKey());
        if (status == 401 || status == 403) {
            String keyNamed = settings.keyOrigin() == null ? "the key" : "the key from " + settings.keyOrigin();
            return new ServiceException.AuthRefused(operation, answered, detail, "check " + keyNamed);
        }
        if (status == 407) {
            return settings.proxy() == null
                    ? new ServiceException.Unavailable(operation, answered, "a proxy refused the request (HTTP 407)", detail, null)
                    : new ServiceException.Unavailable(operation, answered, settings.proxy().refusedCredentials(), null,
                            null);
        }
        if (status == 404 && notFoundMeansNoUser) {
            return new ServiceException.NotFound(operation, answered, detail, null);
        }
        if (status == 404) {
            return new ServiceException.Unavailable(operation, answered, "no such endpoint (HTTP 404)", detail,
                    "check the base URL " + settings.baseUrl());
        }
        if (status == 400 || status == 422) {
            return new ServiceException.InvalidRequest(operation, answered, detail);
        }
        if (status == 429) {
            return new ServiceException.Unavailable(operation, answered, "the service is busy (HTTP 429)", detail,
                    retryNote);
        }
        if (status >= 500) {
            return new ServiceException.Unavailable(operation, answered, "the service failed (HTTP " + status + ")", detail,
                    retryNote);
        }
        return new ServiceException.Unavailable(operation, answered, "unexpected response (HTTP " + status + ")", detail, null);
    }

    static String retryNote(int retries) {
        return retries == 0 ? null : "gave up after " + retries + (retries == 1 ? " retry" : " retries");
    }

    /**
     * The detail, the key taken out before anything is cut: out of the bytes before a part of them
     * is read as text, and out of the JSON detail once its escapes are undone.
     */
    static String detail(Response response, ApiKey key) {
        ServiceText detail = detail(response.body(), response.contentType(), key);
        return detail == null ? null : detail.cut(MAX_DETAIL).toString();
    }

    private static ServiceText detail(byte[] body, String contentType, ApiKey key) {
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
            return StreamSupport.stream(detail.spliterator(), false).map(StatusErrors::validationProblem).collect(Collectors.joining("; "));
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
