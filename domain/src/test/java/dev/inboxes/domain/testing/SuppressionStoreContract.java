package dev.inboxes.domain.testing;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.outbound.Suppression;
import dev.inboxes.domain.outbound.SuppressionStore;
import dev.inboxes.domain.paging.Slice;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What every {@link SuppressionStore} does, run against the in-memory store and the PostgreSQL store alike. */
public abstract class SuppressionStoreContract extends StoreContract {

    private static final Instant T0 = Instant.parse("2026-12-03T10:00:00.123456Z");

    private List<Suppression> all(String accountId) {
        return suppressions().page(accountId, null, 1_000, false).rows();
    }

    @Test
    void anAddressIsSuppressedForItsAccountOnlyAndKeepsItsFirstReasonAndTime() {
        String account = newAccount();
        String other = newAccount();
        suppressions().add(account, new Suppression("bob@example.com", Suppression.HARD_BOUNCE, T0));
        suppressions().add(account, new Suppression("bob@example.com", "another", T0.plusSeconds(60)));

        assertThat(suppressions().suppressedAmong(account, List.of("bob@example.com", "alice@example.com")))
                .containsExactly("bob@example.com");
        assertThat(suppressions().suppressedAmong(other, List.of("bob@example.com"))).isEmpty();
        assertThat(suppressions().suppressedAmong(account, List.of())).isEmpty();
        assertThat(all(account)).containsExactly(new Suppression("bob@example.com", Suppression.HARD_BOUNCE, T0));
        assertThat(all(other)).isEmpty();
    }

    @Test
    void pagesRunNewestFirstTiesByAddressAndContinueStrictlyAfterTheKeysetWithTheTotalOnRequest() {
        String account = newAccount();
        for (String address : List.of("a@example.com", "b@example.com", "c@example.com", "d@example.com",
                "é@example.com")) {
            suppressions().add(account, new Suppression(address, Suppression.HARD_BOUNCE,
                    T0.plus(address.charAt(0) % 2, ChronoUnit.MICROS)));
        }
        suppressions().add(newAccount(), new Suppression("z@example.com", Suppression.HARD_BOUNCE, T0));
        List<Suppression> inOrder = new ArrayList<>(all(account));

        assertThat(inOrder).hasSize(5).isSortedAccordingTo(ListOrder.rows());
        Slice<Suppression> first = suppressions().page(account, null, 2, true);
        assertThat(first.rows()).containsExactlyElementsOf(inOrder.subList(0, 2));
        assertThat(first.total()).hasValue(5);
        Slice<Suppression> next = suppressions().page(account, inOrder.get(1).keyset(), 2, false);
        assertThat(next.rows()).containsExactlyElementsOf(inOrder.subList(2, 4));
        assertThat(next.total()).isEmpty();
    }

    @Test
    void aDeletedSuppressionIsLiftedForItsAccountOnly() {
        String account = newAccount();
        String other = newAccount();
        suppressions().add(account, new Suppression("bob@example.com", Suppression.HARD_BOUNCE, T0));
        suppressions().add(other, new Suppression("bob@example.com", Suppression.HARD_BOUNCE, T0));

        assertThat(suppressions().delete(account, "alice@example.com")).isFalse();
        assertThat(suppressions().delete(account, "bob@example.com")).isTrue();
        assertThat(suppressions().delete(account, "bob@example.com")).isFalse();

        assertThat(suppressions().suppressedAmong(account, Set.of("bob@example.com"))).isEmpty();
        assertThat(suppressions().suppressedAmong(other, Set.of("bob@example.com"))).containsExactly("bob@example.com");
    }
}
