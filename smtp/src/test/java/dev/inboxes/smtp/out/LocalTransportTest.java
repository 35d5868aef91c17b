package dev.inboxes.smtp.out;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.mail.MailDelivery;
import dev.inboxes.domain.mail.Recipient;
import dev.inboxes.domain.mail.RecipientDirectory;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.message.StoreOutcome;
import dev.inboxes.domain.outbound.OutgoingMail;
import dev.inboxes.domain.outbound.TransportReply;
import dev.inboxes.domain.testing.InMemoryInboxStore;
import dev.inboxes.domain.testing.InMemoryMessageStore;
import dev.inboxes.smtp.InboxIntake;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Mail from one inbox of the service to another, delivered through the receiver's own path. */
class LocalTransportTest {

    private static final String SENDER = "bounces+d1@inboxes.test";
    private static final String INBOX_ADDRESS = "sales@inboxes.test";

    private final InMemoryInboxStore inboxes = new InMemoryInboxStore();
    private final RecordingStore store = new RecordingStore(inboxes);
    private final InMemorySigningKeys keys = new InMemorySigningKeys();
    private volatile boolean directoryDown;
    private final RecipientDirectory directory = new RecipientDirectory() {
        @Override
        public Optional<Recipient> findByAddress(String address) {
            if (directoryDown) {
                throw new IllegalStateException("database away");
            }
            return address.equals(INBOX_ADDRESS) ? Optional.of(new Recipient("acc_1", "inb_1", INBOX_ADDRESS))
                    : Optional.empty();
        }

        @Override
        public void forget(String address) {
        }
    };
    private final LocalTransport transport = new LocalTransport(
            new InboxIntake(new MailDelivery(directory, store, "inboxes.test", Clock.systemUTC())), 64 * 1024,
            "mx.inboxes.test", Clock.systemUTC());

    LocalTransportTest() {
        inboxes.add("acc_1", new Inbox("inb_1", INBOX_ADDRESS, "Sales", Instant.now()));
    }

    @Test
    void mailToAnInboxIsStoredAsReceivedMailWithItsSignatureIntact() throws Exception {
        byte[] raw = signed("Quote 7");

        TransportReply reply = transport.send(SENDER, "Sales+quotes@inboxes.test", raw);

        assertThat(reply.code()).isEqualTo(250);
        assertThat(reply.text()).isEqualTo("2.0.0 Ok: stored for 1 inbox");
        assertThat(store.batches).singleElement().satisfies(batch -> assertThat(batch).singleElement()
                .satisfies(message -> {
                    assertThat(message.inboxId()).isEqualTo("inb_1");
                    assertThat(message.content().subject()).isEqualTo("Quote 7");
                    assertThat(message.content().messageIdHeader()).isEqualTo("<local-1@inboxes.test>");
                    String stored = new String(message.content().raw(), StandardCharsets.US_ASCII);
                    assertThat(stored).startsWith("Received: by mx.inboxes.test (Inboxes) with LOCAL\r\n\tfor <"
                            + INBOX_ADDRESS + ">;\r\n\t").endsWith(new String(raw, StandardCharsets.US_ASCII));
                    assertThat(DkimCheck.verifies(message.content().raw(), keys.all().get(0))).isTrue();
                }));
    }

    @Test
    void aSecondDeliveryOfTheSameMessageStoresNothingNew() {
        byte[] raw = signed("Quote 8");
        transport.send(SENDER, INBOX_ADDRESS, raw);

        TransportReply again = transport.send(SENDER, INBOX_ADDRESS, raw);

        assertThat(again.code()).isEqualTo(250);
        assertThat(again.text()).contains("already held by 1");
    }

    @Test
    void anUnknownInboxIs550() {
        TransportReply reply = transport.send(SENDER, "nobody@inboxes.test", signed("Hi"));

        assertThat(reply.code()).isEqualTo(550);
        assertThat(reply.text()).startsWith("5.1.1 <nobody@inboxes.test>");
        assertThat(reply.isPermanent()).isTrue();
    }

    @Test
    void aMessageOverTheReceiversLimitIs552() {
        byte[] big = new byte[64 * 1024 + 1];

        TransportReply reply = transport.send(SENDER, INBOX_ADDRESS, big);

        assertThat(reply.code()).isEqualTo(552);
        assertThat(reply.text()).startsWith("5.3.4");
        assertThat(store.batches).isEmpty();
    }

    @Test
    void aFailedLookupOrStoreIsTemporary() {
        directoryDown = true;
        TransportReply lookup = transport.send(SENDER, INBOX_ADDRESS, signed("Hi"));
        directoryDown = false;
        store.failing = true;
        TransportReply stored = transport.send(SENDER, INBOX_ADDRESS, signed("Hi"));

        assertThat(lookup.code()).isEqualTo(451);
        assertThat(lookup.text()).startsWith("4.3.0");
        assertThat(stored.code()).isEqualTo(451);
        assertThat(stored.isPermanent()).isFalse();
    }

    @Test
    void anInboxDeletedBeforeTheStoreIs550() {
        inboxes.delete("acc_1", "inb_1");

        TransportReply reply = transport.send(SENDER, INBOX_ADDRESS, signed("Hi"));

        assertThat(reply.code()).isEqualTo(550);
        assertThat(reply.text()).startsWith("5.1.1");
    }

    private byte[] signed(String subject) {
        return new MimeComposer(keys, Clock.systemUTC()).compose(new OutgoingMail("support-bot@inboxes.test", null,
                List.of(INBOX_ADDRESS), List.of(), List.of(), null, subject, "Hello.", null, List.of(), null,
                "<local-1@inboxes.test>", null, List.of(),
                Instant.now().truncatedTo(ChronoUnit.SECONDS).minusSeconds(60)));
    }

    /** The in-memory store, keeping each batch it was given, and failing on request as a lost database does. */
    private static final class RecordingStore extends InMemoryMessageStore {

        final List<List<NewMessage>> batches = new ArrayList<>();
        volatile boolean failing;

        RecordingStore(InMemoryInboxStore inboxes) {
            super(inboxes);
        }

        @Override
        public List<StoreOutcome> insertAll(List<NewMessage> batch) {
            if (failing) {
                throw new IllegalStateException("database away");
            }
            batches.add(List.copyOf(batch));
            return super.insertAll(batch);
        }
    }
}
