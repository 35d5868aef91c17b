package dev.inboxes.mcp.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict TOON decoder (specification v3.3) for the tests: it reads back what an agent reads, so a test can
 * prove the text of a tool result carries exactly its structured content. It rejects what the writer must never
 * produce: wrong array lengths and row widths, indentation that is not a multiple of two spaces, unknown
 * escapes, unterminated strings.
 */
public final class ToonReader {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Pattern NUMBER = Pattern.compile("-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?");
    private static final Pattern HEADER = Pattern.compile("\\[(0|[1-9][0-9]*)([\\t|]?)]");

    private final List<Line> lines = new ArrayList<>();
    private int next;

    private record Line(int depth, String content, int number) {
    }

    private ToonReader(String text) {
        String[] raw = text.isEmpty() ? new String[0] : text.split("\n", -1);
        for (int i = 0; i < raw.length; i++) {
            String line = raw[i];
            if (line.isBlank()) {
                throw error(i + 1, "blank line (an encoder writes none)");
            }
            int spaces = 0;
            while (spaces < line.length() && line.charAt(spaces) == ' ') {
                spaces++;
            }
            if (spaces % 2 != 0 || (spaces < line.length() && line.charAt(spaces) == '\t')) {
                throw error(i + 1, "indentation must be a multiple of two spaces");
            }
            if (line.endsWith(" ")) {
                throw error(i + 1, "trailing space");
            }
            lines.add(new Line(spaces / 2, line.substring(spaces), i + 1));
        }
    }

    /** The JSON value of a TOON document. */
    public static JsonNode read(String text) {
        ToonReader reader = new ToonReader(text);
        JsonNode value = reader.root();
        if (reader.next < reader.lines.size()) {
            throw error(reader.lines.get(reader.next).number(), "content after the root value");
        }
        return value;
    }

    private JsonNode root() {
        if (lines.isEmpty()) {
            return NODES.objectNode();
        }
        Line first = lines.get(0);
        if (first.depth() != 0) {
            throw error(first.number(), "the root starts at depth 0");
        }
        if (first.content().equals("[]")) {
            next++;
            return NODES.arrayNode();
        }
        if (first.content().startsWith("[")) {
            next++;
            return arrayAfterKey(first.content(), 0, first, 1);
        }
        if (lines.size() == 1 && colon(first.content(), 0) < 0) {
            next++;
            return primitive(first.content().trim(), first);
        }
        return object(0);
    }

    private ObjectNode object(int depth) {
        ObjectNode object = NODES.objectNode();
        while (next < lines.size() && lines.get(next).depth() >= depth) {
            Line line = lines.get(next);
            if (line.depth() > depth) {
                throw error(line.number(), "unexpected indentation");
            }
            next++;
            field(object, line.content(), line, depth + 1);
        }
        return object;
    }

    /** Parses {@code content} (a field without indentation) into {@code object}; nested lines sit at {@code childDepth}. */
    private void field(ObjectNode object, String content, Line line, int childDepth) {
        int keyEnd;
        String key;
        if (content.startsWith("\"")) {
            keyEnd = closingQuote(content, 0, line) + 1;
            key = unescape(content.substring(1, keyEnd - 1), line);
        } else {
            keyEnd = 0;
            while (keyEnd < content.length() && content.charAt(keyEnd) != ':' && content.charAt(keyEnd) != '[') {
                keyEnd++;
            }
            key = content.substring(0, keyEnd).trim();
        }
        if (object.has(key)) {
            throw error(line.number(), "duplicate key " + key);
        }
        String rest = content.substring(keyEnd);
        if (rest.startsWith("[")) {
            object.set(key, arrayAfterKey(rest, childDepth - 1, line, childDepth));
        } else if (rest.startsWith(":")) {
            String value = rest.substring(1).trim();
            if (value.isEmpty()) {
                object.set(key, object(childDepth));
            } else if (value.equals("[]")) {
                object.set(key, NODES.arrayNode());
            } else {
                object.set(key, primitive(value, line));
            }
        } else {
            throw error(line.number(), "a key must be followed by a colon");
        }
    }

    /** An array from its header ({@code [N]…:} and what follows on the line); items sit at {@code childDepth}. */
    private ArrayNode arrayAfterKey(String header, int depth, Line line, int childDepth) {
        Matcher bracket = HEADER.matcher(header);
        if (!bracket.lookingAt()) {
            throw error(line.number(), "malformed array header " + header);
        }
        int size = Integer.parseInt(bracket.group(1));
        char delimiter = bracket.group(2).isEmpty() ? ',' : bracket.group(2).charAt(0);
        String rest = header.substring(bracket.end());
        List<String> fields = null;
        if (rest.startsWith("{")) {
            int close = rest.indexOf("}:");
            if (close < 0) {
                throw error(line.number(), "unterminated field list");
            }
            fields = new ArrayList<>();
            for (String field : split(rest.substring(1, close), delimiter, line)) {
                fields.add(field.startsWith("\"") ? unescape(field.substring(1, field.length() - 1), line) : field);
            }
            rest = rest.substring(close + 1);
        }
        if (!rest.startsWith(":")) {
            throw error(line.number(), "an array header ends with a colon");
        }
        String inline = rest.substring(1).trim();
        ArrayNode array = NODES.arrayNode();
        if (fields != null) {
            if (!inline.isEmpty()) {
                throw error(line.number(), "a table header carries no values");
            }
            for (int row = 0; row < size; row++) {
                Line rowLine = expect(childDepth, line);
                List<String> cells = split(rowLine.content(), delimiter, rowLine);
                if (cells.size() != fields.size()) {
                    throw error(rowLine.number(), "row has " + cells.size() + " cells for " + fields.size() + " fields");
                }
                ObjectNode object = array.addObject();
                for (int i = 0; i < cells.size(); i++) {
                    object.set(fields.get(i), primitive(cells.get(i), rowLine));
                }
            }
        } else if (!inline.isEmpty()) {
            for (String cell : split(inline, delimiter, line)) {
                array.add(primitive(cell, line));
            }
        } else {
            for (int item = 0; item < size; item++) {
                array.add(listItem(expect(childDepth, line), delimiter));
            }
        }
        if (array.size() != size) {
            throw error(line.number(), "array declares " + size + " items, has " + array.size());
        }
        if (next < lines.size() && lines.get(next).depth() >= childDepth && fields != null) {
            throw error(lines.get(next).number(), "more rows than the table declares");
        }
        return array;
    }

    private JsonNode listItem(Line line, char delimiter) {
        String content = line.content();
        if (content.equals("-")) {
            return NODES.objectNode();
        }
        if (!content.startsWith("- ")) {
            throw error(line.number(), "a list item starts with '- '");
        }
        String item = content.substring(2);
        if (item.startsWith("[")) {
            return arrayAfterKey(item, line.depth(), line, line.depth() + 1);
        }
        if (colon(item, 0) < 0) {
            return primitive(item, line);
        }
        ObjectNode object = NODES.objectNode();
        field(object, item, line, line.depth() + 2);
        while (next < lines.size() && lines.get(next).depth() == line.depth() + 1) {
            Line sibling = lines.get(next++);
            field(object, sibling.content(), sibling, line.depth() + 2);
        }
        return object;
    }

    private Line expect(int depth, Line parent) {
        if (next >= lines.size() || lines.get(next).depth() != depth) {
            throw error(parent.number(), "fewer items than the header declares");
        }
        return lines.get(next++);
    }

    /** Splits on the unquoted delimiter, keeping quoted cells quoted. */
    private static List<String> split(String content, char delimiter, Line line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < content.length(); i++) {
            char c = content.charAt(i);
            if (quoted) {
                cell.append(c);
                if (c == '\\') {
                    cell.append(content.charAt(++i));
                } else if (c == '"') {
                    quoted = false;
                }
            } else if (c == '"') {
                quoted = true;
                cell.append(c);
            } else if (c == delimiter) {
                cells.add(cell.toString().trim());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        if (quoted) {
            throw error(line.number(), "unterminated string");
        }
        cells.add(cell.toString().trim());
        return cells;
    }

    private static int colon(String content, int from) {
        boolean quoted = false;
        for (int i = from; i < content.length(); i++) {
            char c = content.charAt(i);
            if (quoted && c == '\\') {
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (!quoted && c == ':') {
                return i;
            }
        }
        return -1;
    }

    private static int closingQuote(String content, int open, Line line) {
        for (int i = open + 1; i < content.length(); i++) {
            if (content.charAt(i) == '\\') {
                i++;
            } else if (content.charAt(i) == '"') {
                return i;
            }
        }
        throw error(line.number(), "unterminated string");
    }

    private static JsonNode primitive(String token, Line line) {
        if (token.startsWith("\"")) {
            if (closingQuote(token, 0, line) != token.length() - 1) {
                throw error(line.number(), "content after a quoted string: " + token);
            }
            return NODES.textNode(unescape(token.substring(1, token.length() - 1), line));
        }
        switch (token) {
            case "true":
                return NODES.booleanNode(true);
            case "false":
                return NODES.booleanNode(false);
            case "null":
                return NODES.nullNode();
            default:
                break;
        }
        if (NUMBER.matcher(token).matches()) {
            BigDecimal number = new BigDecimal(token);
            if (number.signum() == 0 || number.stripTrailingZeros().scale() <= 0) {
                BigInteger integer = number.toBigIntegerExact();
                return integer.bitLength() < 64 ? NODES.numberNode(integer.longValue()) : NODES.numberNode(integer);
            }
            return NODES.numberNode(number);
        }
        return NODES.textNode(token);
    }

    private static String unescape(String body, Line line) {
        StringBuilder text = new StringBuilder(body.length());
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c != '\\') {
                text.append(c);
                continue;
            }
            if (++i >= body.length()) {
                throw error(line.number(), "dangling escape");
            }
            switch (body.charAt(i)) {
                case '\\' -> text.append('\\');
                case '"' -> text.append('"');
                case 'n' -> text.append('\n');
                case 'r' -> text.append('\r');
                case 't' -> text.append('\t');
                case 'u' -> {
                    if (i + 4 >= body.length()) {
                        throw error(line.number(), "short \\u escape");
                    }
                    text.append((char) Integer.parseInt(body.substring(i + 1, i + 5), 16));
                    i += 4;
                }
                default -> throw error(line.number(), "unknown escape \\" + body.charAt(i));
            }
        }
        return text.toString();
    }

    private static IllegalArgumentException error(int line, String why) {
        return new IllegalArgumentException("TOON line " + line + ": " + why);
    }
}
