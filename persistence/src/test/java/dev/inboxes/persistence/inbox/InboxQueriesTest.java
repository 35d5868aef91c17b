package dev.inboxes.persistence.inbox;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.inbox.InboxFilter;
import dev.inboxes.persistence.paging.KeysetQuery;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each inbox filter's condition and parameters; the store contract runs them against PostgreSQL. */
class InboxQueriesTest {

    private static final String ACCOUNT = "acc_A1b2C3d4E5f6G7h8I9j0";
    private static final Instant AFTER = Instant.parse("2026-11-29T00:00:00Z");
    private static final Instant BEFORE = Instant.parse("2026-11-30T00:00:00Z");

    @Test
    void unfilteredListsReadOnlyTheAccountAndCountWithTheAccountsCounter() {
        KeysetQuery query = InboxQueries.list(ACCOUNT, InboxFilter.NONE);

        assertThat(query.where().apply("e")).isEqualTo("e.accountId = :accountId");
        assertThat(query.parameters()).isEqualTo(Map.of("accountId", ACCOUNT));
        assertThat(query.counter()).contains("inboxCount");
        assertThat(query.sortField()).isEqualTo("createdAt");
        assertThat(query.row()).startsWith("new dev.inboxes.domain.inbox.Inbox(");
    }

    @Test
    void qMatchesTheAddressOrTheLowerCasedDisplayNameAsAnEscapedPattern() {
        KeysetQuery query = InboxQueries.list(ACCOUNT, InboxFilter.of("50%_off\\", null, null));

        assertThat(query.where().apply("c")).isEqualTo("c.accountId = :accountId and (c.address like :q escape '\\' "
                + "or lower(c.displayName) like :q escape '\\')");
        assertThat(query.parameters()).containsEntry("q", "%50\\%\\_off\\\\%");
        assertThat(query.counter()).as("a filtered total counts the matches").isNull();
    }

    @Test
    void createdAfterIsInclusiveAndCreatedBeforeExclusive() {
        KeysetQuery query = InboxQueries.list(ACCOUNT, InboxFilter.of(null, AFTER, BEFORE));

        assertThat(query.where().apply("e")).isEqualTo("e.accountId = :accountId and e.createdAt >= :createdAfter "
                + "and e.createdAt < :createdBefore");
        assertThat(query.parameters()).containsEntry("createdAfter", AFTER).containsEntry("createdBefore", BEFORE);
        assertThat(query.counter()).isNull();
    }

    @Test
    void everyFilterTogether() {
        KeysetQuery query = InboxQueries.list(ACCOUNT, InboxFilter.of("desk", AFTER, null));

        assertThat(query.where().apply("e")).contains(":q", ":createdAfter").doesNotContain(":createdBefore");
        assertThat(query.parameters()).containsOnlyKeys("accountId", "q", "createdAfter");
    }
}
