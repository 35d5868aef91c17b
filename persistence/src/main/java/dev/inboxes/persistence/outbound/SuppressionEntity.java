package dev.inboxes.persistence.outbound;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/** A suppressed address of an account; the list pages it by {@code (createdAt, address)}. */
@Entity
@Table(name = "suppressions")
@IdClass(SuppressionEntity.Key.class)
public class SuppressionEntity {

    @Id
    @Column(name = "account_id", nullable = false)
    public String accountId;

    @Id
    @Column(nullable = false)
    public String address;

    @Column(nullable = false)
    public String reason;

    @Column(name = "created_at", nullable = false)
    public Instant createdAt;

    /** An address is suppressed once per account. */
    public static class Key implements Serializable {

        public String accountId;
        public String address;

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && Objects.equals(accountId, key.accountId)
                    && Objects.equals(address, key.address);
        }

        @Override
        public int hashCode() {
            return Objects.hash(accountId, address);
        }
    }
}
