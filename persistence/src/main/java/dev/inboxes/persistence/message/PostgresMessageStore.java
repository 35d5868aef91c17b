package dev.inboxes.persistence.message;

import dev.inboxes.domain.inbox.InboxService;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import dev.inboxes.persistence.paging.KeysetQuery;
import dev.inboxes.persistence.paging.KeysetReader;
import dev.inboxes.persistence.shared.StoreOperation;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.Map;
import org.hibernate.exception.ConstraintViolationException;

/** Messages in PostgreSQL: the Panache repository of {@link MessageEntity}, behind the domain's port. */
@ApplicationScoped
@StoreOperation
public class PostgresMessageStore implements MessageStore, PanacheRepositoryBase<MessageEntity, String> {

    /** Each row is built as the domain's record, from the list columns only (never the body). */
    private static final String ROW = "new " + Message.class.getName()
            + "(e.id, e.inboxId, e.fromAddress, e.toAddress, e.subject, e.preview, e.receivedAt)";
    /** The inbox's own counter: an exact total without counting its messages. */
    private static final String COUNTER = "select i.messageCount from InboxEntity i where i.id = :inboxId";

    @Inject
    KeysetReader keysetReader;

    /** One statement: the message is stored only if the inbox exists in the account, so no other account's inbox. */
    @Override
    @Transactional
    public boolean insert(String accountId, Message message, String text) {
        try {
            return getEntityManager().createNativeQuery("""
                            INSERT INTO messages (id, inbox_id, from_address, to_address, subject, preview, body,
                                                  received_at)
                            SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8
                            WHERE EXISTS (SELECT 1 FROM inboxes WHERE id = ?2 AND account_id = ?9)""")
                    .setParameter(1, message.id())
                    .setParameter(2, message.inboxId())
                    .setParameter(3, message.from())
                    .setParameter(4, message.to())
                    .setParameter(5, message.subject())
                    .setParameter(6, message.preview())
                    .setParameter(7, text)
                    .setParameter(8, message.receivedAt())
                    .setParameter(9, accountId)
                    .executeUpdate() == 1;
        } catch (ConstraintViolationException e) {
            // The inbox was deleted between the check and the insert; the transaction is lost anyway.
            throw InboxService.notFound(message.inboxId());
        }
    }

    @Override
    public Slice<Message> page(String inboxId, Keyset after, int fetchSize, boolean withTotal) {
        KeysetQuery query = new KeysetQuery("messages", "MessageEntity", ROW, alias -> alias + ".inboxId = :inboxId",
                Map.of("inboxId", inboxId), "receivedAt", COUNTER);
        return keysetReader.read(query, Message.class, after, fetchSize, withTotal);
    }
}
