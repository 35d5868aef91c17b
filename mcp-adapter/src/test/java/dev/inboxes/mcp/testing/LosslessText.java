package dev.inboxes.mcp.testing;

import dev.inboxes.mcp.respond.AgentText;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.inboxes.mcp.respond.ExternalContent;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks that a tool result's text carries exactly its structured content: the TOON text is decoded and compared
 * value by value. Numbers compare by value ({@code 5} and {@code 5.0} are one number), and an absent object field
 * equals {@code null}, as it does in the rows' schemas (a TOON table writes an absent optional field as null). A time
 * is written to the second in the text ({@code AgentText}): it carries the structured time truncated to the second.
 */
public final class LosslessText {

    private LosslessText() {
    }

    /**
     * @param toon the text block, framed as external content or not (the frame is checked and taken off)
     * @throws AssertionError naming the first difference when the text does not decode to {@code structured}
     */
    public static void assertCarries(String toon, JsonNode structured) {
        JsonNode decoded = withAddresses(withIds(ToonReader.read(unframed(toon))));
        String difference = difference("$", decoded, structured);
        if (difference != null) {
            throw new AssertionError("the text does not carry the structured content: " + difference + "\ntext:\n" + toon);
        }
    }

    /** A page's text that shows ids without their shared prefix ({@code AgentText}), with its ids whole. */
    private static JsonNode withIds(JsonNode decoded) {
        if (!(decoded instanceof ObjectNode page) || !page.path(AgentText.IDS).isTextual()) {
            return decoded;
        }
        String pattern = page.remove(AgentText.IDS).textValue();
        if (!pattern.endsWith("_" + AgentText.ID)) {
            throw new AssertionError("ids: " + pattern + " is not <prefix>_id");
        }
        String prefix = pattern.substring(0, pattern.length() - AgentText.ID.length());
        for (JsonNode row : page.path(AgentText.ROWS)) {
            ((ObjectNode) row).put(AgentText.ID, prefix + row.path(AgentText.ID).textValue());
        }
        return page;
    }

    /** A page's text that shows usernames and the shared domain once ({@code AgentText}), with its addresses whole. */
    private static JsonNode withAddresses(JsonNode decoded) {
        if (!(decoded instanceof ObjectNode page) || !page.path(AgentText.ADDRESSES).isTextual()) {
            return decoded;
        }
        String pattern = page.remove(AgentText.ADDRESSES).textValue();
        if (!pattern.startsWith(AgentText.USERNAME + "@")) {
            throw new AssertionError("addresses: " + pattern + " is not username@<domain>");
        }
        String domain = pattern.substring(AgentText.USERNAME.length());
        for (JsonNode row : page.path(AgentText.ROWS)) {
            ObjectNode whole = (ObjectNode) row;
            List<Map.Entry<String, JsonNode>> fields = new ArrayList<>(whole.properties());
            whole.removeAll();
            for (Map.Entry<String, JsonNode> field : fields) {
                if (field.getKey().equals(AgentText.USERNAME)) {
                    whole.put(AgentText.ADDRESS, field.getValue().textValue() + domain);
                } else {
                    whole.set(field.getKey(), field.getValue());
                }
            }
        }
        return page;
    }

    /** The text inside an external-content frame, or the text itself when it has none. */
    public static String unframed(String text) {
        if (!text.startsWith(ExternalContent.OPEN)) {
            return text;
        }
        int firstLineEnd = text.indexOf('\n');
        int lastLine = text.lastIndexOf('\n');
        if (firstLineEnd < 0 || lastLine <= firstLineEnd || !text.startsWith(ExternalContent.CLOSE, lastLine + 1)) {
            throw new AssertionError("an external-content frame without its closing line:\n" + text);
        }
        return text.substring(firstLineEnd + 1, lastLine);
    }

    public static boolean sameValue(JsonNode one, JsonNode other) {
        return difference("$", one, other) == null;
    }

    private static String difference(String path, JsonNode text, JsonNode structured) {
        boolean textNull = text == null || text.isNull();
        boolean structuredNull = structured == null || structured.isNull();
        if (textNull || structuredNull) {
            return textNull == structuredNull ? null : path + ": " + text + " in the text, " + structured + " structured";
        }
        if (text.isNumber() && structured.isNumber()) {
            return text.decimalValue().compareTo(structured.decimalValue()) == 0 ? null
                    : path + ": " + text + " in the text, " + structured + " structured";
        }
        if (text.isObject() && structured.isObject()) {
            Set<String> keys = new LinkedHashSet<>();
            text.fieldNames().forEachRemaining(keys::add);
            structured.fieldNames().forEachRemaining(keys::add);
            for (String key : keys) {
                String inner = difference(path + "." + key, text.get(key), structured.get(key));
                if (inner != null) {
                    return inner;
                }
            }
            return null;
        }
        if (text.isArray() && structured.isArray()) {
            if (text.size() != structured.size()) {
                return path + ": " + text.size() + " items in the text, " + structured.size() + " structured";
            }
            for (int i = 0; i < text.size(); i++) {
                String inner = difference(path + "[" + i + "]", text.get(i), structured.get(i));
                if (inner != null) {
                    return inner;
                }
            }
            return null;
        }
        if (text.isTextual() && structured.isTextual() && path.endsWith("_at")
                && text.textValue().equals(toSeconds(structured.textValue()))) {
            return null;
        }
        return text.equals(structured) ? null : path + ": " + text + " in the text, " + structured + " structured";
    }

    private static String toSeconds(String time) {
        try {
            return AgentText.TEXT_TIME.format(Instant.parse(time));
        } catch (DateTimeParseException notATime) {
            return time;
        }
    }
}
