package dev.inboxes.smtp.out;

import dev.inboxes.domain.outbound.MailTransport;
import dev.inboxes.domain.outbound.TransportReply;
import io.quarkus.tls.TlsConfiguration;
import io.quarkus.tls.TlsConfigurationRegistry;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.mail.Address;
import jakarta.mail.AuthenticationFailedException;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.SocketTimeoutException;
import java.util.Optional;
import java.util.Properties;
import javax.net.ssl.SSLSocketFactory;
import org.eclipse.angus.mail.smtp.SMTPAddressFailedException;
import org.eclipse.angus.mail.smtp.SMTPSendFailedException;
import org.eclipse.angus.mail.smtp.SMTPSenderFailedException;
import org.eclipse.angus.mail.smtp.SMTPTransport;
import org.jboss.logging.Logger;

/**
 * Sends each message to the configured relay with Angus Mail's SMTP client: one connection per message and
 * recipient (correct first; a relay answers each recipient apart this way), the bytes exactly as composed, so the
 * DKIM signature arrives intact. Every outcome is a reply: the relay's own code and text, or code 0 when it could
 * not be reached or did not answer in time.
 */
@Singleton
public class RelayTransport implements MailTransport {

    private static final Logger LOG = Logger.getLogger(RelayTransport.class);

    private final RelayConfig config;
    private final Optional<SSLSocketFactory> trust;

    @Inject
    public RelayTransport(RelayConfig config, TlsConfigurationRegistry tlsConfigurations) {
        this(config, config.tlsConfiguration().map(name -> socketFactory(tlsConfigurations, name)));
    }

    /** With the factory that TLS connections use to trust the relay, or the Java default when empty. */
    public RelayTransport(RelayConfig config, Optional<SSLSocketFactory> trust) {
        this.config = config;
        this.trust = trust;
    }

    @Override
    public TransportReply send(String envelopeSender, String recipient, byte[] raw) {
        if (config.host().isEmpty()) {
            return TransportReply.unreachable("No relay is configured for mail to other domains: set "
                    + "INBOXES_SMTP_RELAY_HOST (or INBOXES_OUTBOUND_MODE=mx)");
        }
        Address[] to;
        try {
            to = new Address[] {new InternetAddress(recipient, false)};
        } catch (AddressException e) {
            // Permanent: no retry makes the address readable (the domain checks addresses before this).
            return new TransportReply(553, "5.1.3 Bad recipient address syntax: " + oneLine(e.getMessage()));
        }
        String host = config.host().get();
        Session session = Session.getInstance(properties(envelopeSender));
        // Made directly, not looked up by protocol name: no provider class is loaded by name (native image).
        SMTPTransport transport = new SMTPTransport(session, null);
        try {
            transport.connect(host, config.port(), config.username().orElse(null),
                    config.password().orElse(null));
            transport.sendMessage(new RawMessage(session, raw), to);
            return TransportReply.accepted(textOf(transport.getLastServerResponse(), "Ok"));
        } catch (AuthenticationFailedException e) {
            // A wrong password is the operator's to fix: retried (code 0), never a bounce of the mail.
            return TransportReply.unreachable("The relay " + host + ":" + config.port() + " refused the login of "
                    + config.username().orElse("(no user)") + " (" + oneLine(transport.getLastServerResponse())
                    + "): check INBOXES_SMTP_RELAY_USERNAME and INBOXES_SMTP_RELAY_PASSWORD");
        } catch (MessagingException e) {
            return replyOf(e, transport, host);
        } finally {
            close(transport);
        }
    }

    private TransportReply replyOf(MessagingException failure, SMTPTransport transport, String host) {
        for (Exception cause = failure; cause != null; ) {
            int code = codeOf(cause);
            if (code >= 400 && code < 600) {
                return new TransportReply(code, textOf(cause.getMessage(), "refused"));
            }
            cause = cause instanceof MessagingException messaging ? messaging.getNextException() : null;
        }
        int code = transport.getLastReturnCode();
        if (code >= 400 && code < 600) { // a greeting or EHLO refused, say 421 from a relay that is busy
            return new TransportReply(code, textOf(transport.getLastServerResponse(), "refused"));
        }
        LOG.debugf(failure, "Relay %s:%d failed without a refusal", host, config.port());
        return TransportReply.unreachable(noAnswer(failure, host));
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

    private String noAnswer(MessagingException failure, String host) {
        String where = host + ":" + config.port();
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof SocketTimeoutException) {
                return "No answer from the relay " + where + " in time (connect timeout "
                        + config.connectTimeout().toSeconds() + " s, read timeout " + config.readTimeout().toSeconds()
                        + " s)";
            }
            if (cause instanceof IOException io) {
                return "Cannot reach the relay " + where + ": " + io;
            }
        }
        return "The relay " + where + " failed: " + oneLine(failure.getMessage());
    }

    private Properties properties(String envelopeSender) {
        Properties properties = new Properties();
        String timeout = String.valueOf(config.readTimeout().toMillis());
        properties.setProperty("mail.smtp.connectiontimeout", String.valueOf(config.connectTimeout().toMillis()));
        properties.setProperty("mail.smtp.timeout", timeout);
        properties.setProperty("mail.smtp.writetimeout", timeout);
        properties.setProperty("mail.smtp.from", envelopeSender);
        properties.setProperty("mail.smtp.quitwait", "false"); // the outcome is known before QUIT
        properties.setProperty("mail.smtp.auth", String.valueOf(config.username().isPresent()));
        config.heloName().ifPresent(name -> properties.setProperty("mail.smtp.localhost", name));
        switch (config.tls()) {
            case STARTTLS -> {
                properties.setProperty("mail.smtp.starttls.enable", "true");
                properties.setProperty("mail.smtp.starttls.required", "true");
            }
            case IMPLICIT -> properties.setProperty("mail.smtp.ssl.enable", "true");
            case NONE -> {
                // plain text, as asked
            }
        }
        if (config.tls() != RelayConfig.Tls.NONE) {
            properties.setProperty("mail.smtp.ssl.checkserveridentity", "true");
            trust.ifPresent(factory -> properties.put("mail.smtp.ssl.socketFactory", factory));
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

    private static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*[\\r\\n]+\\s*", " ").trim();
    }

    private static SSLSocketFactory socketFactory(TlsConfigurationRegistry registry, String name) {
        TlsConfiguration tls = registry.get(name).orElseThrow(() -> new IllegalStateException(
                "inboxes.smtp.relay.tls-configuration names '" + name + "', but no quarkus.tls." + name
                        + ".* is configured"));
        try {
            return tls.createSSLContext().getSocketFactory();
        } catch (Exception e) {
            throw new IllegalStateException("Cannot load the trust store of TLS configuration '" + name + "'", e);
        }
    }

    /** The composed bytes, written exactly as given: Angus never re-renders (or re-identifies) the message. */
    private static final class RawMessage extends MimeMessage {

        private final byte[] raw;

        RawMessage(Session session, byte[] raw) throws MessagingException {
            super(session, new ByteArrayInputStream(raw));
            this.raw = raw;
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
