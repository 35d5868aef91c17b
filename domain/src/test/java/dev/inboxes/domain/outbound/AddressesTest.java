package dev.inboxes.domain.outbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.shared.InvalidArgumentException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AddressesTest {

    @Test
    void anAddressKeepsItsLocalPartAndLowerCasesItsDomain() {
        assertThat(Addresses.valid("to", "Alice.Smith+tag@Example.COM")).isEqualTo("Alice.Smith+tag@example.com");
        assertThat(Addresses.valid("to", "jürgen@müller.de")).isEqualTo("jürgen@müller.de");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "alice", "@example.com", "alice@", "alice@example", "Alice <alice@example.com>",
            "a b@example.com", "alice@exa mple.com", "alice@example.com\r\nBcc: x@y.org", "alice\u0000@example.com",
            ".alice@example.com", "al..ice@example.com", "alice@-example.com", "alice@example..com"})
    void whatIsNotABareAddressIsRefusedNamingTheField(String value) {
        assertThatThrownBy(() -> Addresses.valid("to[0]", value)).isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("to[0]");
    }

    @Test
    void anAddressListIsReadBackIntoAddresses() {
        assertThat(Addresses.parseList("\"Doe, Jane\" <jane@x.org>, bob@y.org, Bob <BOB@Y.ORG>, undisclosed-recipients:;"))
                .containsExactly("jane@x.org", "bob@y.org");
        assertThat(Addresses.parseList(null)).isEmpty();
    }
}
