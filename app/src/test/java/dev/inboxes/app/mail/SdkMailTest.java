package dev.inboxes.app.mail;

import static dev.inboxes.app.support.Smtp.crlf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.app.support.Api;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.app.support.Smtp;
import dev.inboxes.sdk.CreateInboxParams;
import dev.inboxes.sdk.Inbox;
import dev.inboxes.sdk.InboxesClient;
import dev.inboxes.sdk.Message;
import dev.inboxes.sdk.MessageDetail;
import dev.inboxes.sdk.NotFoundException;
import dev.inboxes.smtp.SmtpReceiver;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The SDK reads received mail whole: the message, its raw bytes and its attachments, and deletes it. */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class SdkMailTest {

    @Inject
    SmtpReceiver receiver;

    @Test
    void getMessageRawAttachmentAndDelete() throws Exception {
        InboxesClient client = InboxesClient.builder().baseUrl(Api.baseUrl()).apiKey(Api.newAccount()).build();
        Inbox inbox = client.createInbox(CreateInboxParams.builder().username("sdk-mail-" + System.nanoTime()).build());
        byte[] sent = crlf("""
                From: Reports <reports@analytics.example>
                To: %s
                Subject: Daily report
                Message-ID: <daily-%d@analytics.example>
                MIME-Version: 1.0
                Content-Type: multipart/mixed; boundary=r

                --r
                Content-Type: text/plain; charset=utf-8

                Attached: today's figures.
                --r
                Content-Type: text/csv; name="figures.csv"
                Content-Disposition: attachment

                day,visits
                2026-11-29,4242
                --r--
                """.formatted(inbox.address(), System.nanoTime()));
        Smtp.send(receiver.port(), sent, "reports@analytics.example", inbox.address());

        List<Message> messages = client.listMessages(inbox.id());
        assertThat(messages).hasSize(1);
        Message row = messages.get(0);
        assertThat(row.hasAttachments()).isTrue();
        assertThat(row.threadId()).startsWith("thr_");

        MessageDetail detail = client.getMessage(inbox.id(), row.id());
        assertThat(detail.fromName()).isEqualTo("Reports");
        assertThat(detail.text()).isEqualTo("Attached: today's figures.");
        assertThat(detail.attachments()).singleElement().satisfies(attachment -> {
            assertThat(attachment.filename()).isEqualTo("figures.csv");
            assertThat(attachment.contentType()).isEqualTo("text/csv");
        });
        byte[] csv = client.downloadAttachment(inbox.id(), row.id(), detail.attachments().get(0).id());
        assertThat(new String(csv, StandardCharsets.US_ASCII)).isEqualTo("day,visits\r\n2026-11-29,4242");
        byte[] raw = client.getRawMessage(inbox.id(), row.id());
        assertThat(Arrays.copyOfRange(raw, raw.length - sent.length, raw.length)).isEqualTo(sent);

        client.deleteMessage(inbox.id(), row.id());
        assertThat(client.listMessages(inbox.id())).isEmpty();
        assertThatThrownBy(() -> client.getMessage(inbox.id(), row.id())).isInstanceOf(NotFoundException.class);
        assertThatThrownBy(() -> client.getRawMessage(inbox.id(), row.id())).isInstanceOf(NotFoundException.class)
                .hasMessageContaining("list the inbox's messages");
        assertThatThrownBy(() -> client.getMessage(inbox.id(), " ")).isInstanceOf(IllegalArgumentException.class);
    }
}
