package dev.inboxes.domain.message;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuotedHistoryTest {

    @Test
    void aGmailReplyLosesItsAttributionAndQuotedLines() {
        String reply = """
                Thanks, that fixed it.

                On Mon, 1 Dec 2026 at 10:00, Ann Lee <ann@example.com> wrote:
                > Try restarting the router.
                >
                > > Is the service down?
                """;

        QuotedHistory.Stripped stripped = QuotedHistory.strip(reply);

        assertThat(stripped.text()).isEqualTo("Thanks, that fixed it.");
        assertThat(stripped.droppedLines()).isEqualTo(4); // the attribution and three quoted lines
        assertThat(stripped.droppedCharacters()).isEqualTo(reply.length() - stripped.text().length());
    }

    @Test
    void anAttributionWrappedOverTwoLinesIsRecognised() {
        String reply = "Yes.\n\nOn Mon, Dec 1, 2026 at 10:00 AM Ann Lee <ann@example.com>\nwrote:\n> Shall we meet?";

        assertThat(QuotedHistory.strip(reply).text()).isEqualTo("Yes.");
    }

    @Test
    void interleavedAnswersKeepTheirOwnLines() {
        String reply = "> When can you come?\nTuesday.\n> Which address?\nThe office.";

        assertThat(QuotedHistory.strip(reply).text()).isEqualTo("Tuesday.\nThe office.");
    }

    @Test
    void anOutlookReplyLosesEverythingFromItsHeaderBlock() {
        String reply = """
                Approved.

                Bob
                ________________________________
                From: Ann Lee <ann@example.com>
                Sent: Monday, December 1, 2026 10:00 AM
                To: Bob <bob@example.com>
                Subject: Budget

                Please approve the budget.
                """;

        assertThat(QuotedHistory.strip(reply).text()).isEqualTo("Approved.\n\nBob");
        assertThat(QuotedHistory.strip("Fine.\n-----Original Message-----\nFrom: a\nhello").text()).isEqualTo("Fine.");
        assertThat(QuotedHistory.strip("Fine.\n\nFrom: Ann\nSent: Monday\nTo: Bob\nSubject: x\n\nold").text())
                .isEqualTo("Fine.");
    }

    @Test
    void crlfLineEndsAreRecognisedToo() {
        String reply = "Thanks.\r\n\r\nOn Mon, 1 Dec 2026 at 10:00, Ann <ann@example.com> wrote:\r\n> Hello\r\n";

        assertThat(QuotedHistory.strip(reply).text()).isEqualTo("Thanks.");
        assertThat(QuotedHistory.strip("Fine.\r\n-----Original Message-----\r\nFrom: a\r\nold").text())
                .isEqualTo("Fine.");
    }

    @Test
    void textThatOnlyLooksLikeHistoryIsKept() {
        String text = "From: the desk of the CEO\nWe grew 5% > last year.\nOn reflection, we wrote: nothing.\nok";

        QuotedHistory.Stripped stripped = QuotedHistory.strip(text);

        assertThat(stripped.text()).isSameAs(text);
        assertThat(stripped.droppedLines()).isZero();
        assertThat(QuotedHistory.strip(null).text()).isNull();
    }
}
