package dev.inboxes.domain.event;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.shared.InvalidArgumentException;
import org.junit.jupiter.api.Test;

class EventTypeTest {

    @Test
    void namesTheContractsTypesAndRefusesOthersNamingTheAllowedOnes() {
        assertThat(EventType.WIRE_NAMES).containsExactly("message.received", "message.sent", "message.deferred",
                "message.bounced", "message.failed", "inbox.created", "inbox.deleted");
        assertThat(EventType.parse("type", "inbox.deleted")).isEqualTo(EventType.INBOX_DELETED);
        assertThatThrownBy(() -> EventType.parse("type", "Inbox.Deleted\u0000"))
                .isInstanceOf(InvalidArgumentException.class)
                .hasMessageContaining("message.received, message.sent").hasMessageContaining("\\u0000");
    }
}
