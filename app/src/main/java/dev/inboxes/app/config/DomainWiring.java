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
import dev.inboxes.domain.outbound.OutboxStore;
import dev.inboxes.domain.outbound.SuppressionService;
import dev.inboxes.domain.outbound.SuppressionStore;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import dev.inboxes.domain.thread.ThreadService;
import dev.inboxes.domain.thread.ThreadStore;
import dev.inboxes.domain.wait.ArrivalStore;
import dev.inboxes.domain.wait.WaitService;
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
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
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
        try {
            return new RateLimitSettings(limits.enabled(),
                    new RateLimitSettings.Limit(limits.account().requests(), limits.account().period()),
                    new RateLimitSettings.Limit(limits.address().requests(), limits.address().period()),
                    new RateLimitSettings.Limit(limits.signUp().requests(), limits.signUp().period()));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("Invalid inboxes.rate-limit configuration: " + e.getMessage(), e);
        }
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
