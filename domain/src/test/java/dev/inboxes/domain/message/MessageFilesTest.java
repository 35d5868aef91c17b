package dev.inboxes.domain.message;

import static dev.inboxes.domain.testing.InMemoryMail.ACCOUNT;
import static dev.inboxes.domain.testing.InMemoryMail.OTHER_ACCOUNT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.shared.RandomIds;
import dev.inboxes.domain.testing.InMemoryMail;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

class MessageFilesTest {

    private static final String LINE = "na\u00efve \ud83d\udce6 \u4e2d\u6587 line\r\n";

    private final InMemoryMail mail =
            new InMemoryMail(Clock.fixed(Instant.parse("2026-11-29T21:48:33Z"), ZoneOffset.UTC));
    private final MessageFiles files = new MessageFiles(mail.messages, mail.messageStore);
    private final Inbox inbox = mail.newInbox("reader");

    private NewMessage stored(byte[] raw, List<NewAttachment> attachments) {
        MessageContent content = new MessageContent("a@example.com", null, inbox.address(), null, null, "Files",
                mail.clock.instant(), "<" + RandomIds.base62(12) + "@example.com>", null, List.of(), "see attached",
                null, attachments, raw);
        NewMessage message = MessageService.newMessage(RandomIds.newId(Message.ID_PREFIX), ACCOUNT, inbox.id(),
                content, MessageService.dedupeKey(content), mail.clock.instant());
        assertThat(mail.messageStore.insertAll(List.of(message)).get(0).status()).isEqualTo(StoreOutcome.Status.STORED);
        return message;
    }

    /** Every part of the raw message, as a reader follows them, each at most {@code maxLength} characters. */
    private String readRaw(NewMessage message, int maxLength) {
        StringBuilder whole = new StringBuilder();
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        int start = 0;
        FilePart part;
        do {
            part = files.part(files.raw(ACCOUNT, inbox.id(), message.id(), start), maxLength);
            assertThat(part.start()).isEqualTo(start);
            assertThat(part.text().length()).isLessThanOrEqualTo(Math.max(maxLength, 2));
            assertThat(part.end()).as("a part advances").isGreaterThan(start);
            seen.write(message.content().raw(), part.start(), part.end() - part.start());
            whole.append(part.text());
            start = part.end();
        } while (part.hasMore());
        assertThat(seen.toByteArray()).as("the parts' bytes join to the whole").isEqualTo(message.content().raw());
        return whole.toString();
    }

    @Test
    void theRawMessageReadInPartsJoinsToItsWholeTextEvenWithCharactersLongerThanAByteAtTheEdges() {
        String text = "Subject: caf\u00e9\r\n\r\n" + LINE.repeat(9_000);
        byte[] raw = text.getBytes(StandardCharsets.UTF_8);
        assertThat(raw.length).as("more than one read").isGreaterThan(MessageFiles.WINDOW * 2);
        NewMessage message = stored(raw, List.of());

        assertThat(readRaw(message, 12_000)).isEqualTo(text);
        assertThat(readRaw(message, 100_000)).as("a part never holds more than one read").isEqualTo(text);
    }

    @Test
    void tinyPartsJoinToo() {
        String text = "Subject: \ud83d\udce6\r\n\r\n" + LINE.repeat(50);
        NewMessage message = stored(text.getBytes(StandardCharsets.UTF_8), List.of());

        assertThat(readRaw(message, 1)).isEqualTo(text);
        assertThat(readRaw(message, 7)).isEqualTo(text);
    }

    @Test
    void bytesThatAreNoUtf8ReadAsReplacementCharactersAndTheBytesStillJoin() {
        byte[] raw = {'a', (byte) 0xff, 'b', (byte) 0xe2, (byte) 0x82};
        NewMessage message = stored(raw, List.of());

        assertThat(readRaw(message, 1)).isEqualTo("a\ufffdb\ufffd");
    }

    @Test
    void anAttachmentIsReadAsTextInPartsOrAsBoundedBytesWithItsDescription() {
        byte[] csv = "id,name\n1,Ann\n2,Bob\n".getBytes(StandardCharsets.UTF_8);
        NewMessage message = stored("Subject: x\r\n\r\nx".getBytes(StandardCharsets.US_ASCII),
                List.of(new NewAttachment("people.csv", "text/csv", null, false, csv)));
        String id = message.attachmentIds().get(0);

        FilePart first = files.part(files.attachmentText(ACCOUNT, inbox.id(), message.id(), id, 0), 16);
        assertThat(first.text()).as("ends after a line").isEqualTo("id,name\n1,Ann\n");
        FilePart rest = files.part(files.attachmentText(ACCOUNT, inbox.id(), message.id(), id, first.end()), 100);
        assertThat(rest.text()).isEqualTo("2,Bob\n");
        assertThat(rest.hasMore()).isFalse();

        AttachmentSlice described = files.attachment(ACCOUNT, inbox.id(), message.id(), id, 0, 0);
        assertThat(described.attachment().filename()).isEqualTo("people.csv");
        assertThat(described.slice().bytes()).isEmpty();
        assertThat(described.slice().length()).isEqualTo(csv.length);
        assertThat(files.attachment(ACCOUNT, inbox.id(), message.id(), id, 0, 5).slice().whole()).isFalse();
        assertThat(files.attachment(ACCOUNT, inbox.id(), message.id(), id, 0, csv.length).slice().whole()).isTrue();
    }

    @Test
    void aPartOutsideTheContentIsRefusedAndSaysWhereToStart() {
        NewMessage message = stored("Subject: x\r\n\r\nx".getBytes(StandardCharsets.US_ASCII), List.of());

        assertThatThrownBy(() -> files.raw(ACCOUNT, inbox.id(), message.id(), 15))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("has 15 bytes")
                .hasMessageContaining("from 0 to 14");
        assertThatThrownBy(() -> files.raw(ACCOUNT, inbox.id(), message.id(), -1))
                .isInstanceOf(InvalidArgumentException.class);
    }

    @Test
    void anotherAccountsMessageAndIdsOfNoShapeAreNotFoundAsAMissingOneIs() {
        NewMessage message = stored("Subject: x\r\n\r\nx".getBytes(StandardCharsets.US_ASCII),
                List.of(new NewAttachment("a.txt", "text/plain", null, false, new byte[] {'a'})));
        String id = message.attachmentIds().get(0);

        assertThatThrownBy(() -> files.raw(OTHER_ACCOUNT, inbox.id(), message.id(), 0))
                .isInstanceOf(NotFoundException.class).hasMessageContaining("inbox");
        assertThatThrownBy(() -> files.raw(ACCOUNT, inbox.id(), "msg_\u0000bc", 0))
                .isInstanceOf(NotFoundException.class).hasMessageContaining("No message");
        assertThatThrownBy(() -> files.attachment(ACCOUNT, inbox.id(), message.id(), "att_\u0000", 0, 0))
                .isInstanceOf(NotFoundException.class).hasMessageContaining("No attachment");
        assertThatThrownBy(() -> files.attachment(ACCOUNT, inbox.id(), "msg_00000000000000000000", id, 0, 0))
                .isInstanceOf(NotFoundException.class).hasMessageContaining("No message");
    }

    @Test
    void textTypesAreTheOnesAnAgentCanRead() {
        assertThat(List.of("text/plain", "text/csv; charset=utf-8", "application/json", "application/ld+json",
                "image/svg+xml", "message/rfc822", "APPLICATION/XML")).allMatch(MessageFiles::isText);
        assertThat(List.of("application/pdf", "image/png", "application/octet-stream", "application/zip", ""))
                .noneMatch(MessageFiles::isText);
    }
}
