package dev.inboxes.smtp.out;

import dev.inboxes.domain.message.NewAttachment;
import dev.inboxes.domain.outbound.Addresses;
import dev.inboxes.domain.outbound.MailComposer;
import dev.inboxes.domain.outbound.OutgoingMail;
import dev.inboxes.domain.outbound.SigningKeyStore;
import dev.inboxes.domain.outbound.SigningKeys;
import jakarta.activation.DataHandler;
import jakarta.mail.Address;
import jakarta.mail.MessagingException;
import jakarta.mail.Part;
import jakarta.mail.Session;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import jakarta.mail.internet.MimePart;
import jakarta.mail.internet.MimeUtility;
import jakarta.mail.internet.PreencodedMimeBodyPart;
import jakarta.mail.util.ByteArrayDataSource;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Clock;
import java.util.Arrays;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Properties;

/**
 * Writes outbound mail as MIME with Angus Mail and signs it with the From domain's DKIM key. The result has CRLF
 * line ends only and stays 7-bit wherever the content allows (text is quoted-printable or base64 when it must be,
 * attachments always base64), so no relay has to convert it on the way, which would break the signature. Bcc
 * recipients are never written.
 *
 * <p>Not a CDI bean by itself: the application builds it with its {@link SigningKeyStore}.
 */
// Angus Mail writes text and multipart parts through the content handlers its mailcap names, made by name, and every
// Session (this composer's, the SMTP clients') finds its coding streams, mailcap and MIME type registries through
// ServiceLoader, which a Quarkus native image serves only from registered classes and the service files that
// quarkus.native.resources.includes names: registered so that a native executable writes and sends them too.
@io.quarkus.runtime.annotations.RegisterForReflection(classNames = {"org.eclipse.angus.mail.handlers.text_plain",
        "org.eclipse.angus.mail.handlers.text_html", "org.eclipse.angus.mail.handlers.multipart_mixed",
        "org.eclipse.angus.mail.handlers.message_rfc822", "org.eclipse.angus.mail.util.MailStreamProvider",
        "org.eclipse.angus.activation.MailcapRegistryProviderImpl",
        "org.eclipse.angus.activation.MimeTypeRegistryProviderImpl"})
public final class MimeComposer implements MailComposer {

    private static final String UTF_8 = "UTF-8";
    static final String FORWARDED_FILENAME = "forwarded-message.eml";
    private static final int MAX_LINE = 998;

    private final MessageSigner signer;
    private final Session session;

    public MimeComposer(SigningKeyStore keyStore, Clock clock) {
        this.signer = new MessageSigner(new SigningKeys(keyStore, clock), clock);
        Properties properties = new Properties();
        // An internationalized address (RFC 6531) is written as UTF-8 instead of being cut to Latin-1; names and
        // the subject are still RFC 2047 words.
        properties.setProperty("mail.mime.allowutf8", "true");
        this.session = Session.getInstance(properties);
    }

    @Override
    public byte[] compose(OutgoingMail mail) {
        try {
            return signer.sign(unsigned(mail), Addresses.domainOf(mail.from()));
        } catch (MessagingException | IOException e) {
            throw new IllegalStateException("Cannot write the message " + mail.messageIdHeader() + ": " + e, e);
        }
    }

    /** The message as MIME, before it is signed. */
    byte[] unsigned(OutgoingMail mail) throws MessagingException, IOException {
        MimeMessage message = new GivenIdMessage(session, mail.messageIdHeader());
        setAddresses(message, "From", new Address[] {new InternetAddress(mail.from(), mail.fromName(), UTF_8)});
        setAddresses(message, "To", addresses(mail.to()));
        if (!mail.cc().isEmpty()) {
            setAddresses(message, "Cc", addresses(mail.cc()));
        }
        if (mail.replyTo() != null) {
            setAddresses(message, "Reply-To", addresses(List.of(mail.replyTo())));
        }
        message.setSubject(mail.subject(), UTF_8);
        message.setSentDate(Date.from(mail.date()));
        if (mail.inReplyTo() != null) {
            message.setHeader("In-Reply-To", mail.inReplyTo());
        }
        if (!mail.references().isEmpty()) {
            message.setHeader("References", MimeUtility.fold("References: ".length(),
                    String.join(" ", mail.references())));
        }
        if (mail.attachments().isEmpty() && mail.forwarded() == null) {
            writeBody(message, mail);
        } else {
            MimeMultipart mixed = new MimeMultipart("mixed");
            MimeBodyPart body = new MimeBodyPart();
            writeBody(body, mail);
            mixed.addBodyPart(body);
            for (NewAttachment attachment : mail.attachments()) {
                mixed.addBodyPart(attachmentPart(attachment));
            }
            if (mail.forwarded() != null) {
                mixed.addBodyPart(forwardedPart(mail.forwarded()));
            }
            message.setContent(mixed);
        }
        message.saveChanges();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        message.writeTo(out);
        // Every line ends with CRLF, the last too: SMTP would add it, and the stored bytes are the sent ones.
        return withFinalCrlf(out.toByteArray());
    }

    /** text/plain, text/html, or both as multipart/alternative (plain first: the last part is the preferred one). */
    private static void writeBody(MimePart part, OutgoingMail mail) throws MessagingException {
        if (mail.text() != null && mail.html() != null) {
            MimeMultipart alternative = new MimeMultipart("alternative");
            alternative.addBodyPart(textPart(mail.text(), "plain"));
            alternative.addBodyPart(textPart(mail.html(), "html"));
            part.setContent(alternative);
        } else if (mail.html() != null) {
            part.setText(crlf(mail.html()), UTF_8, "html");
        } else {
            part.setText(crlf(mail.text() == null ? "" : mail.text()), UTF_8, "plain");
        }
    }

    private static MimeBodyPart textPart(String text, String subtype) throws MessagingException {
        MimeBodyPart part = new MimeBodyPart();
        part.setText(crlf(text), UTF_8, subtype);
        return part;
    }

    private static MimeBodyPart attachmentPart(NewAttachment attachment) throws MessagingException {
        MimeBodyPart part = new MimeBodyPart();
        part.setDataHandler(new DataHandler(new ByteArrayDataSource(attachment.content(), attachment.contentType())));
        // Always base64: a text attachment written as 7bit would go out with its own (perhaps bare LF) line ends.
        part.setHeader("Content-Transfer-Encoding", "base64");
        part.setDisposition(attachment.inline() ? Part.INLINE : Part.ATTACHMENT);
        if (attachment.filename() != null) {
            part.setFileName(attachment.filename());
        }
        if (attachment.contentId() != null) {
            part.setContentID("<" + attachment.contentId() + ">");
        }
        return part;
    }

    /**
     * The forwarded message whole, as {@code message/rfc822}: 7bit when its lines allow (CRLF line ends, as on the
     * wire), else base64. RFC 2046 asks for 7bit, 8bit or binary here, but 8bit would need every hop to take 8BITMIME
     * unchanged, and a hop that converts breaks the DKIM signature; readers decode a base64 message part.
     */
    private static MimeBodyPart forwardedPart(byte[] raw) throws MessagingException {
        byte[] message = crlf(raw);
        boolean sevenBit = isSevenBit(message);
        MimeBodyPart part = new PreencodedMimeBodyPart(sevenBit ? "7bit" : "base64");
        byte[] encoded = sevenBit ? message
                : Base64.getMimeEncoder(76, new byte[] {'\r', '\n'}).encode(message);
        part.setDataHandler(new DataHandler(new ByteArrayDataSource(withFinalCrlf(encoded), "message/rfc822")));
        part.setDisposition(Part.ATTACHMENT);
        part.setFileName(FORWARDED_FILENAME);
        return part;
    }

    /**
     * Display names as RFC 2047 words, always: Angus writes them raw in UTF-8 once UTF-8 headers are allowed, which
     * they are only for the addresses themselves.
     */
    private static void setAddresses(MimeMessage message, String name, Address[] addresses) throws MessagingException {
        message.setHeader(name, InternetAddress.toString(addresses, name.length() + 2));
    }

    private static Address[] addresses(List<String> addresses) throws MessagingException {
        Address[] parsed = new Address[addresses.size()];
        for (int i = 0; i < parsed.length; i++) {
            parsed[i] = new InternetAddress(addresses.get(i));
        }
        return parsed;
    }

    /** Every line end as CRLF: a bare LF (or CR) in a body is not allowed on the wire (RFC 5322 2.3). */
    static String crlf(String text) {
        return text.replace("\r\n", "\n").replace('\r', '\n').replace("\n", "\r\n");
    }

    static byte[] crlf(byte[] raw) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(raw.length + raw.length / 32);
        for (int i = 0; i < raw.length; i++) {
            byte b = raw[i];
            if (b == '\r') {
                out.write('\r');
                out.write('\n');
                if (i + 1 < raw.length && raw[i + 1] == '\n') {
                    i++;
                }
            } else if (b == '\n') {
                out.write('\r');
                out.write('\n');
            } else {
                out.write(b);
            }
        }
        return out.toByteArray();
    }

    private static boolean isSevenBit(byte[] message) {
        int lineLength = 0;
        for (byte b : message) {
            if (b == '\n') {
                lineLength = 0;
            } else if (b < 1 || ++lineLength > MAX_LINE) {
                return false; // 8-bit (negative as a byte), NUL, or a line too long for SMTP
            }
        }
        return true;
    }

    private static byte[] withFinalCrlf(byte[] bytes) {
        if (bytes.length >= 2 && bytes[bytes.length - 2] == '\r' && bytes[bytes.length - 1] == '\n') {
            return bytes;
        }
        byte[] ended = Arrays.copyOf(bytes, bytes.length + 2);
        ended[bytes.length] = '\r';
        ended[bytes.length + 1] = '\n';
        return ended;
    }

    /** Keeps the Message-ID the service chose: it is the delivery's identity and the dedupe key of a retry. */
    private static final class GivenIdMessage extends MimeMessage {

        private final String messageId;

        GivenIdMessage(Session session, String messageId) {
            super(session);
            this.messageId = messageId;
        }

        @Override
        protected void updateMessageID() throws MessagingException {
            setHeader("Message-ID", messageId);
        }
    }
}
