package dev.inboxes.persistence.message;

import jakarta.persistence.Basic;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Table;

/**
 * The columns lists read; the wide columns (body, html, raw) are written and read by {@link MessageContents} only.
 * {@code fromName} and {@code body} are mapped for the search condition alone ({@link MessageSearch}): read-only,
 * and never selected, since lists build their rows from the list columns.
 */
@Entity
@Table(name = "messages")
public class MessageEntity extends MessageListRow {

    @Column(name = "from_name", insertable = false, updatable = false)
    public String fromName;

    @Basic(fetch = FetchType.LAZY)
    @Column(name = "body", insertable = false, updatable = false)
    public String body;
}
