package dev.inboxes.smtp.out;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Direct delivery to each recipient domain's mail exchangers (when {@code INBOXES_OUTBOUND_MODE=mx}), under
 * {@code inboxes.smtp.mx.*} (environment: {@code INBOXES_SMTP_MX_*}).
 */
@ConfigMapping(prefix = "inboxes.smtp.mx")
public interface MxConfig {

    /**
     * The DNS servers to ask for MX and address records, each {@code host} or {@code host:port} (an IPv6 address in
     * brackets: {@code [2001:db8::53]:53}); the system's resolvers (resolv.conf) when absent.
     */
    Optional<List<String>> dnsServers();

    /** TCP port of the mail exchangers: 25 on the internet; tests point it at a server on loopback. */
    @WithDefault("25")
    int port();

    /** Longest wait for one DNS lookup, all configured servers included; a lookup that times out is retried later. */
    @WithDefault("5s")
    Duration dnsTimeout();

    /** Longest wait for the TCP connection to one mail exchanger before the next is tried. */
    @WithDefault("30s")
    Duration connectTimeout();

    /**
     * Longest wait for each reply of a mail exchanger, and for each write to it. The reply to the end of the message
     * can take a while on a server that scans it, so this is generous.
     */
    @WithDefault("5m")
    Duration readTimeout();

    /**
     * The name this service gives itself in EHLO; the machine's host name when absent. Receivers compare it with the
     * reverse DNS of the sending address, so set it to that name.
     */
    Optional<String> heloName();

    /**
     * Whether to encrypt: {@code opportunistic} (STARTTLS when the exchanger offers it, plain text otherwise),
     * {@code required} (an exchanger without STARTTLS is skipped, as if it did not answer) or {@code none}. The
     * certificate is not checked in either TLS mode: the exchanger's name comes from unauthenticated DNS, so checking
     * it against that name stops no one who can forge DNS (that takes DANE or MTA-STS).
     */
    @WithDefault("opportunistic")
    Starttls starttls();

    /** Whether the connection to a mail exchanger is encrypted. */
    enum Starttls {
        OPPORTUNISTIC, REQUIRED, NONE
    }
}
