package dev.inboxes.persistence.message;

import dev.inboxes.domain.message.AttachmentContent;
import dev.inboxes.domain.message.AttachmentSlice;
import dev.inboxes.domain.message.ByteSlice;
import dev.inboxes.domain.message.Message;
import dev.inboxes.domain.message.MessageDetail;
import dev.inboxes.domain.message.MessageFilter;
import dev.inboxes.domain.message.MessageStore;
import dev.inboxes.domain.message.NewMessage;
import dev.inboxes.domain.message.StoreOutcome;
import dev.inboxes.domain.paging.Keyset;
import dev.inboxes.domain.paging.Slice;
import dev.inboxes.persistence.paging.KeysetQuery;
import dev.inboxes.persistence.paging.KeysetReader;
import dev.inboxes.persistence.shared.StoreOperation;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Messages in PostgreSQL: the Panache repository of {@link MessageEntity}, behind the domain's port. */
@ApplicationScoped
@StoreOperation
public class PostgresMessageStore implements MessageStore, PanacheRepositoryBase<MessageEntity, String> {

    /** Each row is built as the domain's record, from the list columns only (never the body or the raw bytes). */
    private static final String ROW = "new " + Message.class.getName()
            + "(e.id, e.inboxId, e.fromAddress, e.toAddress, e.subject, e.preview, e.receivedAt, e.threadId, "
            + "e.hasAttachments, e.direction, e.senderVerified)";
    /** The inbox's own counter: an exact total without counting its messages. */
    private static final String COUNTER = "select i.messageCount from InboxEntity i where i.id = :inboxId";

    @Inject
    KeysetReader keysetReader;

    @Inject
    MessageContents contents;

    /** One transaction for all: a received message is acknowledged only once every recipient's copy is stored. */
    @Override
    @Transactional
    public List<StoreOutcome> insertAll(List<NewMessage> messages) {
        return contents.insertAll(messages);
    }

    @Override
    @Transactional
    public Optional<MessageDetail> find(String accountId, String inboxId, String messageId) {
        return contents.find(accountId, inboxId, messageId);
    }

    @Override
    @Transactional
    public Optional<byte[]> raw(String accountId, String inboxId, String messageId) {
        return contents.raw(accountId, inboxId, messageId);
    }

    @Override
    @Transactional
    public Optional<AttachmentContent> attachment(String accountId, String inboxId, String messageId,
            String attachmentId) {
        return contents.attachment(accountId, inboxId, messageId, attachmentId);
    }

    @Override
    @Transactional
    public Optional<ByteSlice> rawSlice(String accountId, String inboxId, String messageId, int start, int maxBytes) {
        return contents.rawSlice(accountId, inboxId, messageId, start, maxBytes);
    }

    @Override
    @Transactional
    public Optional<AttachmentSlice> attachmentSlice(String accountId, String inboxId, String messageId,
            String attachmentId, int start, int maxBytes) {
        return contents.attachmentSlice(accountId, inboxId, messageId, attachmentId, start, maxBytes);
    }

    @Override
    @Transactional
    public boolean delete(String accountId, String inboxId, String messageId) {
        return contents.delete(accountId, inboxId, messageId);
    }

    @Override
    public Slice<Message> page(String inboxId, MessageFilter filter, Keyset after, int fetchSize, boolean withTotal) {
        Map<String, Object> parameters = new HashMap<>(MessageSearch.parameters(filter));
        parameters.put("inboxId", inboxId);
        KeysetQuery query = new KeysetQuery("messages", "MessageEntity", ROW,
                alias -> alias + ".inboxId = :inboxId" + MessageSearch.condition(alias, filter), parameters,
                "receivedAt", filter.isEmpty() ? COUNTER : null).searchingWords(!filter.isEmpty());
        return keysetReader.read(query, Message.class, after, fetchSize, withTotal);
    }
}
