package dev.inboxes.smtp.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.smtp.out.LoopbackDnsServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.Type;

/** The checks' DNS client against a real server on loopback: answers kept for their TTL, failures never, one deadline. */
class AuthDnsTest {

    private static final Duration BUDGET = Duration.ofMillis(1500);

    @Test
    void answersAndNegativeAnswersAreKeptAndAskedOnce() throws Exception {
        try (LoopbackDnsServer server = new LoopbackDnsServer().txt("kept.test", "v=spf1 -all")) {
            AuthDns dns = new AuthDns(List.of(server.address()), BUDGET);
            AuthDns.Lookups lookups = dns.within(System.nanoTime() + BUDGET.toNanos());

            assertThat(lookups.texts(lookups.lookup("kept.test", Type.TXT))).containsExactly("v=spf1 -all");
            assertThat(lookups.lookup("KEPT.test.", Type.TXT).status()).isEqualTo(AuthDns.Status.FOUND);
            assertThat(lookups.lookup("absent.test", Type.TXT).status()).isEqualTo(AuthDns.Status.NO_SUCH_NAME);
            assertThat(lookups.lookup("absent.test", Type.TXT).status()).isEqualTo(AuthDns.Status.NO_SUCH_NAME);
            assertThat(lookups.lookup("kept.test", Type.A).status()).isEqualTo(AuthDns.Status.NO_DATA);

            assertThat(server.questionCount()).isEqualTo(3);
            assertThat(lookups.queries()).isEqualTo(3);
            // Another message's lookups share the cache.
            dns.within(System.nanoTime() + BUDGET.toNanos()).lookup("kept.test", Type.TXT);
            assertThat(server.questionCount()).isEqualTo(3);
            assertThat(dns.cached()).isEqualTo(3);
        }
    }

    @Test
    void failuresAreNotKeptAndAPassedDeadlineAsksNothing() throws Exception {
        try (LoopbackDnsServer server = new LoopbackDnsServer().txt("flaky.test", "v=spf1 -all")) {
            AuthDns dns = new AuthDns(List.of(server.address()), Duration.ofMillis(300));
            server.failing = true;
            assertThat(dns.within(System.nanoTime() + BUDGET.toNanos()).lookup("flaky.test", Type.TXT).status())
                    .isEqualTo(AuthDns.Status.TEMPERROR);
            server.failing = false;
            assertThat(dns.within(System.nanoTime() + BUDGET.toNanos()).lookup("flaky.test", Type.TXT).status())
                    .isEqualTo(AuthDns.Status.FOUND);

            int asked = server.questionCount();
            AuthDns.Lookups late = dns.within(System.nanoTime() - 1);
            assertThat(late.lookup("other.test", Type.TXT).status()).isEqualTo(AuthDns.Status.TEMPERROR);
            assertThat(late.expired()).isTrue();
            assertThat(server.questionCount()).isEqualTo(asked);
        }
    }

    @Test
    void namesThatAreNoNamesAreRefusedWithoutAQuestion() throws Exception {
        try (LoopbackDnsServer server = new LoopbackDnsServer()) {
            AuthDns.Lookups lookups = new AuthDns(List.of(server.address()), BUDGET)
                    .within(System.nanoTime() + BUDGET.toNanos());
            for (String bad : List.of("", "x".repeat(300), "a..b", "l".repeat(64) + ".test")) {
                assertThat(lookups.lookup(bad, Type.TXT).status()).as(bad).isEqualTo(AuthDns.Status.INVALID_NAME);
            }
            assertThat(server.questionCount()).isZero();
        }
    }

    @Test
    void aServerThatCannotBeReadIsNamedInTheError() {
        assertThatThrownBy(() -> new AuthDns(List.of("127.0.0.1:notaport"), BUDGET))
                .hasMessageContaining("inboxes.dns-servers").hasMessageContaining("127.0.0.1:notaport");
    }
}
