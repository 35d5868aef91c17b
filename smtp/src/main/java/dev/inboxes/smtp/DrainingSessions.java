package dev.inboxes.smtp;

import java.util.concurrent.atomic.AtomicBoolean;
import org.subethamail.smtp.server.Session;
import org.subethamail.smtp.server.SessionHandler;

/**
 * Greets a connection made once shutdown has begun with {@code 421 4.3.2} instead of {@code 220}, and closes it; any
 * other connection is for the wrapped handler (the per-address limit) to accept or refuse.
 */
final class DrainingSessions implements SessionHandler {

    private final AtomicBoolean draining;
    private final SessionHandler delegate;

    DrainingSessions(AtomicBoolean draining, SessionHandler delegate) {
        this.draining = draining;
        this.delegate = delegate;
    }

    @Override
    public SessionAcceptance accept(Session session) {
        // The delegate counts every session it accepts and uncounts it at its end, refused here or not.
        SessionAcceptance acceptance = delegate.accept(session);
        if (acceptance.accepted() && draining.get()) {
            return SessionAcceptance.failure(SmtpReplies.UNAVAILABLE, SmtpReplies.SHUTTING_DOWN);
        }
        return acceptance;
    }

    @Override
    public void onSessionEnd(Session session) {
        delegate.onSessionEnd(session);
    }
}
