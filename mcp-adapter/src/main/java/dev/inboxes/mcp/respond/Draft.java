package dev.inboxes.mcp.respond;

import io.quarkiverse.mcp.server.ResourceLink;
import java.util.ArrayList;
import java.util.List;

/**
 * A tool result at one size, as {@link AgentResponder#fit} tries it. A class, not a record: it is never serialized,
 * and the adapters' public records are (see the native check).
 */
public final class Draft {

    private final Object structured;
    private final String text;
    private final String summary;
    private final int size;
    private final int structuredCharacters;
    private final List<ResourceLink> links = new ArrayList<>();

    /** A result whose structured content is bounded by its text (a page, a record: the JSON of what the text shows). */
    public Draft(Object structured, String text, String summary, int size) {
        this(structured, text, summary, size, 0);
    }

    /**
     * @param size                 what was shrunk, as it came out: rows, characters of a text part, the longest value
     * @param structuredCharacters the length of the structured content's JSON where it must fit the characters too
     *                             (a message part, whose JSON escapes can be longer than its text); 0 otherwise
     */
    public Draft(Object structured, String text, String summary, int size, int structuredCharacters) {
        this.structured = structured;
        this.text = text;
        this.summary = summary;
        this.size = size;
        this.structuredCharacters = structuredCharacters;
    }

    public Object structured() {
        return structured;
    }

    public String text() {
        return text;
    }

    public String summary() {
        return summary;
    }

    public int size() {
        return size;
    }

    public int structuredCharacters() {
        return structuredCharacters;
    }

    /** Adds a {@code resource_link} block after the text, for a resource the result names (an attachment). */
    public Draft link(String uri, String name, String mimeType, Long size) {
        links.add(new ResourceLink(uri, mimeType, name, null, null,
                size == null || size > Integer.MAX_VALUE ? null : size.intValue(), null, null));
        return this;
    }

    List<ResourceLink> links() {
        return links;
    }
}
