package dev.inboxes.mcp.testing;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Checks that a tool result's text carries exactly its structured content: the TOON text is decoded and compared
 * value by value. Numbers compare by value ({@code 5} and {@code 5.0} are one number), and an absent object field
 * equals {@code null}, as it does in the rows' schemas (a TOON table writes an absent optional field as null).
 */
public final class LosslessText {

    private LosslessText() {
    }

    /** @throws AssertionError naming the first difference when the text does not decode to {@code structured} */
    public static void assertCarries(String toon, JsonNode structured) {
        JsonNode decoded = ToonReader.read(toon);
        String difference = difference("$", decoded, structured);
        if (difference != null) {
            throw new AssertionError("the text does not carry the structured content: " + difference + "\ntext:\n" + toon);
        }
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
        return text.equals(structured) ? null : path + ": " + text + " in the text, " + structured + " structured";
    }
}
