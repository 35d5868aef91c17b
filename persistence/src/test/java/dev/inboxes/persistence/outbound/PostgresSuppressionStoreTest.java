package dev.inboxes.persistence.outbound;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.outbound.Suppression;
import dev.inboxes.domain.outbound.SuppressionStore;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.persistence.testing.TestAccounts;
import io.agroal.api.AgroalDataSource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the suppressions table adds to the contract: the account's cascade, and pages served from the index. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class PostgresSuppressionStoreTest {

    private static final Instant T0 = Instant.parse("2026-12-03T10:00:00.123456Z");

    @Inject
    AccountStore accounts;

    @Inject
    SuppressionStore suppressions;

    @Inject
    AgroalDataSource dataSource;

    private String newAccount() {
        return TestAccounts.insert(accounts, T0);
    }

    @Test
    void anAccountsSuppressionsGoWithIt() throws SQLException {
        String account = newAccount();
        suppressions.add(account, new Suppression("bob@example.com", Suppression.HARD_BOUNCE, T0));

        try (Connection connection = dataSource.getConnection();
                PreparedStatement delete = connection.prepareStatement("DELETE FROM accounts WHERE id = ?")) {
            delete.setString(1, account);
            assertThat(delete.executeUpdate()).isEqualTo(1);
        }

        assertThat(suppressions.suppressedAmong(account, List.of("bob@example.com"))).isEmpty();
        assertThat(suppressions.page(account, null, 10, true).total()).hasValue(0);
    }

    @Test
    void aPageAfterAKeysetIsAnIndexConditionOnTheAccountsIndex() throws SQLException {
        String account = newAccount();
        for (int i = 0; i < 50; i++) {
            suppressions.add(account, new Suppression("r" + i + "@example.com", Suppression.HARD_BOUNCE,
                    T0.plusSeconds(i)));
        }
        String plan;
        try (Connection connection = dataSource.getConnection()) {
            try (Statement settings = connection.createStatement()) {
                settings.execute("SET enable_seqscan = off"); // a small table: ask which index serves it
            }
            try (PreparedStatement explain = connection.prepareStatement("""
                    EXPLAIN SELECT address, reason, created_at FROM suppressions
                    WHERE account_id = ? AND (created_at, address) < (?, ?)
                    ORDER BY created_at DESC, address DESC LIMIT 51""")) {
                explain.setString(1, account);
                explain.setObject(2, OffsetDateTime.ofInstant(T0.plusSeconds(25), ZoneOffset.UTC));
                explain.setString(3, "r25@example.com");
                StringBuilder lines = new StringBuilder();
                try (ResultSet rows = explain.executeQuery()) {
                    while (rows.next()) {
                        lines.append(rows.getString(1)).append('\n');
                    }
                }
                plan = lines.toString();
            }
            try (Statement settings = connection.createStatement()) {
                settings.execute("RESET enable_seqscan");
            }
        }

        assertThat(plan).contains("suppressions_account_created_address_idx").contains("Index Cond")
                .doesNotContain("Sort");
    }
}
