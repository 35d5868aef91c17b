package dev.inboxes.domain.outbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import dev.inboxes.domain.paging.CursorMismatchException;
import dev.inboxes.domain.paging.Page;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.testing.InMemorySuppressionStore;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The suppression list pages like every list and lifts one address at a time. */
class SuppressionServiceTest {

    private static final String ACCOUNT = "acc_A1b2C3d4E5f6G7h8I9j0";
    private static final Instant T0 = Instant.parse("2026-12-03T10:00:00Z");

    private final InMemorySuppressionStore store = new InMemorySuppressionStore();
    private final SuppressionService service = new SuppressionService(store, new CursorCodec(
            CursorKeys.of("suppressions-test-secret-0123456789abcdef", List.of())));

    @Test
    void aWalkReturnsEverySuppressionOnceNewestFirstWithTheTotalOnTheFirstPage() {
        for (int i = 0; i < 7; i++) {
            store.add(ACCOUNT, new Suppression("r" + i + "@example.com", Suppression.HARD_BOUNCE,
                    T0.plusSeconds(i / 2)));
        }
        List<String> walked = new ArrayList<>();
        Page<Suppression> page = service.list(ACCOUNT, PageRequest.parse("3", null, PageLimits.PROGRAMS));
        assertThat(page.total()).hasValue(7);
        walked.addAll(page.items().stream().map(Suppression::address).toList());
        while (page.hasMore()) {
            page = service.list(ACCOUNT, PageRequest.parse("3", page.nextCursor(), PageLimits.PROGRAMS));
            assertThat(page.total()).isEmpty();
            walked.addAll(page.items().stream().map(Suppression::address).toList());
        }

        assertThat(walked).containsExactly("r6@example.com", "r5@example.com", "r4@example.com", "r3@example.com",
                "r2@example.com", "r1@example.com", "r0@example.com");
    }

    @Test
    void anotherAccountsCursorIsRefused() {
        for (int i = 0; i < 3; i++) {
            store.add(ACCOUNT, new Suppression("r" + i + "@example.com", Suppression.HARD_BOUNCE, T0.plusSeconds(i)));
        }
        String cursor = service.list(ACCOUNT, PageRequest.parse("1", null, PageLimits.PROGRAMS)).nextCursor();

        assertThatThrownBy(() -> service.list("acc_Z1b2C3d4E5f6G7h8I9j0", PageRequest.parse("1", cursor,
                PageLimits.PROGRAMS))).isInstanceOf(CursorMismatchException.class);
    }

    @Test
    void deletingLiftsTheAddressInAnyCaseAndAnAbsentOrImpossibleAddressIsNotFound() {
        store.add(ACCOUNT, new Suppression("bob@example.com", Suppression.HARD_BOUNCE, T0));

        service.delete(ACCOUNT, "Bob@Example.COM");

        assertThat(store.suppressedAmong(ACCOUNT, List.of("bob@example.com"))).isEmpty();
        assertThatThrownBy(() -> service.delete(ACCOUNT, "bob@example.com")).isInstanceOf(NotFoundException.class)
                .hasMessageContaining("'bob@example.com' is not suppressed").hasMessageContaining("GET /v1/suppressions");
        for (String impossible : new String[] {"", "a\u0000b@example.com", "x".repeat(10_000), "\uD800@example.com"}) {
            assertThatThrownBy(() -> service.delete(ACCOUNT, impossible)).isInstanceOf(NotFoundException.class);
        }
    }
}
