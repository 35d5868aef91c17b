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
import dev.inboxes.persistence.shared.SqlTimes;
import dev.inboxes.persistence.shared.StoreOperation;
import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Messages in PostgreSQL: the Panache repository of {@link MessageEntity}, behind the domain's port. */
@ApplicationScoped
@StoreOperation
public class PostgresMessageStore implements MessageStore, PanacheRepositoryBase<MessageEntity, String> {

    /** A row: the list columns only (never the body or the raw bytes), in the order {@link #row} reads them. */
    private static final String COLUMNS = "e.id, e.inbox_id, e.from_address, e.to_address, e.subject, e.preview, "
            + "e.received_at, e.thread_id, e.has_attachments, e.direction, e.sender_verified";
    /** The inbox's own counter: an exact total without counting its messages. */
    private static final String COUNTER = "select i.message_count from inboxes i where i.id = :inboxId";

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
        KeysetQuery query = KeysetQuery.inSql("messages", new KeysetQuery.Sql("messages", COLUMNS,
                PostgresMessageStore::row, alias -> alias + ".inbox_id = :inboxId" + MessageSearch.condition(alias, filter),
                "received_at", "id", filter.isEmpty() ? COUNTER : null), parameters).searchingWords(!filter.isEmpty());
        return keysetReader.read(query, Message.class, after, fetchSize, withTotal);
    }

    private static Message row(ResultSet row) throws SQLException {
        return new Message(row.getString(1), row.getString(2), row.getString(3), row.getString(4), row.getString(5),
                row.getString(6), SqlTimes.instant(row, 7), row.getString(8), row.getBoolean(9),
                DirectionColumn.of(row.getString(10)), row.getBoolean(11));
    }
}
