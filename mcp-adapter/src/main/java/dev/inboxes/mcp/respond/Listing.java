package dev.inboxes.mcp.respond;

import java.util.function.UnaryOperator;

/**
 * How a list reads to an agent: what its summary calls the items, the order it runs in, the hints its summary
 * gives, and the frame around its text (e.g. {@link ExternalContent#markMessages}), which counts against the budget.
 * A class, not a record: it is never serialized, and the adapters' public records are (see the native check).
 */
public final class Listing {

    private final AgentSummaries.Noun noun;
    private final String order;
    private final String filterHint;
    private final String widenHint;
    private final UnaryOperator<String> frame;

    private Listing(AgentSummaries.Noun noun, String order, String filterHint, String widenHint,
            UnaryOperator<String> frame) {
        this.noun = noun;
        this.order = order;
        this.filterHint = filterHint;
        this.widenHint = widenHint;
        this.frame = frame;
    }

    /** A newest-first list of these items, without hints or frame. */
    public static Listing of(String item, String items) {
        return new Listing(new AgentSummaries.Noun(item, items), AgentSummaries.NEWEST_FIRST, null, null,
                UnaryOperator.identity());
    }

    /** @param order how the summary names the order, e.g. {@code oldest first} */
    public Listing inOrder(String order) {
        return new Listing(noun, order, filterHint, widenHint, frame);
    }

    /** @param filterHint the list's filters, suggested when a first page is large; {@code null}: none */
    public Listing filteredWith(String filterHint) {
        return new Listing(noun, order, filterHint, widenHint, frame);
    }

    /**
     * @param widenHint what to change when nothing matches, e.g. {@code use fewer words in q}; {@code null} when the
     *                  agent set no filter
     */
    public Listing widenedBy(String widenHint) {
        return new Listing(noun, order, filterHint, widenHint, frame);
    }

    /** Mail content: the page's text goes between the external-content markers. */
    public Listing marked() {
        return new Listing(noun, order, filterHint, widenHint, ExternalContent::markMessages);
    }

    AgentSummaries.Listing summarized() {
        return new AgentSummaries.Listing(noun, order, filterHint, widenHint);
    }

    UnaryOperator<String> frame() {
        return frame;
    }
}
