package dev.inboxes.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A total the server stopped counting is marked on the page; every other total is exact. */
class PageTotalTest {

    @Test
    void aBoundedTotalIsNotExact() throws Exception {
        String body = "{\"data\":[" + Fixtures.inboxJson(1) + "],\"cursor\":\"c1\",\"has_more\":true,\"total\":10000,"
                + "\"total_exact\":false}";
        try (StubServer stub = StubServer.replying(StubReply.ok(body))) {
            Page<Inbox> page = stub.client().listInboxesPage(ListInboxesParams.builder().q("sales").build());

            assertThat(page.total()).hasValue(10_000);
            assertThat(page.totalExact()).isFalse();
        }
    }

    @Test
    void aTotalWithoutTheFlagIsExactAndSoIsNoTotal() throws Exception {
        try (StubServer stub = StubServer.replying(StubReply.ok(Fixtures.pageJson(List.of(Fixtures.inboxJson(1)), null,
                false, 1L)))) {
            Page<Inbox> page = stub.client().listInboxesPage(null);

            assertThat(page.total()).hasValue(1);
            assertThat(page.totalExact()).isTrue();
        }
        assertThat(new Page<>(List.of(), null, false, java.util.OptionalLong.empty(), false).totalExact()).isTrue();
    }
}
