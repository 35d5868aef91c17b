package dev.inboxes.domain.message;

/**
 * A link found in a message's text by {@link MessageExtracts}' heuristic.
 *
 * @param text what the link said: its anchor text for mail written in HTML, else the words before the address on
 *             its line (or the line above); at most {@value MessageExtracts#LINK_TEXT_LENGTH} characters; may be empty
 * @param url  the http(s) address as written
 */
public record MessageLink(String text, String url) {
}
