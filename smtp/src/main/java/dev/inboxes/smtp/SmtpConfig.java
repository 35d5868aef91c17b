package dev.inboxes.smtp;

import io.quarkus.runtime.configuration.MemorySize;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.Optional;

/** The SMTP receiver's settings, under {@code inboxes.smtp.*} (environment: {@code INBOXES_SMTP_*}). */
@ConfigMapping(prefix = "inboxes.smtp")
public interface SmtpConfig {

    /** Whether the SMTP receiver runs. */
    @WithDefault("true")
    boolean enabled();

    /** TCP port of the receiver; {@code 0} picks a free port (the start-up log line names it). */
    @WithDefault("2525")
    int port();

    /** Interface to listen on; {@code 0.0.0.0} is every IPv4 interface. */
    @WithDefault("0.0.0.0")
    String host();

    /** The name the receiver greets with and writes into Received lines; the mail domain when absent. */
    Optional<String> hostname();

    /** Largest message accepted, advertised with SIZE; a larger one is refused with {@code 552 5.3.4}. */
    @WithDefault("10M")
    MemorySize maxMessageSize();

    /**
     * Most bytes of messages held in memory at once, all connections together, from a message's first byte to its
     * reply (it is parsed and stored meanwhile, which costs a few times its size). A message that does not fit is
     * read to its end, discarded and answered {@code 452 4.3.1}, which senders retry later; one message always fits,
     * whatever its size. Keep it well below the heap: with a 400 MB heap, the default lets about three messages of
     * the largest size be taken in at once.
     */
    @WithDefault("32M")
    MemorySize messageBudget();

    /** Most recipients of one message; further RCPT commands get {@code 452}. */
    @WithDefault("100")
    int maxRecipients();

    /** Most connections at once; further clients get {@code 421} and are disconnected. */
    @WithDefault("100")
    int maxConnections();

    /** Most connections at once from one client address; further ones get {@code 421}. */
    @WithDefault("10")
    int maxConnectionsPerAddress();

    /** Most connections at once from one client network (an IPv4 /24, an IPv6 /64); further ones get {@code 421}. */
    @WithDefault("20")
    int maxConnectionsPerNetwork();

    /** Most commands one connection may send; the next is answered {@code 421} and the connection closed. */
    @WithDefault("1000")
    int maxCommands();

    /** Longest a connection may last, whatever it sends; then it is closed with {@code 421}. */
    @WithDefault("10m")
    Duration sessionLifetime();

    /**
     * Time a client has to send each complete line (a command, or a line of the message), counted from the end of
     * the previous line or of the server's last reply; a client that stalls or trickles is disconnected with 421.
     */
    @WithDefault("60s")
    Duration commandTimeout();

    /** Time a client has to send a whole message after {@code DATA}; then it is disconnected with 421. */
    @WithDefault("5m")
    Duration dataTimeout();

    /**
     * Name of a Quarkus TLS configuration ({@code quarkus.tls.<name>.key-store.*}) whose certificate the receiver
     * offers with STARTTLS. Without it, STARTTLS is not advertised.
     */
    Optional<String> tlsConfiguration();
}
