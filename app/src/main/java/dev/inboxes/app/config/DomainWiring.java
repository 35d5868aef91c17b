package dev.inboxes.app.config;

import dev.inboxes.domain.account.AccountService;
import dev.inboxes.domain.account.AccountStore;
import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.inbox.InboxStore;
import dev.inboxes.domain.mail.MailDelivery;
import dev.inboxes.domain.mail.RecipientDirectory;
import dev.inboxes.domain.message.MessageBodies;
import dev.inboxes.domain.message.MessageService;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.paging.CursorCodec;
import dev.inboxes.domain.paging.CursorKeys;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.jboss.logging.Logger;

/** Builds the framework-free domain services from configuration and the persistence adapters. */
public class DomainWiring {

    private static final Logger LOG = Logger.getLogger(DomainWiring.class);

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
    MessageBodies messageBodies(MessageService messages, CursorCodec cursors) {
        return new MessageBodies(messages, cursors);
    }

    @Produces
    @Singleton
    MailDelivery mailDelivery(RecipientDirectory directory, MessageStore store, InboxesConfig config, Clock clock) {
        return new MailDelivery(directory, store, config.mailDomain(), clock);
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
