package dev.inboxes.mcp.text;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * An encoder of the JSON data model as TOON (Token-Oriented Object Notation, specification v3.3, without the
 * optional key folding): objects as indented {@code key: value} lines, arrays of primitives inline, arrays of
 * uniform flat objects as one table ({@code key[N]{f1,f2}:} and a row per object), everything else as list
 * items. Written here because no Java implementation is available from the registries this build uses; it
 * encodes any tree, so rows render whatever fields their records have.
 *
 * <p>Numbers are written in canonical decimal form (no exponent, no trailing zeros); strings are quoted only
 * where the specification requires it (empty, padded, literal-like, numeric-like, containing a colon, quote,
 * backslash, bracket, brace, control character or the delimiter in effect, or starting with {@code -} or
 * {@code #}). Lines are indented by two spaces per level and joined by LF, with no trailing newline.
 */
public final class Toon {

    /** The delimiter of inline arrays and table rows; comma unless chosen otherwise. */
    public enum Delimiter {
        COMMA(',', ""), TAB('\t', "\t"), PIPE('|', "|");

        final char character;
        /** How a header declares it inside {@code [N…]}. */
        final String symbol;

        Delimiter(char character, String symbol) {
            this.character = character;
            this.symbol = symbol;
        }
    }

    private static final String INDENT = "  ";
    private static final Pattern UNQUOTED_KEY = Pattern.compile("[A-Za-z_][A-Za-z0-9_.]*");
    private static final Pattern NUMERIC_LIKE = Pattern.compile("[+-]?[0-9]+(?:\\.[0-9]+)?(?:e[+-]?[0-9]+)?",
            Pattern.CASE_INSENSITIVE);

    private final Delimiter delimiter;
    private final StringBuilder out = new StringBuilder();

    private Toon(Delimiter delimiter) {
        this.delimiter = delimiter;
    }

    /** The TOON document of {@code value}, comma-delimited. */
    public static String encode(JsonNode value) {
        return encode(value, Delimiter.COMMA);
    }

    public static String encode(JsonNode value, Delimiter delimiter) {
        Toon toon = new Toon(delimiter);
        toon.root(value);
        return toon.out.toString();
    }

    private void root(JsonNode value) {
        if (value.isObject()) {
            fields(value, 0);
        } else if (value.isArray()) {
            array("", null, value, 0, 1);
        } else {
            line(0, primitive(value));
        }
    }

    private void fields(JsonNode object, int depth) {
        for (Map.Entry<String, JsonNode> field : object.properties()) {
            field("", field.getKey(), field.getValue(), depth, depth + 1);
        }
    }

    /**
     * One field: its first line at {@code depth} after {@code linePrefix} ({@code "- "} for a list item's first
     * field), anything nested under it at {@code childDepth}.
     */
    private void field(String linePrefix, String key, JsonNode value, int depth, int childDepth) {
        String name = key(key);
        if (value.isArray()) {
            array(linePrefix, name, value, depth, childDepth);
        } else if (value.isObject()) {
            line(depth, linePrefix + name + ":");
            fields(value, childDepth);
        } else {
            line(depth, linePrefix + name + ": " + primitive(value));
        }
    }

    /** An array with its header on a line at {@code depth}; {@code name} is null for a root or list-item array. */
    private void array(String linePrefix, String name, JsonNode array, int depth, int childDepth) {
        String key = name == null ? "" : name;
        int size = array.size();
        if (size == 0) {
            // An empty field or root array is "[]"; a list item keeps its header (the "- []" form is not TOON 3).
            line(depth, linePrefix + (name != null ? key + ": []" : linePrefix.isEmpty() ? "[]" : "[0" + delimiter.symbol + "]:"));
            return;
        }
        String header = key + "[" + size + delimiter.symbol + "]";
        if (allPrimitive(array)) {
            line(depth, linePrefix + header + ": " + cells(array));
            return;
        }
        List<String> columns = tableColumns(array);
        if (columns != null) {
            line(depth, linePrefix + header + "{" + String.join(String.valueOf(delimiter.character),
                    columns.stream().map(Toon::key).toList()) + "}:");
            for (JsonNode row : array) {
                line(childDepth, "");
                for (int i = 0; i < columns.size(); i++) {
                    if (i > 0) {
                        out.append(delimiter.character);
                    }
                    out.append(cell(row.get(columns.get(i))));
                }
            }
            return;
        }
        line(depth, linePrefix + header + ":");
        for (JsonNode item : array) {
            listItem(item, childDepth);
        }
    }

    private void listItem(JsonNode item, int depth) {
        if (item.isArray()) {
            array("- ", null, item, depth, depth + 1);
        } else if (item.isObject()) {
            if (item.isEmpty()) {
                line(depth, "-");
                return;
            }
            // The first field rides on the hyphen line; what it opens sits two levels deeper, the other fields one.
            Iterator<Map.Entry<String, JsonNode>> fields = item.properties().iterator();
            Map.Entry<String, JsonNode> first = fields.next();
            field("- ", first.getKey(), first.getValue(), depth, depth + 2);
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                field("", field.getKey(), field.getValue(), depth + 1, depth + 2);
            }
        } else {
            line(depth, "- " + cell(item));
        }
    }

    /**
     * The columns of an array that is a table: every element a non-empty object with the same keys and only
     * primitive values. Columns come in the first object's order; {@code null} when the array is no table.
     */
    private static List<String> tableColumns(JsonNode array) {
        List<String> keys = null;
        for (JsonNode element : array) {
            if (!element.isObject() || element.isEmpty()) {
                return null;
            }
            if (keys == null) {
                keys = new ArrayList<>(element.size());
                for (Map.Entry<String, JsonNode> field : element.properties()) {
                    keys.add(field.getKey());
                }
            } else if (element.size() != keys.size()) {
                return null;
            }
            for (String key : keys) {
                JsonNode value = element.get(key);
                if (value == null || value.isContainerNode()) {
                    return null; // another set of keys (same size, so one of ours is missing), or a nested value
                }
            }
        }
        return keys;
    }

    private static boolean allPrimitive(JsonNode array) {
        for (JsonNode element : array) {
            if (element.isContainerNode()) {
                return false;
            }
        }
        return true;
    }

    private String cells(Iterable<JsonNode> values) {
        StringBuilder cells = new StringBuilder();
        for (JsonNode value : values) {
            if (!cells.isEmpty()) {
                cells.append(delimiter.character);
            }
            cells.append(cell(value));
        }
        return cells.toString();
    }

    /** A value inside an array's scope: quoted when it contains the array's delimiter. */
    private String cell(JsonNode value) {
        return value.isTextual() ? string(value.textValue(), delimiter.character) : primitive(value);
    }

    /** An object field's value: quoted when it contains the document's delimiter. */
    private String primitive(JsonNode value) {
        if (value.isTextual()) {
            return string(value.textValue(), delimiter.character);
        }
        if (value.isBoolean()) {
            return value.booleanValue() ? "true" : "false";
        }
        if (value.isNumber()) {
            return number(value);
        }
        return "null"; // null, and anything else that has no JSON form (missing, binary, POJO)
    }

    /** Canonical decimal: no exponent, no trailing zeros, integers without a fraction, -0 as 0; NaN and ±∞ as null. */
    static String number(JsonNode number) {
        if (number.isIntegralNumber()) {
            return number.bigIntegerValue().toString();
        }
        if (number.isDouble() || number.isFloat()) {
            double value = number.doubleValue();
            if (Double.isNaN(value) || Double.isInfinite(value)) {
                return "null";
            }
            return plain(new BigDecimal(number.isFloat() ? Float.toString(number.floatValue()) : Double.toString(value)));
        }
        return plain(number.decimalValue());
    }

    private static String plain(BigDecimal value) {
        BigDecimal stripped = value.stripTrailingZeros();
        return stripped.signum() == 0 ? "0" : stripped.toPlainString();
    }

    static String key(String key) {
        return UNQUOTED_KEY.matcher(key).matches() ? key : quoted(key);
    }

    static String string(String value, char delimiter) {
        return needsQuotes(value, delimiter) ? quoted(value) : value;
    }

    private static boolean needsQuotes(String value, char delimiter) {
        if (value.isEmpty()) {
            return true;
        }
        char first = value.charAt(0);
        if (isPadding(first) || isPadding(value.charAt(value.length() - 1)) || first == '-' || first == '#'
                || value.equals("true") || value.equals("false") || value.equals("null")
                || (first == '+' || first >= '0' && first <= '9') && NUMERIC_LIKE.matcher(value).matches()) {
            return true;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < 0x20 || c == delimiter || c == ':' || c == '"' || c == '\\' || c == '[' || c == ']' || c == '{'
                    || c == '}') {
                return true;
            }
        }
        return false;
    }

    private static boolean isPadding(char c) {
        return Character.isWhitespace(c) || Character.isSpaceChar(c);
    }

    private static String quoted(String value) {
        StringBuilder quoted = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '\\' -> quoted.append("\\\\");
                case '"' -> quoted.append("\\\"");
                case '\n' -> quoted.append("\\n");
                case '\r' -> quoted.append("\\r");
                case '\t' -> quoted.append("\\t");
                default -> {
                    if (c < 0x20) {
                        quoted.append(String.format("\\u%04x", (int) c));
                    } else {
                        quoted.append(c);
                    }
                }
            }
        }
        return quoted.append('"').toString();
    }

    private void line(int depth, String content) {
        if (!out.isEmpty()) {
            out.append('\n');
        }
        for (int level = 0; level < depth; level++) {
            out.append(INDENT);
        }
        out.append(content);
    }
}
