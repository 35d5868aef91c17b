package dev.inboxes.smtp.out;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.outbound.OutgoingMail;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/** What the transport tests hand a transport: one message of the test domain, composed and DKIM-signed. */
final class SignedTestMail {

    static final String SENDER = "bounces+d1@inboxes.test";
    static final String RECIPIENT = "alice@example.com";

    private SignedTestMail() {
    }

    /** A message to {@link #RECIPIENT}, dated a minute ago in whole seconds, signed with the domain's key. */
    static byte[] compose(InMemorySigningKeys keys, String fromName, String subject, String text, String messageId) {
        Instant date = Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(60);
        return new MimeComposer(keys, Clock.systemUTC()).compose(new OutgoingMail("support-bot@inboxes.test",
                fromName, List.of(RECIPIENT), List.of(), List.of(), null, subject, text, null, List.of(), null,
                messageId, null, List.of(), date));
    }

    /** The sink took this message alone, from {@link #SENDER} for {@link #RECIPIENT}, bytes and signature intact. */
    static void assertReceivedUnchanged(RelaySink sink, byte[] raw, InMemorySigningKeys keys) {
        assertThat(sink.received).singleElement().satisfies(received -> {
            assertThat(received.sender()).isEqualTo(SENDER);
            assertThat(received.recipients()).containsExactly(RECIPIENT);
            assertThat(received.data()).isEqualTo(raw);
        });
        assertThat(DkimCheck.verifies(sink.received.get(0).data(), keys.all().get(0))).isTrue();
    }
}
