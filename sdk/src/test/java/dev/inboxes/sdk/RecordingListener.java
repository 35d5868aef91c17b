package dev.inboxes.sdk;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A {@link RequestListener} that remembers every attempt. */
final class RecordingListener implements RequestListener {

    record Attempt(String method, URI uri, int status, Duration duration) {
    }

    private final List<Attempt> attempts = new CopyOnWriteArrayList<>();

    @Override
    public void onAttempt(String method, URI uri, int status, Duration duration) {
        attempts.add(new Attempt(method, uri, status, duration));
    }

    List<Attempt> attempts() {
        return List.copyOf(attempts);
    }

    List<Integer> statuses() {
        return attempts.stream().map(Attempt::status).toList();
    }
}
