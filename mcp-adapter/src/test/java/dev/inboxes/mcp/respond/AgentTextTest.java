package dev.inboxes.mcp.respond;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.inboxes.mcp.inbox.AgentInbox;
import dev.inboxes.mcp.testing.LosslessText;
import dev.inboxes.mcp.text.TextFormat;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class AgentTextTest {

    private final ObjectMapper mapper = JsonMapper.builder().findAndAddModules()
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS).build();
    private final AgentPage<AgentInbox> page = new AgentPage<>(List.of(
            new AgentInbox("inb_9d8wksZ6PsfwZ3kazMvs", "sales-bot@inboxes.test", null,
                    Instant.parse("2026-11-29T22:59:10.817815Z")),
            new AgentInbox("inb_cS2QNED3BMAcR9tSVjlA", "billing@inboxes.test", "Billing: EU",
                    Instant.parse("2026-11-29T22:59:10.799667Z"))), null, false, 2L, null);

    @Test
    void toonWritesRowsThatLackAnOptionalFieldAsOneTableWithNull() {
        String text = new AgentText(mapper, AgentSettings.DEFAULTS).render(page);

        assertThat(text).isEqualTo("""
                data[2]{id,username,display_name,created_at}:
                  9d8wksZ6PsfwZ3kazMvs,sales-bot,null,20261129T225910Z
                  cS2QNED3BMAcR9tSVjlA,billing,"Billing: EU",20261129T225910Z
                addresses: username@inboxes.test
                ids: inb_id
                cursor: null
                has_more: false
                total: 2""");
        LosslessText.assertCarries(text, mapper.valueToTree(page));
    }

    @Test
    void addressesOfMoreThanOneDomainAreShownWhole() {
        AgentPage<AgentInbox> mixed = new AgentPage<>(List.of(
                new AgentInbox("inb_9d8wksZ6PsfwZ3kazMvs", "sales-bot@inboxes.test", null,
                        Instant.parse("2026-11-29T22:59:10.817815Z")),
                new AgentInbox("inb_cS2QNED3BMAcR9tSVjlA", "billing@old.inboxes.test", null,
                        Instant.parse("2026-11-29T22:59:10.799667Z"))), null, false, 2L, null);

        String text = new AgentText(mapper, AgentSettings.DEFAULTS).render(mixed);

        assertThat(text).startsWith("data[2]{id,address,created_at}:").doesNotContain("addresses:")
                .contains("billing@old.inboxes.test");
        LosslessText.assertCarries(text, mapper.valueToTree(mixed));
    }

    @Test
    void onlyTimesAreWrittenToTheSecondNotTextThatLooksLikeOne() {
        AgentInbox named = new AgentInbox("inb_9d8wksZ6PsfwZ3kazMvs", "a@inboxes.test", "2026-11-29T22:59:10.817815Z",
                Instant.parse("2026-11-29T22:59:10.817815Z"));

        String text = new AgentText(mapper, AgentSettings.DEFAULTS).render(named);

        assertThat(text).contains("display_name: \"2026-11-29T22:59:10.817815Z\"")
                .contains("created_at: 20261129T225910Z");
        LosslessText.assertCarries(text, mapper.valueToTree(named));
    }

    @Test
    void jsonIsTheStructuredContentAsCompactJson() throws Exception {
        String text = new AgentText(mapper, new AgentSettings(TextFormat.JSON, 5_000)).render(page);

        assertThat(text).isEqualTo(mapper.writeValueAsString(page)).doesNotContain("display_name\":null");
    }

    @Test
    void cuttingShortensEveryLongValueAndMarksIt() {
        AgentInbox long_ = new AgentInbox("inb_9d8wksZ6PsfwZ3kazMvs", "a@inboxes.test", "x".repeat(300),
                Instant.parse("2026-11-29T22:59:10.817815Z"));

        String text = new AgentText(mapper, AgentSettings.DEFAULTS).renderCut(long_, 40);

        assertThat(text).contains("display_name: " + "x".repeat(40) + AgentText.CUT).contains("id: inb_9d8wksZ6PsfwZ3kazMvs");
    }
}
