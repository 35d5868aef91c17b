package dev.inboxes.persistence.shared;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;

class OutagesTest {

    @Test
    void connectionFailuresAnywhereInTheChainAreOutages() {
        assertThat(Outages.isDatabaseOutage(new RuntimeException(new SQLException("refused", "08001")))).isTrue();
        assertThat(Outages.isDatabaseOutage(new SQLException("terminating connection", "57P01"))).isTrue();
        assertThat(Outages.isDatabaseOutage(new IllegalStateException(new SQLTransientConnectionException("gone")))).isTrue();
        assertThat(Outages.isDatabaseOutage(new SQLException("Acquisition timeout while waiting for new connection")))
                .isTrue();
    }

    @Test
    void aFailedCommitReportsTheLostConnectionAsSuppressed() {
        RuntimeException rollback = new RuntimeException("Could not commit transaction");
        Exception xa = new Exception("Error trying to commit", new SQLException("terminating connection", "57P01"));
        rollback.addSuppressed(xa);
        assertThat(Outages.isDatabaseOutage(new RuntimeException(rollback))).isTrue();
    }

    @Test
    void otherFailuresAreNot() {
        assertThat(Outages.isDatabaseOutage(new SQLException("duplicate key", "23505"))).isFalse();
        assertThat(Outages.isDatabaseOutage(new IllegalArgumentException("bug"))).isFalse();
        assertThat(Outages.isDatabaseOutage(null)).isFalse();
        RuntimeException cycle = new RuntimeException();
        RuntimeException other = new RuntimeException(cycle);
        cycle.addSuppressed(other);
        assertThat(Outages.isDatabaseOutage(other)).isFalse();
    }
}
