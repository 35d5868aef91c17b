package dev.inboxes.smtp;

import dev.inboxes.domain.mail.MailDelivery;
import dev.inboxes.domain.outbound.Bounces;
import dev.inboxes.domain.shared.MemoryBudget;
import dev.inboxes.smtp.auth.MessageAuthenticator;
import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.quarkus.tls.TlsConfiguration;
import io.quarkus.tls.TlsConfigurationRegistry;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import org.jboss.logging.Logger;
import org.subethamail.smtp.server.SMTPServer;

/**
 * The SMTP receiver's life: started on {@link StartupEvent} (never in a static initializer, so a native image holds
 * no socket or thread), stopped on {@link ShutdownEvent} before the database goes. From the moment shutdown begins
 * ({@link ShutdownDelayInitiatedEvent}, at the start of the shutdown delay, while readiness is already DOWN) new
 * connections and new transactions are answered {@code 421 4.3.2}, so senders retry elsewhere; transactions being
 * stored finish, then the sockets close. One thread per connection, from a pool bounded by the connection limit.
 */
@Singleton
public class SmtpReceiver {

    private static final Logger LOG = Logger.getLogger(SmtpReceiver.class);
    /** Room for the 421 the server sends to connections over the limit before closing them. */
    private static final int OVER_LIMIT_THREADS = 10;
    private static final Duration DRAIN_PATIENCE = Duration.ofSeconds(10);

    @Inject
    SmtpConfig config;

    @Inject
    MailDelivery delivery;

    @Inject
    Bounces bounces;

    @Inject
    TlsConfigurationRegistry tlsConfigurations;

    @Inject
    Clock clock;

    /** The checks at receipt (SPF, DKIM, DMARC); unsatisfied when they are off. */
    @Inject
    jakarta.enterprise.inject.Instance<MessageAuthenticator> authenticator;

    private final AtomicBoolean draining = new AtomicBoolean();
    private final AtomicInteger inFlight = new AtomicInteger();
    private volatile SMTPServer server;

    /** What each transaction needs to know of the receiver's configuration and state. */
    record Limits(long maxMessageSize, Duration dataTimeout, String hostname, AtomicBoolean draining,
                  AtomicInteger inFlight, MemoryBudget budget) {
    }

    void start(@Observes StartupEvent event) {
        if (!config.enabled()) {
            LOG.info("SMTP receiver disabled (inboxes.smtp.enabled=false): mail arrives only through the API");
            return;
        }
        String hostname = config.hostname().orElse(delivery.mailDomain());
        Limits limits = new Limits(config.maxMessageSize().asLongValue(), config.dataTimeout(), hostname, draining,
                inFlight, new MemoryBudget(config.messageBudget().asLongValue()));
        MessageAuthenticator checks = authenticator.isResolvable() ? authenticator.get() : null;
        int maxMessageSize = (int) Math.min(Integer.MAX_VALUE, limits.maxMessageSize());
        SessionLimits sessionLimits = new SessionLimits(config.maxConnectionsPerAddress(),
                config.maxConnectionsPerNetwork(), config.maxCommands());
        SMTPServer.Builder builder = SMTPServer.port(config.port())
                .bindAddress(bindAddress())
                .hostName(hostname)
                .softwareName("Inboxes")
                .messageHandlerFactory(context -> new MailTransaction(context, delivery, bounces, limits, clock,
                        checks))
                .executorService(sessionThreads(config.maxConnections() + OVER_LIMIT_THREADS))
                .maxConnections(config.maxConnections())
                .sessionHandler(new DrainingSessions(draining, sessionLimits))
                .maxRecipients(config.maxRecipients())
                .maxMessageSize(maxMessageSize)
                .connectionTimeout((int) config.commandTimeout().toMillis(), TimeUnit.MILLISECONDS)
                .serverSocketFactory(() -> new LineDeadlineServerSocket(config.commandTimeout(),
                        config.sessionLifetime()))
                .insertReceivedHeaders(false) // MailTransaction writes its own, without a DNS lookup per message
                .serverThreadName("smtp-accept");
        config.tlsConfiguration().ifPresent(name -> builder.enableTLS().startTlsSocketFactory(sslContext(name)));
        SMTPServer smtp = builder.build();
        smtp.getCommandHandler().addCommand(new BoundedMailCommand(limits.maxMessageSize()));
        smtp.getCommandHandler().addCommand(new EhloCommand());
        smtp.getCommandHandler().addCommand(new DataCommand());
        smtp.getCommandHandler().addCommand(new BdatCommand(limits.maxMessageSize()));
        sessionLimits.budget(smtp.getCommandHandler());
        try {
            smtp.start();
        } catch (RuntimeException e) {
            throw new IllegalStateException("Cannot listen for SMTP on " + config.host() + ":" + config.port() + " ("
                    + e.getMessage() + "). Set INBOXES_SMTP_PORT to a free port, or INBOXES_SMTP_ENABLED=false.", e);
        }
        server = smtp;
        LOG.infof("SMTP receiver listening on %s:%d for mail to @%s (at most %d bytes a message%s)", config.host(),
                smtp.getPortAllocated(), delivery.mailDomain(), limits.maxMessageSize(),
                config.tlsConfiguration().isPresent() ? ", STARTTLS offered" : "");
    }

    /**
     * Shutdown begins: the service stays up for the shutdown delay, but mail is refused from now on (421 4.3.2), as
     * the documentation promises; a sender retries another replica or later.
     */
    void refuseNewMail(@Observes ShutdownDelayInitiatedEvent event) {
        draining.set(true);
        LOG.info("SMTP receiver refusing new mail (421 4.3.2): shutting down");
    }

    /** Before the embedded database stops (its observer has the default priority). */
    void stop(@Observes @Priority(1) ShutdownEvent event) throws InterruptedException {
        SMTPServer running = server;
        if (running == null) {
            return;
        }
        draining.set(true); // already, unless the shutdown delay is off
        long deadline = System.nanoTime() + DRAIN_PATIENCE.toNanos();
        while (inFlight.get() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        server = null;
        running.stop();
        LOG.info("SMTP receiver stopped");
    }

    /** The port the receiver listens on (the one the system chose, for port 0); -1 when it does not run. */
    public int port() {
        SMTPServer running = server;
        return running == null ? -1 : running.getPortAllocated();
    }

    private InetAddress bindAddress() {
        try {
            return InetAddress.getByName(config.host());
        } catch (UnknownHostException e) {
            throw new IllegalStateException("inboxes.smtp.host is not an address of this machine: " + config.host(), e);
        }
    }

    private SSLContext sslContext(String name) {
        TlsConfiguration tls = tlsConfigurations.get(name).orElseThrow(() -> new IllegalStateException(
                "inboxes.smtp.tls-configuration names '" + name + "', but no quarkus.tls." + name + ".* is configured"));
        try {
            return tls.createSSLContext();
        } catch (Exception e) {
            throw new IllegalStateException("Cannot load the SMTP certificate of TLS configuration '" + name + "'", e);
        }
    }

    /** One thread per connection, at most {@code max}; the accept loop blocks before the limit is reached. */
    private static ThreadPoolExecutor sessionThreads(int max) {
        AtomicInteger number = new AtomicInteger();
        ThreadFactory factory = task -> {
            Thread thread = new Thread(task, "smtp-session-" + number.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        return new ThreadPoolExecutor(0, max, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), factory);
    }
}
