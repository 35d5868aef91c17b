package dev.inboxes.mcp.respond;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.inboxes.domain.inbox.CreateInbox;
import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.testing.InMemoryInboxStore;
import dev.inboxes.mcp.inbox.AgentInbox;
import dev.inboxes.mcp.testing.LosslessText;
import dev.inboxes.mcp.text.TextFormat;
import dev.inboxes.mcp.text.TokenCounter;
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Fitting pages into the budget, with the real inbox service over the in-memory store. */
class AgentPagesTest {

    private static final String ACCOUNT = "acc_A1b2C3d4E5f6G7h8I9j0";
    /** Loading the vocabulary takes most of a second: one counter for the whole class. */
    private static final TokenCounter TOKENS = new TokenCounter();

    private final ObjectMapper mapper = JsonMapper.builder().findAndAddModules()
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();
    private final InboxService inboxes = new InboxService(new InMemoryInboxStore(),
            new CursorCodec(CursorKeys.of("agent-pages-test-secret-0123456789abcdef", List.of())), "inboxes.test",
            Clock.systemUTC());
    private final List<PageRequest> asked = new ArrayList<>();
    private final Function<PageRequest, Page<Inbox>> list = request -> {
        asked.add(request);
        return inboxes.list(ACCOUNT, InboxFilter.NONE, request);
    };

    private static AgentResponder pages(AgentSettings settings, ObjectMapper mapper) {
        return new AgentResponder(new AgentText(mapper, settings), new AgentBudget(TOKENS, settings));
    }

    private void create(int count, String pattern) {
        for (int i = 0; i < count; i++) {
            String name = (pattern + i + " ").repeat(CreateInbox.MAX_DISPLAY_NAME_LENGTH);
            inboxes.create(ACCOUNT, CreateInbox.of(null, name.substring(0, CreateInbox.MAX_DISPLAY_NAME_LENGTH)), null);
        }
    }

    private ToolResponse respond(AgentResponder pages, PageRequest request) {
        return pages.page(request, list, AgentInboxes::of, Listing.of("inbox", "inboxes").filteredWith("q"));
    }

    private ToolResponse respond(PageRequest request) {
        return respond(pages(AgentSettings.DEFAULTS, mapper), request);
    }

    private static String text(ToolResponse response, int block) {
        return ((TextContent) response.content().get(block)).text();
    }

    private static int characters(ToolResponse response) {
        return response.content().stream().mapToInt(content -> ((TextContent) content).text().length()).sum();
    }

    private static int tokens(ToolResponse response) {
        return response.content().stream().mapToInt(content -> TOKENS.count(((TextContent) content).text())).sum();
    }

    @SuppressWarnings("unchecked")
    private static AgentPage<AgentInbox> structured(ToolResponse response) {
        return (AgentPage<AgentInbox>) response.structuredContent();
    }

    /** Walks the list at limit 100 and checks every page against both bounds; returns the ids seen. */
    private Set<String> walkWithinBudget(AgentResponder pages, int tokenBudget) {
        Set<String> seen = new HashSet<>();
        String cursor = null;
        do {
            ToolResponse response = respond(pages, PageRequest.of(PageLimits.AGENTS_MAX_LIMIT, cursor, PageLimits.AGENTS));
            AgentPage<AgentInbox> page = structured(response);
            assertThat(characters(response)).isLessThanOrEqualTo(AgentBudget.TEXT_BUDGET);
            assertThat(tokens(response)).isLessThanOrEqualTo(tokenBudget);
            LosslessText.assertCarries(text(response, 0), mapper.valueToTree(page));
            if (page.hasMore()) {
                assertThat(page.data()).hasSizeLessThan(PageLimits.AGENTS_MAX_LIMIT);
                assertThat(text(response, 1)).contains("fewer than limit");
            }
            page.data().forEach(row -> assertThat(seen.add(row.id())).as("seen once: %s", row.id()).isTrue());
            cursor = page.cursor();
        } while (cursor != null);
        return seen;
    }

    @Test
    void aPageThatFitsIsAskedForOnceAndSentWholeAsATable() {
        create(30, "Agent ");

        ToolResponse response = respond(PageRequest.of(null, null, PageLimits.AGENTS));

        assertThat(asked).hasSize(1);
        assertThat(structured(response).data()).hasSize(30);
        assertThat(text(response, 0)).startsWith("data[30]{id,username,display_name,created_at}:\n  ")
                .doesNotContain("  inb_").contains("\naddresses: username@inboxes.test\nids: inb_id\n");
        LosslessText.assertCarries(text(response, 0), mapper.valueToTree(structured(response)));
        assertThat(text(response, 1)).isEqualTo("30 of 30 inboxes, newest first; this is the last page.");
    }

    @Test
    void theJsonSettingSendsTheStructuredContentAsJson() throws Exception {
        create(3, "Agent ");

        ToolResponse response = respond(pages(new AgentSettings(TextFormat.JSON, 5_000), mapper),
                PageRequest.of(null, null, PageLimits.AGENTS));

        assertThat(text(response, 0)).isEqualTo(mapper.writeValueAsString(structured(response)));
    }

    @Test
    void largeRowsGiveFewerRowsWithinTheCharactersAndACursorThatLosesNothing() {
        create(150, "Agent ");

        assertThat(walkWithinBudget(pages(AgentSettings.DEFAULTS, mapper), AgentSettings.DEFAULT_TOKEN_BUDGET)).hasSize(150);
        assertThat(asked).allSatisfy(request -> assertThat(request.limit()).isBetween(1, PageLimits.AGENTS_MAX_LIMIT));
    }

    /** Rare scripts take several tokens a character: the token bound holds where characters would not. */
    @Test
    void rowsOfManyTokensGiveFewerRowsWithinTheTokens() {
        create(120, "ꆈꌠꁱꂷ ᚠᛇᚻ ");

        assertThat(walkWithinBudget(pages(AgentSettings.DEFAULTS, mapper), AgentSettings.DEFAULT_TOKEN_BUDGET)).hasSize(120);
        ToolResponse first = respond(PageRequest.of(PageLimits.AGENTS_MAX_LIMIT, null, PageLimits.AGENTS));
        assertThat(characters(first)).as("the characters alone would allow more").isLessThan(AgentBudget.TEXT_BUDGET / 2);
    }

    @Test
    void aSmallerTokenBudgetIsHonouredToo() {
        create(60, "Agent ");

        assertThat(walkWithinBudget(pages(new AgentSettings(TextFormat.TOON, 1_500), mapper), 1_500)).hasSize(60);
    }

    @Test
    void theFirstPageOfASmallerRequestStillReportsTheTotal() {
        create(120, "Agent ");

        AgentPage<AgentInbox> page = structured(respond(PageRequest.of(100, null, PageLimits.AGENTS)));

        assertThat(page.total()).isEqualTo(120);
        assertThat(asked).hasSizeGreaterThan(1);
        assertThat(asked.get(asked.size() - 1).limit()).isEqualTo(page.data().size());
    }

    @Test
    void oneRowTooLargeOnItsOwnIsSentWithItsLongValuesCut() {
        AgentResponder small = pages(new AgentSettings(TextFormat.TOON, AgentSettings.MIN_TOKEN_BUDGET), mapper);
        record Big(String id, String body) {
        }
        Big big = new Big("big_1", "ꆈꌠ ".repeat(3_000));

        ToolResponse response = small.page(PageRequest.of(null, null, PageLimits.AGENTS),
                request -> new Page<>(List.of(big), null, false, OptionalLong.of(1)), Function.identity(),
                Listing.of("thing", "things"));

        assertThat(tokens(response)).isLessThanOrEqualTo(AgentSettings.MIN_TOKEN_BUDGET);
        assertThat(text(response, 0)).startsWith("data[1]{id,body}:\n  big_1,").contains(AgentText.CUT);
        assertThat(text(response, 1)).contains("cut short", "structuredContent has them whole");
        assertThat(((AgentPage<?>) response.structuredContent()).data()).isEqualTo(List.of(big));
    }

    /** The rows an agent sees for inboxes, as the tool maps them. */
    private static final class AgentInboxes {
        static AgentInbox of(Inbox inbox) {
            return new AgentInbox(inbox.id(), inbox.address(), inbox.displayName(), inbox.createdAt());
        }
    }
}
