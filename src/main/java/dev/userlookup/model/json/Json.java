package dev.userlookup.model.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.JsonNodeFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * Decimals kept as sent (1.50 stays 1.50) so JSON output is lossless, and bounds on what a
 * hostile body may make the parser do.
 */
public final class Json {

    /** Deeper than any real user record, shallow enough that no body can exhaust the stack. */
    public static final int MAX_NESTING = 200;
    /** One string value: far above any real field. */
    public static final int MAX_STRING_LENGTH = 1 << 20;

    /** Apart from the mapper: a walk printing JSON reads and writes tokens and never loads data binding. */
    private static final class FactoryHolder {
        static final JsonFactory FACTORY = JsonFactory.builder()
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(MAX_NESTING)
                        .maxStringLength(MAX_STRING_LENGTH)
                        .build())
                // Emoji and other non-BMP text go out as the UTF-8 the service sent, not \uD83D\uDC69.
                .enable(JsonWriteFeature.COMBINE_UNICODE_SURROGATES_IN_UTF8)
                .build();
    }

    private static final class MapperHolder {
        static final ObjectMapper MAPPER = JsonMapper.builder(factory())
                // A body is one JSON document: text after it means a broken or mixed-up response.
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
                .build();
    }

    private Json() {
    }

    public static JsonFactory factory() {
        return FactoryHolder.FACTORY;
    }

    public static ObjectMapper mapper() {
        return MapperHolder.MAPPER;
    }
}
