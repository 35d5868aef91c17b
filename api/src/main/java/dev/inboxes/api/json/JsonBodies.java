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
 * Reads request bodies strictly: exactly one JSON value (trailing content is an error), in well-formed UTF-8 (a
 * malformed byte is an error, never silently replaced), and a body without a JSON content type is refused. An
 * absent body is allowed, for routes whose fields are all optional.
 */
@ApplicationScoped
public class JsonBodies {

    private final ObjectReader reader;

    @Inject
    public JsonBodies(ObjectMapper mapper) {
        this.reader = mapper.readerFor(JsonNode.class).with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    }

    /**
     * @param body the body's bytes, parsed as UTF-8 by the JSON parser itself, which refuses malformed sequences
     * @return {@link MissingNode} for an empty body
     */
    public JsonNode read(byte[] body, String contentType) throws JsonProcessingException {
        if (body == null || isBlank(body)) {
            return MissingNode.getInstance();
        }
        if (!isJson(contentType)) {
            throw new NotSupportedException();
        }
        try {
            return reader.readTree(body);
        } catch (JsonProcessingException e) {
            throw e;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e); // an in-memory array: no other I/O can fail
        }
    }

    private static boolean isBlank(byte[] body) {
        for (byte b : body) {
            if (b != ' ' && b != '\t' && b != '\r' && b != '\n') {
                return false;
            }
        }
        return true;
    }

    private static boolean isJson(String contentType) {
        if (contentType == null) {
            return false;
        }
        String type = contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        return type.equals("application/json") || type.endsWith("+json");
    }
}
