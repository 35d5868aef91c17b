package dev.inboxes.api.json;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.MissingNode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.NotSupportedException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
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
     * @param body the body's bytes: strict UTF-8 (RFC 8259), so a stray byte, an overlong form or an encoded surrogate
     *             is refused rather than read as U+FFFD or another character
     * @return {@link MissingNode} for an empty body
     */
    public JsonNode read(byte[] body, String contentType) throws JsonProcessingException {
        if (body == null || isBlank(body)) {
            return MissingNode.getInstance();
        }
        if (!isJson(contentType)) {
            throw new NotSupportedException();
        }
        return reader.readTree(utf8(body));
    }

    private static String utf8(byte[] body) throws JsonParseException {
        ByteBuffer bytes = ByteBuffer.wrap(body);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(bytes).toString();
        } catch (CharacterCodingException e) {
            throw new JsonParseException(null, "Invalid UTF-8 at byte " + (bytes.position() + 1));
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
