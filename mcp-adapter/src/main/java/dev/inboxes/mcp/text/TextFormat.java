package dev.inboxes.mcp.text;

/** How tool results are written in their text block, the part a model reads. */
public enum TextFormat {

    /** The result as TOON: lists as one table with a header row, about a third fewer characters than JSON. */
    TOON,

    /** The result as compact JSON, the same as {@code structuredContent}: for hosts that parse the text as JSON. */
    JSON
}
