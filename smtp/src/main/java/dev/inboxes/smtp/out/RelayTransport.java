package dev.inboxes.smtp.out;

import dev.inboxes.domain.outbound.MailTransport;
import dev.inboxes.domain.outbound.TransportReply;
import io.quarkus.tls.TlsConfiguration;
import io.quarkus.tls.TlsConfigurationRegistry;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import java.util.Optional;
import javax.net.ssl.SSLSocketFactory;

/**
 * Sends each message to the configured relay: one connection per message and recipient (correct first; a relay
 * answers each recipient apart this way), the bytes exactly as composed. Every outcome is a reply: the relay's own
 * code and text, or code 0 when it could not be reached or did not answer in time.
 */
@Singleton
public class RelayTransport implements MailTransport {

    private final RelayConfig config;
    private final SmtpClientSession client;

    @Inject
    public RelayTransport(RelayConfig config, TlsConfigurationRegistry tlsConfigurations) {
        this(config, config.tlsConfiguration().map(name -> socketFactory(tlsConfigurations, name)));
    }

    /** With the factory that TLS connections use to trust the relay, or the Java default when empty. */
    public RelayTransport(RelayConfig config, Optional<SSLSocketFactory> trust) {
        this.config = config;
        this.client = new SmtpClientSession(settings(config, trust));
    }

    @Override
    public TransportReply send(String envelopeSender, String recipient, byte[] raw) {
        if (config.host().isEmpty()) {
            return TransportReply.unreachable("No relay is configured for mail to other domains: set "
                    + "INBOXES_SMTP_RELAY_HOST (or INBOXES_OUTBOUND_MODE=mx)");
        }
        InternetAddress to;
        try {
            to = SmtpClientSession.recipientAddress(recipient);
        } catch (AddressException e) {
            return SmtpClientSession.unreadableRecipient(e);
        }
        String host = config.host().get();
        return client.send("the relay " + host + ":" + config.port(), host, config.port(),
                envelopeSender, to, raw);
    }

    private static SmtpClientSession.Settings settings(RelayConfig config, Optional<SSLSocketFactory> trust) {
        SmtpClientSession.Tls tls = switch (config.tls()) {
            case STARTTLS -> SmtpClientSession.Tls.STARTTLS;
            case IMPLICIT -> SmtpClientSession.Tls.IMPLICIT;
            case NONE -> SmtpClientSession.Tls.NONE;
        };
        Optional<SmtpClientSession.Login> login = config.username().map(user -> new SmtpClientSession.Login(user,
                config.password().orElse(null), "INBOXES_SMTP_RELAY_USERNAME and INBOXES_SMTP_RELAY_PASSWORD"));
        // The relay is a known host: its certificate and name are always checked.
        return new SmtpClientSession.Settings(tls, true, trust, config.connectTimeout(), config.readTimeout(),
                config.heloName(), login);
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
}
