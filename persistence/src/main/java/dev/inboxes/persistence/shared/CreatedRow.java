package dev.inboxes.persistence.shared;

import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.time.Instant;

/** The columns of a row that is known by its text id and kept in the order it was created in. */
@MappedSuperclass
public abstract class CreatedRow {

    @Id
    public String id;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;
}
