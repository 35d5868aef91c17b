package dev.inboxes.sdk;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The SDK's own Jackson configuration, private so an application's ObjectMapper settings can neither break
 * the SDK nor be changed by it. Thread-safe: the mapper is configured once and only used afterwards.
 */
final class Json {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .registerModule(new JavaTimeModule())
            // Forward compatibility: a field added by a newer server must not break an older SDK.
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .configure(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS, false)
            // The server rejects unknown fields but treats absent ones as unset: send only what was set.
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);

    private Json() {
    }

    static String write(Object body) {
        try {
            return MAPPER.writeValueAsString(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("Cannot serialize " + body.getClass().getSimpleName(), e);
        }
    }

    static <T> T read(String json, Class<T> type) throws JsonProcessingException {
        return MAPPER.readValue(json, type);
    }

    static <T> Page<T> readPage(String json, Class<T> itemType) throws JsonProcessingException {
        JavaType pageType = MAPPER.getTypeFactory().constructParametricType(PageJson.class, itemType);
        PageJson<T> page = MAPPER.readValue(json, pageType);
        return page.toPage();
    }

    static JsonNode readTree(String json) throws JsonProcessingException {
        return MAPPER.readTree(json);
    }
}
