package dev.inboxes.persistence.inbox;

import io.quarkus.hibernate.orm.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class InboxRepository implements PanacheRepositoryBase<InboxEntity, String> {
}
