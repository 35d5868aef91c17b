package dev.inboxes.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** bulkDeleteInboxes on the wire: the filters as the body, previews retried like reads, deletions never. */
@Timeout(60) // a hang fails; a loaded machine does not
class BulkDeleteTest {

    private static final String PREVIEW = "{\"matched\":2,\"deleted\":0,\"remaining\":2,\"has_more\":true,"
            + "\"confirm_token\":\"tok_1\",\"sample\":[" + Fixtures.inboxJson(1) + "," + Fixtures.inboxJson(2) + "]}";
    private static final String DONE = "{\"matched\":2,\"deleted\":2,\"remaining\":0,\"has_more\":false,"
            + "\"confirm_token\":null,\"sample\":[]}";
    private static final BulkDeleteInboxesParams YESTERDAY = BulkDeleteInboxesParams.builder()
            .q("ACME order").createdAfter(Instant.parse("2026-11-28T00:00:00Z"))
            .createdBefore(Instant.parse("2026-11-29T00:00:00Z")).build();

    @Test
    void aPreviewSendsTheFiltersAndReadsTheMatches() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.ok(PREVIEW))) {
            BulkDeletion preview = stub.client().bulkDeleteInboxes(YESTERDAY);

            assertThat(preview.matched()).isEqualTo(2);
            assertThat(preview.hasMore()).isTrue();
            assertThat(preview.confirmToken()).isEqualTo("tok_1");
            assertThat(preview.sample()).hasSize(2);
            StubServer.RecordedRequest request = stub.requests().get(0);
            assertThat(request.method()).isEqualTo("POST");
            assertThat(request.path()).isEqualTo("/v1/inboxes/bulk-delete");
            assertThat(request.body()).isEqualTo("{\"q\":\"ACME order\",\"created_after\":\"2026-11-28T00:00:00Z\","
                    + "\"created_before\":\"2026-11-29T00:00:00Z\"}");
        }
    }

    @Test
    void theConfirmedCallCarriesTheTokenWithTheSameFilters() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.ok(DONE))) {
            BulkDeletion done = stub.client().bulkDeleteInboxes(YESTERDAY.confirmedBy("tok_1"));

            assertThat(done.deleted()).isEqualTo(2);
            assertThat(done.confirmToken()).isNull();
            assertThat(stub.requests().get(0).body()).endsWith(",\"confirm_token\":\"tok_1\"}").contains("\"q\":\"ACME order\"");
        }
    }

    @Test
    void aPreviewIsRetriedButADeletionNever() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.unavailable(), StubReply.ok(PREVIEW))) {
            assertThat(stub.client().bulkDeleteInboxes(YESTERDAY).matched()).isEqualTo(2);
            assertThat(stub.requests()).hasSize(2);
        }
        try (StubServer stub = StubServer.replying(StubReply.unavailable(), StubReply.ok(DONE))) {
            assertThatThrownBy(() -> stub.client().bulkDeleteInboxes(YESTERDAY.confirmedBy("tok_1")))
                    .isInstanceOf(ServerException.class);
            assertThat(stub.requests()).hasSize(1);
        }
    }

    @Test
    void changedMatchesAreAConflict() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.problem(409, "matches-changed", "Matches changed",
                "The inboxes matching these filters changed since the confirm_token was issued"))) {
            assertThatThrownBy(() -> stub.client().bulkDeleteInboxes(YESTERDAY.confirmedBy("tok_1")))
                    .isInstanceOf(ConflictException.class).hasMessageContaining("changed since");
        }
    }
}
