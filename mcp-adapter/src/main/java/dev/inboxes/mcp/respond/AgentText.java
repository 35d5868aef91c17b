package dev.inboxes.mcp.respond;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import dev.inboxes.mcp.text.TextFormat;
import dev.inboxes.mcp.text.Toon;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a tool's structured result as the text a model reads: TOON by default, JSON when configured
 * ({@link AgentSettings#textFormat()}). In TOON, a list whose rows differ only by absent optional fields (an inbox
 * without a display name) is still one table: the absent field shows as {@code null}, which is what it means.
 */
@ApplicationScoped
public class AgentText {

    /** Marks where a value was cut short in the text of a row too large for the budget. */
    static final String CUT = "…";

    /**
     * A time in a TOON text: UTC to the second in ISO 8601's basic form, {@code 20261202T181143Z}. TOON need not quote
     * it (it has no colon), and it costs 7 tokens (o200k) where the quoted RFC 3339 form costs 15: a page of 50 inboxes
     * holds 50. The tools' time arguments take it as well ({@code ToolCallGuard}).
     */
    public static final DateTimeFormatter TEXT_TIME = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    /** The rows of a page, an address in a row, and how a page's text shows addresses of one domain. */
    public static final String ROWS = "data";
    public static final String ADDRESS = "address";
    public static final String USERNAME = "username";
    public static final String ADDRESSES = "addresses";
    public static final String ID = "id";
    public static final String IDS = "ids";

    /** The end of the name of a field that holds a time. */
    private static final String TIME_SUFFIX = "_at";

    private final ObjectMapper mapper;
    private final TextFormat format;

    @Inject
    public AgentText(ObjectMapper mapper, AgentSettings settings) {
        this.mapper = mapper;
        this.format = settings.textFormat();
    }

    public TextFormat format() {
        return format;
    }

    /** The text of {@code result}, a record serialized as its {@code structuredContent} is. */
    public String render(Object result) {
        return format == TextFormat.JSON ? json(result)
                : Toon.encode(tabular(sharedIdPrefix(sharedDomain(toSeconds(mapper.valueToTree(result))))));
    }

    /**
     * The text of {@code result} with every string longer than {@code maxLength} characters cut there and marked
     * {@value #CUT}: for the one row too large to fit the budget whole.
     */
    String renderCut(Object result, int maxLength) {
        JsonNode cut = cut(mapper.valueToTree(result), maxLength);
        return format == TextFormat.JSON ? json(cut) : Toon.encode(tabular(sharedIdPrefix(sharedDomain(toSeconds(cut)))));
    }

    private String json(Object value) {
        try {
            return mapper.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tool result must serialize", e);
        }
    }

    /**
     * Times ({@code …_at} fields) to the second, as {@link #TEXT_TIME}: the structured content keeps the stored
     * microseconds. A filter the agent builds from the text still selects as it expects: {@code created_after} is
     * inclusive and {@code created_before} exclusive, so a time read to the second falls on the same side of either.
     */
    static JsonNode toSeconds(JsonNode node) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                if (field.getKey().endsWith(TIME_SUFFIX) && field.getValue().isTextual()) {
                    field.setValue(TextNode.valueOf(toSeconds(field.getValue().textValue())));
                } else {
                    toSeconds(field.getValue());
                }
            }
        } else if (node.isArray()) {
            node.forEach(AgentText::toSeconds);
        }
        return node;
    }

    private static String toSeconds(String time) {
        try {
            return TEXT_TIME.format(Instant.parse(time));
        } catch (DateTimeParseException notATime) {
            return time;
        }
    }

    /**
     * A page whose rows' addresses all end in one domain (an account's inboxes: {@code username@<mail domain>}) shows
     * each row's username, and the domain once: {@code addresses: username@inboxes.test} after the rows. The domain
     * is the same for every row of the call, and about 4 tokens of each (a page of 50 inboxes: 200); the structured
     * content keeps the addresses whole.
     */
    static JsonNode sharedDomain(JsonNode node) {
        if (!(node instanceof ObjectNode page) || !(page.get(ROWS) instanceof ArrayNode rows) || rows.size() < 2) {
            return node;
        }
        String domain = null;
        for (JsonNode row : rows) {
            String address = row.path(ADDRESS).isTextual() ? row.path(ADDRESS).textValue() : "";
            int at = address.lastIndexOf('@');
            if (at <= 0 || page.has(ADDRESSES) || row.has(USERNAME)
                    || domain != null && !domain.equals(address.substring(at))) {
                return node;
            }
            domain = address.substring(at);
        }
        for (int i = 0; i < rows.size(); i++) {
            ObjectNode shown = rows.objectNode();
            for (Map.Entry<String, JsonNode> field : rows.get(i).properties()) {
                String address = field.getValue().asText();
                if (field.getKey().equals(ADDRESS)) {
                    shown.put(USERNAME, address.substring(0, address.length() - domain.length()));
                } else {
                    shown.set(field.getKey(), field.getValue());
                }
            }
            rows.set(i, shown);
        }
        return withFieldAfter(page, ROWS, ADDRESSES, USERNAME + domain);
    }

    /**
     * A page of inboxes that shows usernames ({@link #sharedDomain}) shows each id without the prefix every inbox id
     * has, and the prefix once: {@code ids: inb_id} after the addresses (about 2 tokens of each row, 100 a page of
     * 50); the structured content keeps the ids whole. Only there: an agent reads other ids from other lists whole.
     */
    static JsonNode sharedIdPrefix(JsonNode node) {
        if (!(node instanceof ObjectNode page) || !page.has(ADDRESSES) || page.has(IDS)
                || !(page.get(ROWS) instanceof ArrayNode rows)) {
            return node;
        }
        String prefix = null;
        for (JsonNode row : rows) {
            String id = row.path(ID).isTextual() ? row.path(ID).textValue() : "";
            int end = id.indexOf('_') + 1;
            if (end <= 1 || end == id.length() || prefix != null && !prefix.equals(id.substring(0, end))) {
                return node;
            }
            prefix = id.substring(0, end);
        }
        for (JsonNode row : rows) {
            ((ObjectNode) row).put(ID, row.path(ID).textValue().substring(prefix.length()));
        }
        return withFieldAfter(page, ADDRESSES, IDS, prefix + ID);
    }

    /** A copy of the page with {@code name: value} right after its field {@code after}, where an agent reads it. */
    private static ObjectNode withFieldAfter(ObjectNode page, String after, String name, String value) {
        ObjectNode shown = page.objectNode();
        for (Map.Entry<String, JsonNode> field : page.properties()) {
            shown.set(field.getKey(), field.getValue());
            if (field.getKey().equals(after)) {
                shown.put(name, value);
            }
        }
        return shown;
    }

    /** Arrays of flat objects get every object's fields, in one order, so TOON writes them as one table. */
    static JsonNode tabular(JsonNode node) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                field.setValue(tabular(field.getValue()));
            }
            return node;
        }
        if (!node.isArray()) {
            return node;
        }
        ArrayNode array = (ArrayNode) node;
        List<String> columns = new ArrayList<>();
        for (JsonNode element : array) {
            if (!element.isObject() || element.isEmpty() || hasContainer(element)) {
                for (int i = 0; i < array.size(); i++) {
                    array.set(i, tabular(array.get(i)));
                }
                return array;
            }
            merge(columns, element);
        }
        for (int i = 0; i < array.size(); i++) {
            ObjectNode row = array.objectNode();
            for (String column : columns) {
                JsonNode value = array.get(i).get(column);
                row.set(column, value == null ? row.nullNode() : value);
            }
            array.set(i, row);
        }
        return array;
    }

    /** Adds {@code row}'s fields to {@code columns}, each new one right after the field it follows in the row. */
    private static void merge(List<String> columns, JsonNode row) {
        int previous = -1;
        for (Map.Entry<String, JsonNode> field : row.properties()) {
            int at = columns.indexOf(field.getKey());
            if (at < 0) {
                at = previous + 1;
                columns.add(at, field.getKey());
            }
            previous = at;
        }
    }

    private static boolean hasContainer(JsonNode object) {
        for (Map.Entry<String, JsonNode> field : object.properties()) {
            if (field.getValue().isContainerNode()) {
                return true;
            }
        }
        return false;
    }

    private static JsonNode cut(JsonNode node, int maxLength) {
        if (node.isTextual() && node.textValue().length() > maxLength) {
            String text = node.textValue();
            int end = Character.isHighSurrogate(text.charAt(maxLength - 1)) ? maxLength - 1 : maxLength;
            return TextNode.valueOf(text.substring(0, end) + CUT);
        }
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                field.setValue(cut(field.getValue(), maxLength));
            }
        } else if (node.isArray()) {
            ArrayNode array = (ArrayNode) node;
            for (int i = 0; i < array.size(); i++) {
                array.set(i, cut(array.get(i), maxLength));
            }
        }
        return node;
    }
}
