package dev.inboxes.smtp.out;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/**
 * The relay (smarthost) that outbound mail for other domains goes through, under {@code inboxes.smtp.relay.*}
 * (environment: {@code INBOXES_SMTP_RELAY_*}).
 */
@ConfigMapping(prefix = "inboxes.smtp.relay")
public interface RelayConfig {

    /** Host name of the relay; without it no mail goes through a relay and such a delivery fails naming this setting. */
    Optional<String> host();

    /** TCP port: 587 for submission with STARTTLS, 465 for implicit TLS, 25 for a relay inside the network. */
    @WithDefault("587")
    int port();

    /** The user name to log in with (AUTH PLAIN or LOGIN, whichever the relay offers); no login when absent. */
    Optional<String> username();

    /** The password of {@link #username()}. */
    Optional<String> password();

    /**
     * How the connection is protected: {@code starttls} (the relay must offer STARTTLS, else nothing is sent),
     * {@code implicit} (TLS from the first byte, port 465), or {@code none} (plain text: only for a relay on
     * loopback or in tests). The relay's certificate and host name are checked in both TLS modes.
     */
    @WithDefault("starttls")
    Tls tls();

    /**
     * A named Quarkus TLS configuration ({@code quarkus.tls.<name>.trust-store.*}) to trust the relay's certificate
     * with, for a relay signed by a private authority; the Java trust store when absent.
     */
    Optional<String> tlsConfiguration();

    /** Longest wait for the TCP connection to the relay. */
    @WithDefault("30s")
    Duration connectTimeout();

    /**
     * Longest wait for each reply of the relay, and for each write to it. The reply to the end of the message can
     * take a while on a relay that scans it, so this is generous.
     */
    @WithDefault("5m")
    Duration readTimeout();

    /** The name this service gives itself in EHLO; the machine's host name when absent. */
    Optional<String> heloName();

    /** How the connection to the relay is protected. */
    enum Tls {
        STARTTLS, IMPLICIT, NONE
    }
}
