package dev.inboxes.domain.outbound;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.outbound.DeliveryStatusNotification.RecipientStatus;
import dev.inboxes.domain.paging.PageLimits;
import dev.inboxes.domain.paging.PageRequest;
import dev.inboxes.domain.testing.SentMail;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reports that come back to a delivery's envelope sender, over the in-memory stores. */
class BouncesTest {

    private static final String ACCOUNT = SentMail.ACCOUNT;

    private final Clock clock = Clock.fixed(Instant.parse("2026-12-03T10:00:00Z"), ZoneOffset.UTC);
    private final SentMail mail = new SentMail(clock);
    private final SuppressionService suppressions = new SuppressionService(mail.suppressions, mail.cursors);
    private final Bounces bounces = new Bounces(mail.outbox, mail.suppressions, "Inboxes.TEST", clock);

    private static DeliveryStatusNotification report(String action, String status, String diagnostic) {
        return new DeliveryStatusNotification(List.of(new RecipientStatus("bob@example.com", action, status,
                diagnostic)));
    }

    private List<Suppression> suppressed() {
        return suppressions.list(ACCOUNT, PageRequest.parse(null, null, PageLimits.PROGRAMS)).items();
    }

    @Test
    void aPermanentFailureBouncesASentDeliveryAndSuppressesItsRecipient() {
        Delivery sent = mail.sentTo("Bob@Example.com");

        Bounces.Outcome outcome = bounces.report(sent.id(), report("failed", "5.1.1",
                "550 5.1.1 <bob@example.com>: Recipient address rejected"));

        assertThat(outcome).isEqualTo(Bounces.Outcome.HARD_BOUNCE);
        Delivery bounced = mail.delivery(sent.messageId());
        assertThat(bounced.status()).isEqualTo(DeliveryStatus.BOUNCED);
        assertThat(bounced.smtpReply()).isEqualTo("bounced after delivery (report 5.1.1): 550 5.1.1 "
                + "<bob@example.com>: Recipient address rejected");
        assertThat(bounced.attempts()).isEqualTo(1);
        assertThat(suppressed()).containsExactly(new Suppression("bob@example.com", Suppression.HARD_BOUNCE,
                clock.instant()));
        assertThat(bounces.report(sent.id(), report("failed", "5.1.1", "550 again"))).as("the same report again")
                .isEqualTo(Bounces.Outcome.HARD_BOUNCE);
        assertThat(suppressed()).hasSize(1);
    }

    @Test
    void aTemporaryFailureBouncesWithoutSuppressingAndADelayChangesNothing() {
        Delivery delayed = mail.sentTo("carol@example.com");
        Delivery failed = mail.sentTo("dave@example.com");

        assertThat(bounces.report(delayed.id(), report("delayed", "4.4.7", "421 try later")))
                .isEqualTo(Bounces.Outcome.NO_CHANGE);
        assertThat(bounces.report(failed.id(), report("failed", "4.4.7", "421 gave up after 5 days")))
                .isEqualTo(Bounces.Outcome.SOFT_BOUNCE);

        assertThat(mail.delivery(delayed.messageId()).status()).isEqualTo(DeliveryStatus.SENT);
        assertThat(mail.delivery(failed.messageId()).status()).isEqualTo(DeliveryStatus.BOUNCED);
        assertThat(suppressed()).isEmpty();
    }

    @Test
    void theWorstRecipientBlockCountsAndAMissingStatusIsReadFromTheDiagnostic() {
        Delivery sent = mail.sentTo("bob@example.com");
        DeliveryStatusNotification mixed = new DeliveryStatusNotification(List.of(
                new RecipientStatus("x@example.com", "delayed", "4.0.0", null),
                new RecipientStatus("bob@example.com", "failed", "garbage", "smtp-less 554 no thanks")));

        assertThat(bounces.report(sent.id(), mixed)).isEqualTo(Bounces.Outcome.SOFT_BOUNCE);
        Delivery other = mail.sentTo("erin@example.com");
        assertThat(bounces.report(other.id(), report("failed", null, "554 5.7.1 rejected")))
                .isEqualTo(Bounces.Outcome.HARD_BOUNCE);
        assertThat(mail.delivery(other.messageId()).smtpReply()).startsWith("bounced after delivery (report 5.0.0)");
    }

    @Test
    void aReportForAnUnknownDeliveryAndAMessageThatIsNoReportAreDropped() {
        assertThat(bounces.report("dlv_AAAAAAAAAAAAAAAAAAAA", report("failed", "5.1.1", "550 no")))
                .isEqualTo(Bounces.Outcome.UNKNOWN_DELIVERY);
        Delivery sent = mail.sentTo("bob@example.com");
        assertThat(bounces.report(sent.id(), null)).isEqualTo(Bounces.Outcome.NOT_A_REPORT);
        assertThat(bounces.report(sent.id(), new DeliveryStatusNotification(List.of())))
                .isEqualTo(Bounces.Outcome.NOT_A_REPORT);
        assertThat(mail.delivery(sent.messageId()).status()).isEqualTo(DeliveryStatus.SENT);
        assertThat(suppressed()).isEmpty();
    }

    @Test
    void aHostileDiagnosticIsKeptAsOneBoundedLineOfPrintableText() {
        Delivery sent = mail.sentTo("bob@example.com");
        String hostile = "550\r\n\t5.1.1\u0000 \u202Egnp.exe\u200B " + "x".repeat(10_000) + " \uD800";

        bounces.report(sent.id(), report("failed", "5.1.1", hostile));

        String reply = mail.delivery(sent.messageId()).smtpReply();
        assertThat(reply).startsWith("bounced after delivery (report 5.1.1): 550 5.1.1 gnp.exe x")
                .hasSizeLessThanOrEqualTo(Bounces.MAX_REPLY_LENGTH + 1).endsWith("…")
                .doesNotContain("\r", "\n", "\t", "\u0000", "\u202E", "\u200B", "\uD800");
    }

    @Test
    void onlyABounceAddressOfTheMailDomainWithADeliveryIdShapedTokenNamesADelivery() {
        assertThat(bounces.deliveryIdOf("bounces+dlv_A1b2C3d4E5f6G7h8I9j0@inboxes.test"))
                .contains("dlv_A1b2C3d4E5f6G7h8I9j0");
        assertThat(bounces.deliveryIdOf("BOUNCES+dlv_A1b2C3d4E5f6G7h8I9j0@Inboxes.Test."))
                .contains("dlv_A1b2C3d4E5f6G7h8I9j0");
        assertThat(bounces.deliveryIdOf("bounces+dlv_A1b2C3d4E5f6G7h8I9j@inboxes.test")).isEmpty();
        assertThat(bounces.deliveryIdOf("bounces+dlv_A1b2C3d4E5f6G7h8I9j0@example.com")).isEmpty();
        assertThat(bounces.deliveryIdOf("bounces+msg_A1b2C3d4E5f6G7h8I9j0@inboxes.test")).isEmpty();
        assertThat(bounces.deliveryIdOf("bounces+dlv_A1b2C3d4E5f6G7h8I9-0@inboxes.test")).isEmpty();
        assertThat(bounces.deliveryIdOf("support+dlv_A1b2C3d4E5f6G7h8I9j0@inboxes.test")).isEmpty();
        assertThat(bounces.deliveryIdOf("bounces@inboxes.test")).isEmpty();
        assertThat(bounces.isBounceAddress("Bounces+anything@inboxes.test")).isTrue();
        assertThat(bounces.isBounceAddress("bounces@inboxes.test")).isFalse();
        assertThat(bounces.isBounceAddress("bounces+dlv_A1b2C3d4E5f6G7h8I9j0@example.com")).isFalse();
        assertThat(bounces.isBounceAddress("support+bounces@inboxes.test")).isFalse();
    }
}
