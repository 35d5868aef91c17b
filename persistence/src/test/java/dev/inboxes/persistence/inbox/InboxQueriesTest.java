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

        assertThat(query.sql().where().apply("e")).isEqualTo("e.account_id = :accountId");
        assertThat(query.parameters()).isEqualTo(Map.of("accountId", ACCOUNT));
        assertThat(query.sql().counter()).contains("inbox_count");
        assertThat(query.sql().sortColumn()).isEqualTo("created_at");
        assertThat(query.sql().columns()).isEqualTo("e.id, e.address, e.display_name, e.created_at");
    }

    @Test
    void qMatchesTheAddressOrTheLowerCasedDisplayNameAsAnEscapedPattern() {
        KeysetQuery query = InboxQueries.list(ACCOUNT, InboxFilter.of("50%_off\\", null, null));

        assertThat(query.sql().where().apply("c")).isEqualTo("c.account_id = :accountId and (c.address like :q0 "
                + "escape '\\' or lower(c.display_name) like :q0 escape '\\')");
        assertThat(query.parameters()).containsEntry("q0", "%50\\%\\_off\\\\%");
        assertThat(query.sql().counter()).as("a filtered total counts the matches").isNull();
        assertThat(query.searchesWords()).isTrue();
    }

    @Test
    void eachWordOfQIsOneMoreConditionOnEitherField() {
        KeysetQuery query = InboxQueries.list(ACCOUNT, InboxFilter.of("ACME order 1234", null, null));

        assertThat(query.sql().where().apply("e")).isEqualTo("e.account_id = :accountId"
                + " and (e.address like :q0 escape '\\' or lower(e.display_name) like :q0 escape '\\')"
                + " and (e.address like :q1 escape '\\' or lower(e.display_name) like :q1 escape '\\')"
                + " and (e.address like :q2 escape '\\' or lower(e.display_name) like :q2 escape '\\')");
        assertThat(query.parameters()).containsEntry("q0", "%acme%").containsEntry("q1", "%order%")
                .containsEntry("q2", "%1234%");
    }

    @Test
    void bulkDeletesUseTheSameConditionAsPages() {
        InboxFilter filter = InboxFilter.of("desk", AFTER, BEFORE);

        assertThat(InboxQueries.sqlCondition(filter).apply("i")).isEqualTo("i.account_id = :accountId"
                + " and (i.address like :q0 escape '\\' or lower(i.display_name) like :q0 escape '\\')"
                + " and i.created_at >= :createdAfter and i.created_at < :createdBefore");
        assertThat(InboxQueries.list(ACCOUNT, filter).sql().where().apply("i"))
                .isEqualTo(InboxQueries.sqlCondition(filter).apply("i"));
        assertThat(InboxQueries.parameters(ACCOUNT, filter)).isEqualTo(InboxQueries.list(ACCOUNT, filter).parameters());
    }

    @Test
    void createdAfterIsInclusiveAndCreatedBeforeExclusive() {
        KeysetQuery query = InboxQueries.list(ACCOUNT, InboxFilter.of(null, AFTER, BEFORE));

        assertThat(query.sql().where().apply("e")).isEqualTo("e.account_id = :accountId and e.created_at >= "
                + ":createdAfter and e.created_at < :createdBefore");
        assertThat(query.parameters()).containsEntry("createdAfter", AFTER).containsEntry("createdBefore", BEFORE);
        assertThat(query.sql().counter()).isNull();
    }

    @Test
    void everyFilterTogether() {
        KeysetQuery query = InboxQueries.list(ACCOUNT, InboxFilter.of("desk", AFTER, null));

        assertThat(query.sql().where().apply("e")).contains(":q0", ":createdAfter").doesNotContain(":createdBefore");
        assertThat(query.parameters()).containsOnlyKeys("accountId", "q0", "createdAfter");
    }
}
