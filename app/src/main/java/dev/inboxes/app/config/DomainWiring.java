package dev.inboxes.app.config;

import dev.inboxes.api.limits.RateLimitSettings;
import dev.inboxes.domain.account.AccountService;
import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.account.ApiKeyService;
import dev.inboxes.domain.account.ApiKeyStore;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.inbox.InboxStore;
import dev.inboxes.domain.mail.MailDelivery;
import dev.inboxes.domain.mail.RecipientDirectory;
import dev.inboxes.domain.message.MessageBodies;
import dev.inboxes.domain.message.MessageFiles;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.outbound.Bounces;
import dev.inboxes.domain.outbound.MailComposer;
import dev.inboxes.domain.outbound.MailDomains;
import dev.inboxes.domain.outbound.MailTransport;
import dev.inboxes.domain.outbound.OutboundService;
import dev.inboxes.domain.outbound.OutboundSettings;
import dev.inboxes.domain.outbound.OutboxStore;
import dev.inboxes.domain.outbound.OutboxWorker;
import dev.inboxes.domain.outbound.RetrySchedule;
import dev.inboxes.domain.outbound.SigningKeyStore;
import dev.inboxes.domain.outbound.SigningKeys;
import dev.inboxes.domain.outbound.SuppressionService;
import dev.inboxes.domain.outbound.SuppressionStore;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import dev.inboxes.domain.thread.ThreadService;
import dev.inboxes.domain.thread.ThreadStore;
import dev.inboxes.domain.wait.ArrivalStore;
import dev.inboxes.domain.wait.WaitService;
import dev.inboxes.app.outbound.MeteredOutbox;
import dev.inboxes.app.outbound.OutboxPump;
import dev.inboxes.smtp.out.LocalTransport;
import dev.inboxes.smtp.out.MimeComposer;
import dev.inboxes.smtp.out.MxTransport;
import dev.inboxes.smtp.out.RelayConfig;
import dev.inboxes.smtp.SmtpConfig;
import dev.inboxes.smtp.auth.AuthDns;
import dev.inboxes.smtp.auth.MessageAuthenticator;
import dev.inboxes.smtp.out.RelayTransport;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.ShutdownDelayInitiatedEvent;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.Startup;
import jakarta.annotation.Priority;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import jakarta.interceptor.Interceptor;
import java.nio.file.Path;
import dev.inboxes.app.webhook.VertxWebhookTransport;
import dev.inboxes.app.webhook.WebhookPump;
import dev.inboxes.domain.event.EventService;
import dev.inboxes.domain.event.EventStore;
import dev.inboxes.domain.webhook.WebhookRetrySchedule;
import dev.inboxes.domain.webhook.WebhookService;
import dev.inboxes.domain.webhook.WebhookSettings;
import dev.inboxes.domain.webhook.WebhookStore;
import dev.inboxes.domain.webhook.WebhookWorker;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;
import io.smallrye.common.annotation.Identifier;
import org.eclipse.microprofile.context.ManagedExecutor;
import org.jboss.logging.Logger;

/**
 * Builds the framework-free domain services from configuration and the persistence adapters, and the adapters'
 * settings from configuration.
 */
public class DomainWiring {

    private static final Logger LOG = Logger.getLogger(DomainWiring.class);
    private static final String WAIT_DEADLINES = "inboxes-wait-deadlines";

    @Produces
    @Singleton
    Clock clock() {
        return Clock.systemUTC();
    }

    /**
     * The checks at receipt, named by the receiver's host name (its authserv-id); none when they are off. Built
     * when the receiver starts, never at build time: dnsjava's resolvers read the system's configuration.
     */
    @Produces
    @jakarta.enterprise.context.Dependent
    MessageAuthenticator messageAuthenticator(InboxesConfig config, SmtpConfig smtp) {
        if (!config.auth().enabled()) {
            LOG.info("Checks at receipt off (inboxes.auth.enabled=false): received mail has no authentication results");
            return null;
        }
        java.time.Duration budget = config.auth().dnsBudget();
        return new MessageAuthenticator(new AuthDns(config.dnsServers().orElse(List.of()), budget), budget,
                smtp.hostname().orElse(config.mailDomain()));
    }

    /** Built at start-up, so a bad cursor secret stops the service before it accepts requests. */
    @Produces
    @Singleton
    @Startup
    CursorCodec cursors(InboxesConfig config) {
        return new CursorCodec(cursorKeys(config));
    }

    @Produces
    @Singleton
    AccountService accountService(AccountStore store, Clock clock) {
        return new AccountService(store, clock);
    }

    @Produces
    @Singleton
    ApiKeyService apiKeyService(ApiKeyStore store, CursorCodec cursors, Clock clock) {
        return new ApiKeyService(store, cursors, clock);
    }

    /** Built at start-up, so a limit of 0 requests or a zero period stops the service before it accepts requests. */
    @Produces
    @Singleton
    @Startup
    RateLimitSettings rateLimits(InboxesConfig config) {
        InboxesConfig.RateLimit limits = config.rateLimit();
        return validated("inboxes.rate-limit", () -> new RateLimitSettings(limits.enabled(),
                new RateLimitSettings.Limit(limits.account().requests(), limits.account().period()),
                new RateLimitSettings.Limit(limits.address().requests(), limits.address().period()),
                new RateLimitSettings.Limit(limits.signUp().requests(), limits.signUp().period())));
    }

    @Produces
    @Singleton
    InboxService inboxService(InboxStore store, CursorCodec cursors, InboxesConfig config, Clock clock) {
        return new InboxService(store, cursors, config.mailDomain(), clock);
    }

    @Produces
    @Singleton
    MessageService messageService(MessageStore store, InboxService inboxes, CursorCodec cursors, Clock clock) {
        return new MessageService(store, inboxes, cursors, clock);
    }

    @Produces
    @Singleton
    ThreadService threadService(ThreadStore store, InboxService inboxes, CursorCodec cursors) {
        return new ThreadService(store, inboxes, cursors);
    }

    /**
     * The one thread that fires the deadlines of waits (it only hands them to the worker pool). Qualified, so the
     * scheduler extension's default executor stays the only unqualified one.
     */
    @Produces
    @Singleton
    @Identifier(WAIT_DEADLINES)
    ScheduledExecutorService waitDeadlines() {
        return Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, WAIT_DEADLINES);
            thread.setDaemon(true);
            return thread;
        });
    }

    void stopWaitDeadlines(@Disposes @Identifier(WAIT_DEADLINES) ScheduledExecutorService deadlines) {
        deadlines.shutdownNow();
    }

    /**
     * Waits look on the application's worker pool, which they never hold while waiting. The number of waits in
     * progress is the gauge {@code inboxes.waits.active}.
     */
    @Produces
    @Singleton
    WaitService waitService(ArrivalStore store, InboxService inboxes, CursorCodec cursors, ManagedExecutor worker,
            @Identifier(WAIT_DEADLINES) ScheduledExecutorService deadlines, InboxesConfig config, MeterRegistry meters,
            @ConfigProperty(name = "quarkus.http.limits.max-connections") Optional<Integer> maxConnections) {
        if (maxConnections.isPresent() && config.waits().maxTotal() >= maxConnections.get()) {
            throw new IllegalStateException("inboxes.waits.max-total (" + config.waits().maxTotal() + ") must be below "
                    + "quarkus.http.limits.max-connections (" + maxConnections.get() + "): each wait holds a "
                    + "connection, and waits alone must not take them all. Lower INBOXES_WAITS_MAX_TOTAL.");
        }
        WaitService waits = new WaitService(store, inboxes, cursors, worker, deadlines, config.waits().maxPerAccount(),
                config.waits().maxTotal());
        Gauge.builder("inboxes.waits.active", waits, WaitService::active)
                .description("Waits for a message in progress on this replica").register(meters);
        return waits;
    }

    /**
     * When the replica starts to stop (readiness turns down), waits in progress return at once as timed out, each
     * with its next: callers wait again, on a replica that stays, instead of holding this one's shutdown up.
     */
    void endWaitsOnShutdownDelay(@Observes ShutdownDelayInitiatedEvent event, WaitService waits) {
        waits.close();
    }

    void endWaitsOnShutdown(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) ShutdownEvent event,
            WaitService waits) {
        waits.close();
    }

    @Produces
    @Singleton
    MessageBodies messageBodies(MessageService messages, CursorCodec cursors) {
        return new MessageBodies(messages, cursors);
    }

    @Produces
    @Singleton
    MessageFiles messageFiles(MessageService messages, MessageStore store) {
        return new MessageFiles(messages, store);
    }

    @Produces
    @Singleton
    MailDelivery mailDelivery(RecipientDirectory directory, MessageStore store, InboxesConfig config, Clock clock) {
        return new MailDelivery(directory, store, config.mailDomain(), clock);
    }

    /**
     * What the outbound side needs to know of the deployment: its domain, whether mail leaves it, its bounds. Built at
     * start-up, so an hourly limit of 0 stops the service before it accepts requests.
     */
    @Produces
    @Singleton
    @Startup
    OutboundSettings outboundSettings(InboxesConfig config, RelayConfig relay) {
        boolean external = config.outbound().mode() == InboxesConfig.Outbound.Mode.MX || relay.host().isPresent();
        InboxesConfig.Outbound outbound = config.outbound();
        return validated("inboxes.outbound", () -> new OutboundSettings(
                config.mailDomain().toLowerCase(java.util.Locale.ROOT), external, NO_RELAY,
                outbound.maxPendingPerAccount(),
                new OutboundSettings.HourlyLimits(outbound.sendsPerAccountPerHour(), outbound.sendsPerInboxPerHour())));
    }

    static final String NO_RELAY = "not sent: no relay is configured for mail to other domains (set "
            + "INBOXES_SMTP_RELAY_HOST, and _PORT, _USERNAME, _PASSWORD, _TLS as the relay needs, or "
            + "INBOXES_OUTBOUND_MODE=mx to deliver to the recipients' MX hosts)";

    @Produces
    @Singleton
    MailComposer mailComposer(SigningKeyStore keys, Clock clock) {
        return new MimeComposer(keys, clock);
    }

    @Produces
    @Singleton
    MailDomains mailDomains(SigningKeyStore keys, InboxesConfig config, Clock clock) {
        return new MailDomains(new SigningKeys(keys, clock), config.mailDomain().toLowerCase(java.util.Locale.ROOT));
    }

    @Produces
    @Singleton
    OutboundService outboundService(InboxService inboxes, MessageService messages, OutboxStore outbox,
            SuppressionStore suppressions, MailComposer composer, OutboundSettings settings, Clock clock,
            OutboxPump pump) {
        return new OutboundService(inboxes, messages, outbox, suppressions, composer, settings, clock, pump::wake);
    }

    /**
     * The worker's routes: the service's own inboxes always; other domains through the MX hosts in mode {@code mx},
     * else through the relay when one is configured. The depth of the
     * outbox is the gauge {@code inboxes.outbox.pending}, the wait of its oldest due delivery
     * {@code inboxes.outbox.oldest.due.age}; the attempts are counted by {@link MeteredOutbox}.
     */
    @Produces
    @Singleton
    OutboxWorker outboxWorker(OutboxStore outbox, LocalTransport local, RelayTransport relay, RelayConfig relayConfig,
            MxTransport mx, OutboundSettings settings, InboxesConfig config, Clock clock, MeterRegistry meters) {
        Gauge.builder("inboxes.outbox.pending", outbox, store -> store.depth(clock.instant()).pending())
                .description("Deliveries not yet final (queued, sending or deferred), all replicas together")
                .register(meters);
        Gauge.builder("inboxes.outbox.oldest.due.age", outbox, store -> store.depth(clock.instant()).oldestDueAt()
                        .map(due -> Duration.between(due, clock.instant()).toMillis() / 1000.0).orElse(0.0))
                .description("Seconds since the oldest due delivery became due (0 when none waits): a growing age "
                        + "means the workers do not keep up, or the relay refuses them").baseUnit("seconds")
                .register(meters);
        Optional<MailTransport> external = config.outbound().mode() == InboxesConfig.Outbound.Mode.MX ? Optional.of(mx)
                : relayConfig.host().isPresent() ? Optional.of(relay) : Optional.empty();
        return new OutboxWorker(new MeteredOutbox(outbox, meters), local, external, settings, new RetrySchedule(config.outbound().retryFor()), config.outbound().lease(), clock);
    }

    @Produces
    @Singleton
    SuppressionService suppressionService(SuppressionStore store, CursorCodec cursors) {
        return new SuppressionService(store, cursors);
    }

    /** What the SMTP receiver hands the reports that come back to a delivery's envelope sender. */
    @Produces
    @Singleton
    Bounces bounces(OutboxStore outbox, SuppressionStore suppressions, InboxesConfig config, Clock clock) {
        return new Bounces(outbox, suppressions, config.mailDomain(), clock);
    }

    @Produces
    @Singleton
    EventService eventService(EventStore store, CursorCodec cursors) {
        return new EventService(store, cursors);
    }

    /** Built at start-up, so a lease shorter than two timeouts stops the service before it accepts requests. */
    @Produces
    @Singleton
    @Startup
    WebhookSettings webhookSettings(InboxesConfig config) {
        InboxesConfig.Webhooks webhooks = config.webhooks();
        return validated("inboxes.webhooks", () -> new WebhookSettings(webhooks.allowHttp(), webhooks.allowPrivate(),
                webhooks.maxPerAccount(), webhooks.timeout(), webhooks.lease()));
    }

    @Produces
    @Singleton
    WebhookService webhookService(WebhookStore store, WebhookSettings settings, CursorCodec cursors, Clock clock,
            WebhookPump pump) {
        return new WebhookService(store, settings, cursors, clock, pump::wake);
    }

    @Produces
    @Singleton
    VertxWebhookTransport webhookTransport(io.vertx.core.Vertx vertx, WebhookSettings settings, InboxesConfig config) {
        return new VertxWebhookTransport(vertx, settings.allowPrivate(), settings.timeout(),
                config.webhooks().trustCertificates().orElse(List.of()));
    }

    void closeWebhookTransport(@Disposes VertxWebhookTransport transport) {
        transport.close();
    }

    /** The webhook outbox's depth, all replicas together, is the gauge {@code inboxes.webhooks.pending}. */
    @Produces
    @Singleton
    WebhookWorker webhookWorker(WebhookStore store, VertxWebhookTransport transport, WebhookSettings settings,
            InboxesConfig config, Clock clock, MeterRegistry meters) {
        Gauge.builder("inboxes.webhooks.pending", store, WebhookStore::pending)
                .description("Webhook deliveries not yet final (pending or being sent), all replicas together")
                .register(meters);
        return new WebhookWorker(store, transport, settings, new WebhookRetrySchedule(config.webhooks().retryDelays()),
                clock);
    }

    /**
     * Settings built from one section of the configuration: a value their constructor refuses stops the service,
     * naming the section.
     */
    private static <T> T validated(String section, Supplier<T> settings) {
        try {
            return settings.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("Invalid " + section + " configuration: " + e.getMessage(), e);
        }
    }

    static CursorKeys cursorKeys(InboxesConfig config) {
        String secret = config.cursor().secret().orElseGet(() -> {
            Path dataDir = Path.of(config.dataDir()).toAbsolutePath();
            LOG.infof("inboxes.cursor.secret is not set: cursors are signed with the secret kept in %s. "
                    + "Replicas must share one secret: set INBOXES_CURSOR_SECRET on each.",
                    dataDir.resolve(CursorSecretFile.FILE_NAME));
            return CursorSecretFile.readOrCreate(dataDir);
        });
        try {
            return CursorKeys.of(secret, config.cursor().retiredSecrets().orElse(List.of()));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("Invalid inboxes.cursor configuration: " + e.getMessage()
                    + ". Generate one with: openssl rand -base64 48", e);
        }
    }
}
