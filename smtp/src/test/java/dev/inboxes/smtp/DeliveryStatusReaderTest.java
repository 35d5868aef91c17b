package dev.inboxes.smtp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.outbound.DeliveryStatusNotification;
import dev.inboxes.domain.outbound.DeliveryStatusNotification.RecipientStatus;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Reports as the big senders write them (shapes of Postfix, Microsoft Exchange Online and Gmail bounces, with their
 * folded fields, their human parts before the status part and the returned message after it) read into the same
 * per-recipient blocks.
 */
class DeliveryStatusReaderTest {

    private static DeliveryStatusNotification read(String report) {
        return DeliveryStatusReader.read(report.replace("\n", "\r\n").getBytes(StandardCharsets.UTF_8),
                System.nanoTime() + Duration.ofSeconds(2).toNanos()).orElseThrow();
    }

    @Test
    void aPostfixBounceIsReadWithItsFinalRecipientStatusAndDiagnostic() {
        DeliveryStatusNotification report = read("""
                Return-Path: <>
                From: MAILER-DAEMON@mx.example.net (Mail Delivery System)
                Subject: Undelivered Mail Returned to Sender
                To: bounces+dlv_A1b2C3d4E5f6G7h8I9j0@inboxes.test
                Auto-Submitted: auto-replied
                MIME-Version: 1.0
                Content-Type: multipart/report; report-type=delivery-status;
                 boundary="4F1C2A0E4B.1764756000/mx.example.net"

                This is a MIME-encapsulated message.

                --4F1C2A0E4B.1764756000/mx.example.net
                Content-Description: Notification
                Content-Type: text/plain; charset=us-ascii

                This is the mail system at host mx.example.net.

                I'm sorry to have to inform you that your message could not
                be delivered to one or more recipients.

                <bob@example.net>: host mail.example.net[203.0.113.9] said: 550 5.1.1
                    <bob@example.net>: Recipient address rejected: User unknown in virtual
                    mailbox table (in reply to RCPT TO command)

                --4F1C2A0E4B.1764756000/mx.example.net
                Content-Description: Delivery report
                Content-Type: message/delivery-status

                Reporting-MTA: dns; mx.example.net
                X-Postfix-Queue-ID: 4F1C2A0E4B
                X-Postfix-Sender: rfc822; bounces+dlv_A1b2C3d4E5f6G7h8I9j0@inboxes.test
                Arrival-Date: Wed,  3 Dec 2026 10:00:00 +0000 (UTC)

                Final-Recipient: rfc822; bob@example.net
                Original-Recipient: rfc822;bob@example.net
                Action: failed
                Status: 5.1.1
                Remote-MTA: dns; mail.example.net
                Diagnostic-Code: smtp; 550 5.1.1 <bob@example.net>: Recipient address
                    rejected: User unknown in virtual mailbox table

                --4F1C2A0E4B.1764756000/mx.example.net
                Content-Description: Undelivered Message Headers
                Content-Type: text/rfc822-headers

                From: Support <support@inboxes.test>
                To: bob@example.net
                Subject: Your order

                --4F1C2A0E4B.1764756000/mx.example.net--
                """);

        assertThat(report.recipients()).hasSize(1);
        RecipientStatus bob = report.recipients().get(0);
        assertThat(bob.finalRecipient()).isEqualTo("bob@example.net");
        assertThat(bob.action()).isEqualTo("failed");
        assertThat(bob.status()).isEqualTo("5.1.1");
        assertThat(bob.diagnosticCode()).startsWith("550 5.1.1 <bob@example.net>: Recipient address")
                .contains("User unknown in virtual mailbox table");
    }

    @Test
    void anExchangeOnlineBounceWithItsHtmlPartAndBase64StatusIsRead() {
        String status = java.util.Base64.getMimeEncoder().encodeToString("""
                Reporting-MTA: dns;DB9PR01MB1234.eurprd01.prod.exchangelabs.com
                Received-From-MTA: dns;AM0PR01MB5678.eurprd01.prod.exchangelabs.com
                Arrival-Date: Wed, 3 Dec 2026 10:00:01 +0000

                Final-Recipient: rfc822;carol@contoso.example
                Action: failed
                Status: 5.1.10
                Diagnostic-Code: smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup
                """.replace("\n", "\r\n").getBytes(StandardCharsets.US_ASCII));
        DeliveryStatusNotification report = read("""
                From: postmaster@contoso.example
                To: bounces+dlv_A1b2C3d4E5f6G7h8I9j0@inboxes.test
                Subject: Undeliverable: Your order
                Content-Type: multipart/report; report-type=delivery-status;
                 boundary="_000_DB9PR01MB1234_"
                MIME-Version: 1.0

                --_000_DB9PR01MB1234_
                Content-Type: multipart/alternative; boundary="_002_DB9PR01MB1234_"

                --_002_DB9PR01MB1234_
                Content-Type: text/plain; charset="us-ascii"

                Your message to carol@contoso.example couldn't be delivered.

                --_002_DB9PR01MB1234_
                Content-Type: text/html; charset="us-ascii"

                <html><body><b>Your message to carol@contoso.example couldn't be delivered.</b></body></html>

                --_002_DB9PR01MB1234_--

                --_000_DB9PR01MB1234_
                Content-Type: message/delivery-status
                Content-Transfer-Encoding: base64

                """ + status + """

                --_000_DB9PR01MB1234_
                Content-Type: message/rfc822

                From: Support <support@inboxes.test>
                To: carol@contoso.example
                Subject: Your order

                Hello
                --_000_DB9PR01MB1234_--
                """);

        assertThat(report.recipients()).singleElement().satisfies(carol -> {
            assertThat(carol.finalRecipient()).isEqualTo("carol@contoso.example");
            assertThat(carol.action()).isEqualTo("failed");
            assertThat(carol.status()).isEqualTo("5.1.10");
            assertThat(carol.diagnosticCode()).startsWith("550 5.1.10 RESOLVER.ADR.RecipientNotFound");
        });
    }

    @Test
    void aGmailBounceOfTwoRecipientsOneDelayedIsReadBlockByBlock() {
        DeliveryStatusNotification report = read("""
                From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
                To: bounces+dlv_A1b2C3d4E5f6G7h8I9j0@inboxes.test
                Auto-Submitted: auto-replied
                Subject: Delivery Status Notification (Failure)
                Content-Type: multipart/report; boundary="000000000000a1b2c3d4e5f6a7b8"; report-type=delivery-status
                MIME-Version: 1.0

                --000000000000a1b2c3d4e5f6a7b8
                Content-Type: multipart/related; boundary="000000000000b1b2c3d4e5f6a7b8"

                --000000000000b1b2c3d4e5f6a7b8
                Content-Type: text/html; charset="UTF-8"

                <html><p>Address not found</p></html>
                --000000000000b1b2c3d4e5f6a7b8--

                --000000000000a1b2c3d4e5f6a7b8
                Content-Type: message/delivery-status

                Reporting-MTA: dns; googlemail.com
                Received-From-MTA: dns; support@inboxes.test
                Arrival-Date: Wed, 03 Dec 2026 02:00:02 -0800 (PST)
                X-Original-Message-ID: <msg_3kX9TqL0vB7nM2cR8wZ4@inboxes.test>

                Final-Recipient: rfc822; dave.nobody@gmail.com
                Action: failed
                Status: 5.1.1
                Remote-MTA: dns; gmail-smtp-in.l.google.com. (2607:f8b0:4004:c09::1a, the
                 server for the domain gmail.com.)
                Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does
                 not exist. Please try double-checking the recipient's email address for typos or
                 unnecessary spaces. https://support.google.com/mail/?p=NoSuchUser
                Last-Attempt-Date: Wed, 03 Dec 2026 02:00:03 -0800 (PST)

                Final-Recipient: rfc822; erin@example.org
                Action: delayed
                Status: 4.4.1
                Diagnostic-Code: smtp; 421 4.4.1 Connection timed out
                Will-Retry-Until: Fri, 05 Dec 2026 02:00:02 -0800 (PST)

                --000000000000a1b2c3d4e5f6a7b8
                Content-Type: message/rfc822

                From: support@inboxes.test
                Subject: Your order

                Hello
                --000000000000a1b2c3d4e5f6a7b8--
                """);

        assertThat(report.recipients()).extracting(RecipientStatus::finalRecipient, RecipientStatus::action,
                RecipientStatus::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("dave.nobody@gmail.com", "failed", "5.1.1"),
                org.assertj.core.groups.Tuple.tuple("erin@example.org", "delayed", "4.4.1"));
        assertThat(report.recipients().get(0).diagnosticCode()).startsWith("550-5.1.1 The email account")
                .contains("https://support.google.com/mail/?p=NoSuchUser");
    }
}
