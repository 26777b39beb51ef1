package dev.userlookup.fake;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** One answer of the fake service, before WireMock sends it. */
record FakeReply(int status, Map<String, String> headers, byte[] body, int delayMillis) {

    private static final ObjectMapper JSON = new ObjectMapper();

    static FakeReply json(int status, JsonNode body) {
        try {
            return of(status, "application/json", JSON.writeValueAsString(body));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** FastAPI's shape for an error with a message: {@code {"detail": "text"}}. */
    static FakeReply detail(int status, String message) {
        return json(status, JsonNodeFactory.instance.objectNode().put("detail", message));
    }

    static FakeReply of(int status, String contentType, String body) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", contentType);
        return new FakeReply(status, headers, body.getBytes(StandardCharsets.UTF_8), 0);
    }

    FakeReply withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new FakeReply(status, more, body, delayMillis);
    }

    FakeReply withBody(byte[] newBody) {
        return new FakeReply(status, headers, newBody, delayMillis);
    }

    FakeReply delayedBy(int millis) {
        return new FakeReply(status, headers, body, delayMillis + millis);
    }

    ResponseDefinition toResponseDefinition() {
        ResponseDefinitionBuilder builder = ResponseDefinitionBuilder.responseDefinition()
                .withStatus(status)
                .withBody(body);
        headers.forEach(builder::withHeader);
        // As FastAPI sends a whole response: with its length, not in chunks.
        builder.withHeader("Content-Length", String.valueOf(body.length));
        if (delayMillis > 0) {
            builder.withFixedDelay(delayMillis);
        }
        return builder.build();
    }
}
