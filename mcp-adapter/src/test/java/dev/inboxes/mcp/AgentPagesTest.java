package dev.inboxes.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
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
import io.quarkiverse.mcp.server.TextContent;
import io.quarkiverse.mcp.server.ToolResponse;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Fitting pages into the text budget, with the real inbox service over the in-memory store. */
class AgentPagesTest {

    private static final String ACCOUNT = "acc_A1b2C3d4E5f6G7h8I9j0";

    private final ObjectMapper mapper = JsonMapper.builder().findAndAddModules().build();
    private final AgentPages pages = new AgentPages(mapper);
    private final InboxService inboxes = new InboxService(new InMemoryInboxStore(),
            new CursorCodec(CursorKeys.of("agent-pages-test-secret-0123456789abcdef", List.of())), "inboxes.test",
            Clock.systemUTC());
    private final List<PageRequest> asked = new ArrayList<>();
    private final Function<PageRequest, Page<Inbox>> list = request -> {
        asked.add(request);
        return inboxes.list(ACCOUNT, InboxFilter.NONE, request);
    };

    private void create(int count, int nameLength) {
        for (int i = 0; i < count; i++) {
            inboxes.create(ACCOUNT, CreateInbox.of(null, ("Ω" + i + " ").repeat(nameLength).substring(0, nameLength)), null);
        }
    }

    private ToolResponse respond(PageRequest request) {
        return pages.respond(request, list,
                inbox -> new AgentInbox(inbox.id(), inbox.address(), inbox.displayName(), inbox.createdAt()), "inbox",
                "inboxes", "q");
    }

    private static int textLength(ToolResponse response) {
        return response.content().stream().mapToInt(content -> ((TextContent) content).text().length()).sum();
    }

    @SuppressWarnings("unchecked")
    private static AgentPage<AgentInbox> structured(ToolResponse response) {
        return (AgentPage<AgentInbox>) response.structuredContent();
    }

    @Test
    void aPageThatFitsIsAskedForOnceAndSentWhole() throws Exception {
        create(30, 20);

        ToolResponse response = respond(PageRequest.of(null, null, PageLimits.AGENTS));

        assertThat(asked).hasSize(1);
        assertThat(structured(response).data()).hasSize(30);
        assertThat(((TextContent) response.content().get(0)).text()).isEqualTo(mapper.writeValueAsString(structured(response)));
        assertThat(((TextContent) response.content().get(1)).text()).isEqualTo("30 of 30 inboxes, newest first; this is the last page.");
    }

    @Test
    void largeRowsGiveFewerRowsWithinTheBudgetAndACursorThatLosesNothing() {
        create(150, CreateInbox.MAX_DISPLAY_NAME_LENGTH);
        Set<String> seen = new HashSet<>();
        String cursor = null;
        int calls = 0;
        do {
            ToolResponse response = respond(PageRequest.of(PageLimits.AGENTS_MAX_LIMIT, cursor, PageLimits.AGENTS));
            AgentPage<AgentInbox> page = structured(response);
            assertThat(textLength(response)).isLessThanOrEqualTo(AgentPages.TEXT_BUDGET);
            assertThat(page.data()).hasSizeLessThan(PageLimits.AGENTS_MAX_LIMIT);
            if (page.hasMore()) {
                assertThat(((TextContent) response.content().get(1)).text()).contains("fewer than limit");
            }
            page.data().forEach(row -> assertThat(seen.add(row.id())).as("seen once: %s", row.id()).isTrue());
            cursor = page.cursor();
            calls++;
        } while (cursor != null);

        assertThat(seen).hasSize(150);
        assertThat(calls).isGreaterThan(2);
        assertThat(asked).allSatisfy(request -> assertThat(request.limit()).isBetween(1, PageLimits.AGENTS_MAX_LIMIT));
    }

    @Test
    void theFirstPageOfASmallerRequestStillReportsTheTotal() {
        create(120, CreateInbox.MAX_DISPLAY_NAME_LENGTH);

        AgentPage<AgentInbox> page = structured(respond(PageRequest.of(100, null, PageLimits.AGENTS)));

        assertThat(page.total()).isEqualTo(120);
        assertThat(asked).hasSizeGreaterThan(1);
        assertThat(asked.get(asked.size() - 1).limit()).isEqualTo(page.data().size());
    }
}
