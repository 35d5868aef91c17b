package dev.inboxes.mcp.session;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SessionOwnersTest {

    @Test
    void aSessionIsUsableByTheAccountThatOpenedItOnly() {
        SessionOwners owners = new SessionOwners(32, 1_000);
        owners.open("s1", "acc_a");
        assertThat(owners.use("s1", "acc_a")).isTrue();
        assertThat(owners.use("s1", "acc_b")).isFalse();
        assertThat(owners.use("s2", "acc_a")).isFalse();
        owners.close("s1");
        assertThat(owners.use("s1", "acc_a")).isFalse();
    }

    @Test
    void pastItsCapAnAccountLosesItsLeastRecentlyUsedSession() {
        SessionOwners owners = new SessionOwners(3, 1_000);
        assertThat(owners.open("a1", "acc_a")).isEmpty();
        assertThat(owners.open("a2", "acc_a")).isEmpty();
        assertThat(owners.open("b1", "acc_b")).isEmpty();
        assertThat(owners.open("a3", "acc_a")).isEmpty();
        owners.use("a1", "acc_a"); // a2 is now the least recently used of acc_a

        assertThat(owners.open("a4", "acc_a")).containsExactly("a2");
        assertThat(owners.use("b1", "acc_b")).as("other accounts are untouched").isTrue();
        assertThat(owners.size()).isEqualTo(4);
    }

    @Test
    void pastTheOverallCapTheLeastRecentlyUsedSessionOfAnyAccountGoes() {
        SessionOwners owners = new SessionOwners(10, 3);
        owners.open("a1", "acc_a");
        owners.open("b1", "acc_b");
        owners.open("c1", "acc_c");
        owners.use("a1", "acc_a");

        assertThat(owners.open("d1", "acc_d")).containsExactly("b1");
        assertThat(owners.size()).isEqualTo(3);
        assertThat(owners.open("b2", "acc_b")).containsExactly("c1");
    }

    @Test
    void sessionsThatEndedElsewhereAreForgotten() {
        SessionOwners owners = new SessionOwners(2, 10);
        owners.open("a1", "acc_a");
        owners.open("a2", "acc_a");
        owners.retainAll("a2"::equals);
        assertThat(owners.isKnown("a1")).isFalse();
        assertThat(owners.open("a3", "acc_a")).as("a1 no longer counts").isEmpty();
    }
}
