package dev.inboxes.domain.message;

import static dev.inboxes.domain.testing.InMemoryMail.ACCOUNT;
import static dev.inboxes.domain.testing.InMemoryMail.OTHER_ACCOUNT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.inbox.Inbox;
import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.NotFoundException;
import dev.inboxes.domain.testing.InMemoryMail;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class MessageBodiesTest {

    private final InMemoryMail mail =
            new InMemoryMail(Clock.fixed(Instant.parse("2026-11-29T21:48:33Z"), ZoneOffset.UTC));
    private final MessageBodies bodies = new MessageBodies(mail.messages, mail.cursors);
    private final Inbox inbox = mail.newInbox("reader");

    private Message record(String text) {
        return mail.messages.record(ACCOUNT, inbox.id(), RecordMessage.of("news@example.com", null, "News", text));
    }

    /** Reads the whole text in parts of at most {@code maxLength} characters, as an agent would. */
    private List<BodyPart> readAll(Message message, int maxLength) {
        List<BodyPart> parts = new ArrayList<>();
        String cursor = null;
        do {
            BodyPart part = bodies.part(bodies.read(ACCOUNT, inbox.id(), message.id(), cursor, true), maxLength);
            assertThat(part.text().length()).as("at most the budget, or one whole character")
                    .isLessThanOrEqualTo(Math.max(maxLength, 2));
            parts.add(part);
            cursor = part.nextCursor();
        } while (cursor != null);
        return parts;
    }

    @Test
    void withoutQuotesThePartsJoinToTheTextWithoutItsHistoryAndTheirCursorsStayInThatReading() {
        String reply = "Agreed, ship it.\n\n" + "On Mon, 1 Dec 2026 at 10:00, Ann <ann@example.com> wrote:\n"
                + "> Shall we ship?\n".repeat(400);
        Message message = record(reply);

        BodyRead first = bodies.read(ACCOUNT, inbox.id(), message.id(), null, false);
        BodyPart part = bodies.part(first, 10);

        assertThat(first.text()).isEqualTo("Agreed, ship it.");
        assertThat(first.view().droppedLines()).isEqualTo(401);
        assertThat(part.length()).isEqualTo("Agreed, ship it.".length());
        BodyPart rest = bodies.part(bodies.read(ACCOUNT, inbox.id(), message.id(), part.nextCursor(), false), 100);
        assertThat(part.text() + rest.text()).isEqualTo("Agreed, ship it.");
        assertThatThrownBy(() -> bodies.read(ACCOUNT, inbox.id(), message.id(), part.nextCursor(), true))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("quotes");
    }

    @Test
    void partsJoinToTheWholeTextAndEndAfterParagraphs() {
        StringBuilder text = new StringBuilder();
        List<String> paragraphs = new ArrayList<>();
        Random random = new Random(13);
        for (int i = 0; i < 200; i++) {
            String paragraph = "Paragraph " + i + ": " + "lorem ipsum ".repeat(10 + random.nextInt(30)).strip() + ".";
            paragraphs.add(paragraph);
            text.append(paragraph).append("\n\n");
        }
        Message message = record(text.toString());

        List<BodyPart> parts = readAll(message, 3_000);

        assertThat(String.join("", parts.stream().map(BodyPart::text).toList())).isEqualTo(text.toString());
        for (BodyPart part : parts) {
            assertThat(part.text()).as("a part ends after a paragraph").endsWith("\n\n");
            assertThat(part.length()).isEqualTo(text.length());
        }
        for (int i = 1; i < parts.size(); i++) {
            assertThat(parts.get(i).start()).isEqualTo(parts.get(i - 1).end());
        }
        assertThat(parts.get(parts.size() - 1).hasMore()).isFalse();
    }

    @Test
    void withoutParagraphsAPartEndsAfterALineThenAfterAWordThenAnywhereButInsideASurrogatePair() {
        assertThat(MessageBodies.end("a".repeat(15) + "\n" + "b c".repeat(30), 0, 20)).isEqualTo(16);
        assertThat(MessageBodies.end("a".repeat(16) + " " + "b".repeat(30), 0, 20)).isEqualTo(17);
        assertThat(MessageBodies.end("a".repeat(5) + "\n" + "b".repeat(30), 0, 20))
                .as("a line end too far back (over a quarter of the part) is not worth it").isEqualTo(20);
        assertThat(MessageBodies.end("x".repeat(50), 0, 20)).isEqualTo(20);
        String emoji = "\uD83D\uDE00".repeat(30);
        assertThat(MessageBodies.end(emoji, 0, 21)).isEqualTo(20);
        assertThat(MessageBodies.end(emoji, 0, 1)).as("a pair is never split, even for a budget of one").isEqualTo(2);
        assertThat(MessageBodies.end("short", 0, 20)).isEqualTo(5);
        assertThat(MessageBodies.end("", 0, 20)).isZero();
    }

    @Test
    void surrogatePairsAndOddBudgetsLoseNoCharacter() {
        String text = "a\uD83D\uDE00b\n\n".repeat(2_000) + "end";
        Message message = record(text);
        for (int budget : new int[] {1, 2, 3, 7, 100, 4_999}) {
            List<BodyPart> parts = readAll(message, budget);
            String joined = String.join("", parts.stream().map(BodyPart::text).toList());
            assertThat(joined).isEqualTo(text);
            for (BodyPart part : parts) {
                assertThat(Character.isHighSurrogate(part.text().charAt(part.text().length() - 1))).isFalse();
            }
        }
    }

    @Test
    void anEmptyTextIsOnePart() {
        BodyPart part = bodies.part(bodies.read(ACCOUNT, inbox.id(), record("").id(), null, true), 100);
        assertThat(part.text()).isEmpty();
        assertThat(part.hasMore()).isFalse();
    }

    @Test
    void aBodyCursorBelongsToItsMessageAndAccount() {
        Message message = record("x".repeat(500));
        Message other = record("y".repeat(500));
        String cursor = bodies.part(bodies.read(ACCOUNT, inbox.id(), message.id(), null, true), 100).nextCursor();

        assertThatThrownBy(() -> bodies.read(ACCOUNT, inbox.id(), other.id(), cursor, true))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("another message")
                .hasMessageContaining("Omit body_cursor");
        assertThatThrownBy(() -> bodies.read(OTHER_ACCOUNT, inbox.id(), message.id(), cursor, true))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("another account");
        assertThatThrownBy(() -> bodies.read(ACCOUNT, inbox.id(), message.id(), cursor.substring(1), true))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("malformed");
        assertThatThrownBy(() -> bodies.read(ACCOUNT, inbox.id(), message.id(), "\u0000\uD800" + "A".repeat(5000), true))
                .isInstanceOf(InvalidArgumentException.class).hasMessageContaining("body_cursor");
        assertThat(bodies.read(ACCOUNT, inbox.id(), message.id(), "  ", true).start()).as("blank: from the start").isZero();
        assertThat(bodies.read(ACCOUNT, inbox.id(), message.id(), cursor, true).start()).isEqualTo(100);
    }

    @Test
    void aMissingMessageIsNotFoundWithOrWithoutCursor() {
        Message message = record("x".repeat(500));
        String cursor = bodies.part(bodies.read(ACCOUNT, inbox.id(), message.id(), null, true), 100).nextCursor();
        mail.messages.delete(ACCOUNT, inbox.id(), message.id());

        assertThatThrownBy(() -> bodies.read(ACCOUNT, inbox.id(), message.id(), cursor, true))
                .isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> bodies.read(ACCOUNT, inbox.id(), message.id(), null, true))
                .isInstanceOf(NotFoundException.class);
    }
}
