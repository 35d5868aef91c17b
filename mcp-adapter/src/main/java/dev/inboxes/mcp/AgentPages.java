package dev.inboxes.mcp;

import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageRequest;
import io.quarkiverse.mcp.server.ToolResponse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * Turns a domain page into a tool result an agent can afford: the page as structured content, the same page as
 * text ({@link AgentText}: a TOON table unless configured otherwise), and a one-line summary. The text stays
 * within {@link AgentBudget}'s bounds ({@value #TEXT_BUDGET} characters and the token budget): when rows are
 * large, it asks the list again for fewer of them, and that page's cursor continues right after the last.
 */
@ApplicationScoped
public class AgentPages {

    /** The most characters of text one tool result may put into an agent's context. */
    public static final int TEXT_BUDGET = 16_000;

    private final AgentText text;
    private final AgentBudget budget;
    private final AgentResults results;

    @Inject
    public AgentPages(AgentText text, AgentBudget budget, AgentResults results) {
        this.text = text;
        this.budget = budget;
        this.results = results;
    }

    /**
     * A list that reads newest first, with no frame around its text.
     *
     * @param request    the page the agent asked for
     * @param list       the service's list, asked again with a smaller limit when the page is over budget
     * @param toRow      the row an agent sees for one item
     * @param item       how the summary names one item, e.g. {@code inbox}
     * @param items      how the summary names several, e.g. {@code inboxes}
     * @param filterHint the list's filters, suggested when a first page is large; {@code null} when it has none
     */
    public <T, R> ToolResponse respond(PageRequest request, Function<PageRequest, Page<T>> list, Function<T, R> toRow,
            String item, String items, String filterHint) {
        return respond(request, list, toRow, Listing.of(item, items).filteredWith(filterHint));
    }

    /** As {@link #respond(PageRequest, Function, Function, String, String, String)}, for any {@link Listing}. */
    public <T, R> ToolResponse respond(PageRequest request, Function<PageRequest, Page<T>> list, Function<T, R> toRow,
            Listing listing) {
        AgentSummaries.Listing summarized = new AgentSummaries.Listing(
                new AgentSummaries.Noun(listing.item(), listing.items()), listing.order(), listing.filterHint(),
                listing.widenHint());
        PageRequest asked = request;
        while (true) {
            Page<T> page = list.apply(asked);
            AgentPage<R> structured = new AgentPage<>(page.items().stream().map(toRow).toList(), page.nextCursor(),
                    page.hasMore(), page.totalOrNull(), page.totalExactOrNull());
            String summary = AgentSummaries.of(page, request.limit(), summarized, budget.describe());
            String pageText = listing.frame().apply(text.render(structured));
            double load = budget.load(pageText, summary);
            int rows = page.items().size();
            if (load <= 1) {
                return AgentResults.response(structured, pageText, summary);
            }
            if (rows <= 1) {
                return results.cut(structured, summary, listing.frame()); // one row too large on its own
            }
            // Fewer rows in proportion to the excess (a little more, for the page's fixed part); the loop asks
            // again if that is still too many.
            asked = request.withLimit(Math.max(1, Math.min(rows - 1, (int) (rows / load * 0.95))));
        }
    }

    /**
     * How a list reads to an agent: what its summary calls the items, the order it runs in, the hints its summary
     * gives, and the frame around its text (e.g. {@link ExternalContent#markMessages}), which counts against the
     * budget.
     */
    public static final class Listing {

        private final String item;
        private final String items;
        private final String order;
        private final String filterHint;
        private final String widenHint;
        private final UnaryOperator<String> frame;

        // A class, not a record: it is never serialized, and public records of the adapters are (see the native check).
        private Listing(String item, String items, String order, String filterHint, String widenHint,
                UnaryOperator<String> frame) {
            this.item = item;
            this.items = items;
            this.order = order;
            this.filterHint = filterHint;
            this.widenHint = widenHint;
            this.frame = frame;
        }

        /** A newest-first list of these items, without hints or frame. */
        public static Listing of(String item, String items) {
            return new Listing(item, items, AgentSummaries.NEWEST_FIRST, null, null, UnaryOperator.identity());
        }

        /** @param order how the summary names the order, e.g. {@code oldest first} */
        public Listing inOrder(String order) {
            return new Listing(item, items, order, filterHint, widenHint, frame);
        }

        /** @param filterHint the list's filters, suggested when a first page is large; {@code null}: none */
        public Listing filteredWith(String filterHint) {
            return new Listing(item, items, order, filterHint, widenHint, frame);
        }

        /**
         * @param widenHint what to change when nothing matches, e.g. {@code use fewer words in q}; {@code null}
         *                  when the agent set no filter
         */
        public Listing widenedBy(String widenHint) {
            return new Listing(item, items, order, filterHint, widenHint, frame);
        }

        public Listing framedBy(UnaryOperator<String> frame) {
            return new Listing(item, items, order, filterHint, widenHint, frame);
        }

        String item() {
            return item;
        }

        String items() {
            return items;
        }

        String order() {
            return order;
        }

        String filterHint() {
            return filterHint;
        }

        String widenHint() {
            return widenHint;
        }

        UnaryOperator<String> frame() {
            return frame;
        }
    }
}
