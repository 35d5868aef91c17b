package dev.inboxes.api.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.MissingNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.NotSupportedException;
import java.util.Locale;

/**
 * Reads request bodies strictly: exactly one JSON value (trailing content is an error), and a body without
 * a JSON content type is refused. An absent body is allowed, for routes whose fields are all optional.
 */
@ApplicationScoped
public class JsonBodies {

    private final ObjectReader reader;

    @Inject
    public JsonBodies(ObjectMapper mapper) {
        this.reader = mapper.readerFor(JsonNode.class).with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /** @return {@link MissingNode} for an empty body */
    public JsonNode read(String body, String contentType) throws JsonProcessingException {
        if (body == null || body.isBlank()) {
            return MissingNode.getInstance();
        }
        if (!isJson(contentType)) {
            throw new NotSupportedException();
        }
        return reader.readTree(body);
    }

    private static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        return type.equals("application/json") || type.endsWith("+json");
    }
}
