package dev.inboxes.persistence.notify;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** A channel for the tests: remembers what it received and how often it was told it missed notifications. */
@ApplicationScoped
public class RecordingChannel implements NotificationChannel {

    static final String NAME = "inboxes_test_channel";

    private final List<String> received = new CopyOnWriteArrayList<>();
    private final AtomicInteger missed = new AtomicInteger();

    /** Read through methods: the test holds a client proxy, whose own fields are not the bean's. */
    List<String> received() {
        return received;
    }

    int missed() {
        return missed.get();
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public void onNotification(String payload) {
        received.add(payload);
    }

    @Override
    public void onMissedNotifications() {
        missed.incrementAndGet();
    }
}
