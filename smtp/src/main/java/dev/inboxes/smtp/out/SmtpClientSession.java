package dev.inboxes.smtp.out;

import dev.inboxes.domain.outbound.TransportReply;
import jakarta.mail.Address;
import jakarta.mail.AuthenticationFailedException;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import java.io.IOException;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.Optional;
import java.util.Properties;
import javax.net.ssl.SSLSocketFactory;
import org.eclipse.angus.mail.smtp.SMTPAddressFailedException;
import org.eclipse.angus.mail.smtp.SMTPMessage;
import org.eclipse.angus.mail.smtp.SMTPSendFailedException;
import org.eclipse.angus.mail.smtp.SMTPSenderFailedException;
import org.eclipse.angus.mail.smtp.SMTPTransport;
import org.jboss.logging.Logger;

/**
 * One message for one recipient over one SMTP connection with Angus Mail's client, the bytes exactly as composed (so
 * the DKIM signature arrives intact), and every outcome mapped to a reply: the server's own code and text, or code 0
 * when it could not be reached or did not answer in time. Shared by the relay and the MX clients, each with one
 * instance: its settings never change, so one Jakarta Mail session serves every delivery (the envelope sender goes
 * with each message), and none is built per attempt.
 */
final class SmtpClientSession {

    private static final Logger LOG = Logger.getLogger(SmtpClientSession.class);

    /** How the connection is protected. */
    enum Tls {
        /** STARTTLS must be offered, else nothing is sent. */
        STARTTLS,
        /** STARTTLS when the server offers it, plain text otherwise. */
        STARTTLS_IF_OFFERED,
        /** TLS from the first byte. */
        IMPLICIT,
        NONE
    }

    /** A login and the settings to name when the server refuses it. */
    record Login(String username, String password, String settingsToCheck) {
    }

    /**
     * @param verifyPeer whether the certificate must be trusted and name the host; when false any certificate is
     *                   taken (encryption against eavesdroppers only)
     * @param trust      the factory that verified TLS connections trust the peer with, the Java default when empty
     */
    record Settings(Tls tls, boolean verifyPeer, Optional<SSLSocketFactory> trust, Duration connectTimeout,
                    Duration readTimeout, Optional<String> heloName, Optional<Login> login) {
    }

    private final Settings settings;
    private final Session session;

    SmtpClientSession(Settings settings) {
        this.settings = settings;
        this.session = Session.getInstance(properties(settings));
    }

    /** The recipient as an SMTP address; see {@link #unreadableRecipient} for the reply when it cannot be one. */
    static InternetAddress recipientAddress(String recipient) throws AddressException {
        return new InternetAddress(recipient, false);
    }

    /** Permanent: no retry makes the address readable (the domain checks addresses before this). */
    static TransportReply unreadableRecipient(AddressException e) {
        return new TransportReply(553, "5.1.3 Bad recipient address syntax: " + oneLine(e.getMessage()));
    }

    /**
     * @param peer how replies name the server, say {@code the relay smtp.example.net:587}
     */
    TransportReply send(String peer, String host, int port, String envelopeSender, InternetAddress recipient,
                        byte[] raw) {
        // Made directly, not looked up by protocol name: no provider class is loaded by name (native image).
        SMTPTransport transport = new SMTPTransport(session, null);
        Optional<Login> login = settings.login();
        try {
            transport.connect(host, port, login.map(Login::username).orElse(null),
                    login.map(Login::password).orElse(null));
            transport.sendMessage(new RawMessage(session, envelopeSender, raw), new Address[] {recipient});
            return TransportReply.accepted(textOf(transport.getLastServerResponse(), "Ok"));
        } catch (AuthenticationFailedException e) {
            // A wrong password is the operator's to fix: retried (code 0), never a bounce of the mail.
            return TransportReply.unreachable(capitalized(peer) + " refused the login of "
                    + login.map(Login::username).orElse("(no user)") + " ("
                    + oneLine(transport.getLastServerResponse()) + ")"
                    + login.map(given -> ": check " + given.settingsToCheck()).orElse(""));
        } catch (MessagingException e) {
            return replyOf(e, transport, settings, peer);
        } finally {
            close(transport);
        }
    }

    private static TransportReply replyOf(MessagingException failure, SMTPTransport transport, Settings settings,
                                          String peer) {
        for (Exception cause = failure; cause != null; ) {
            int code = codeOf(cause);
            if (code >= 400 && code < 600) {
                return new TransportReply(code, textOf(cause.getMessage(), "refused"));
            }
            cause = cause instanceof MessagingException messaging ? messaging.getNextException() : null;
        }
        int code = transport.getLastReturnCode();
        if (code >= 400 && code < 600) { // a greeting or EHLO refused, say 421 from a server that is busy
            return new TransportReply(code, textOf(transport.getLastServerResponse(), "refused"));
        }
        LOG.debugf(failure, "%s failed without a refusal", peer);
        return TransportReply.unreachable(noAnswer(failure, settings, peer));
    }

    private static int codeOf(Exception failure) {
        if (failure instanceof SMTPAddressFailedException address) {
            return address.getReturnCode();
        }
        if (failure instanceof SMTPSenderFailedException sender) {
            return sender.getReturnCode();
        }
        if (failure instanceof SMTPSendFailedException send) {
            return send.getReturnCode();
        }
        return -1;
    }

    private static String noAnswer(MessagingException failure, Settings settings, String peer) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SocketTimeoutException) {
                return "No answer from " + peer + " in time (connect timeout "
                        + settings.connectTimeout().toSeconds() + " s, read timeout "
                        + settings.readTimeout().toSeconds() + " s)";
            }
            if (cause instanceof IOException io) {
                return "Cannot reach " + peer + ": " + io;
            }
        }
        return capitalized(peer) + " failed: " + oneLine(failure.getMessage());
    }

    private static Properties properties(Settings settings) {
        Properties properties = new Properties();
        String timeout = String.valueOf(settings.readTimeout().toMillis());
        properties.setProperty("mail.smtp.connectiontimeout", String.valueOf(settings.connectTimeout().toMillis()));
        properties.setProperty("mail.smtp.timeout", timeout);
        properties.setProperty("mail.smtp.writetimeout", timeout);
        properties.setProperty("mail.smtp.quitwait", "false"); // the outcome is known before QUIT
        properties.setProperty("mail.smtp.auth", String.valueOf(settings.login().isPresent()));
        settings.heloName().ifPresent(name -> properties.setProperty("mail.smtp.localhost", name));
        switch (settings.tls()) {
            case STARTTLS -> {
                properties.setProperty("mail.smtp.starttls.enable", "true");
                properties.setProperty("mail.smtp.starttls.required", "true");
            }
            case STARTTLS_IF_OFFERED -> properties.setProperty("mail.smtp.starttls.enable", "true");
            case IMPLICIT -> properties.setProperty("mail.smtp.ssl.enable", "true");
            case NONE -> {
                // plain text, as asked
            }
        }
        if (settings.tls() != Tls.NONE) {
            if (settings.verifyPeer()) {
                properties.setProperty("mail.smtp.ssl.checkserveridentity", "true");
                settings.trust().ifPresent(factory -> properties.put("mail.smtp.ssl.socketFactory", factory));
            } else {
                properties.setProperty("mail.smtp.ssl.trust", "*");
                properties.setProperty("mail.smtp.ssl.checkserveridentity", "false");
            }
        }
        return properties;
    }

    private static void close(SMTPTransport transport) {
        try {
            transport.close();
        } catch (MessagingException | RuntimeException ignored) {
            // the reply is already known; a connection that ends badly changes nothing
        }
    }

    /** The reply's text without its code: {@code 250 2.0.0 Ok} gives {@code 2.0.0 Ok}. */
    static String textOf(String response, String otherwise) {
        String line = oneLine(response);
        String text = line.matches("^\\d{3}[ -].*") ? line.substring(4).trim() : line;
        return text.isEmpty() ? otherwise : text;
    }

    static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }

    private static String capitalized(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }

    /**
     * The composed bytes, written exactly as given: Angus never re-renders (or re-identifies) the message, and never
     * parses it either (the client needs only its envelope sender, and its bytes for DATA).
     */
    private static final class RawMessage extends SMTPMessage {

        private final byte[] raw;

        RawMessage(Session session, String envelopeSender, byte[] raw) {
            super(session);
            setEnvelopeFrom(envelopeSender);
            this.raw = raw;
        }

        @Override
        public int getSize() {
            return raw.length;
        }

        @Override
        public void writeTo(OutputStream out, String[] ignoredHeaders) throws IOException {
            out.write(raw);
        }

        @Override
        public void writeTo(OutputStream out) throws IOException {
            out.write(raw);
        }

        @Override
        protected void updateMessageID() {
            // the composer's Message-ID stays
        }
    }
}
