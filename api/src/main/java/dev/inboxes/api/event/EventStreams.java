package dev.inboxes.api.event;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.inboxes.domain.event.Event;
import dev.inboxes.domain.event.EventFilter;
import dev.inboxes.domain.event.EventListener;
import dev.inboxes.domain.event.EventService;
import dev.inboxes.domain.event.EventStore;
import dev.inboxes.domain.event.StreamPosition;
import dev.inboxes.domain.event.TooManyStreamsException;
import io.quarkus.runtime.ShutdownEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.context.ManagedExecutor;
import org.jboss.logging.Logger;

/**
 * This replica's event streams. No stream holds a thread or a database connection while it waits: the replica's one
 * listening connection ({@link EventListener}) says which account has new events, and each of that account's streams
 * then reads them in one short query on the worker pool and sends them. A keep-alive comment goes to every stream
 * every {@code inboxes.events.stream-keep-alive}, which also finds the streams whose clients left.
 */
@ApplicationScoped
public class EventStreams implements EventListener {

    private static final Logger LOG = Logger.getLogger(EventStreams.class);
    /** How soon a stream looks again when newer events wait behind a transaction still running. */
    private static final long HELD_BACK_RECHECK_MILLIS = 200;

    @Inject
    EventService events;

    @Inject
    ManagedExecutor worker;

    @Inject
    ObjectMapper mapper;

    @ConfigProperty(name = "inboxes.events.streams-per-account", defaultValue = "5")
    int maxPerAccount;

    @ConfigProperty(name = "inboxes.events.streams-per-replica", defaultValue = "1000")
    int maxPerReplica;

    @ConfigProperty(name = "inboxes.events.stream-keep-alive", defaultValue = "15S")
    Duration keepAlive;

    private final Map<String, Set<Stream>> byAccount = new ConcurrentHashMap<>();
    private final AtomicInteger open = new AtomicInteger();
    private volatile ScheduledExecutorService timer;

    /**
     * Opens a stream from {@code position}; it sends what is there at once, then each new event as it commits.
     *
     * @return what closes it, when its client has gone
     */
    public Runnable open(String accountId, EventFilter filter, StreamPosition position, SseEventSink sink, Sse sse) {
        if (open.incrementAndGet() > maxPerReplica) {
            open.decrementAndGet();
            throw new TooManyStreamsException("This replica", maxPerReplica);
        }
        Stream stream = new Stream(accountId, filter, position, sink, sse);
        Set<Stream> ofAccount = byAccount.computeIfAbsent(accountId, id -> ConcurrentHashMap.newKeySet());
        synchronized (ofAccount) {
            if (ofAccount.size() >= maxPerAccount) {
                open.decrementAndGet();
                throw new TooManyStreamsException("The account", maxPerAccount);
            }
            ofAccount.add(stream);
        }
        timer();
        stream.send(sse.newEventBuilder().comment("stream open").build());
        stream.read();
        return stream::close;
    }

    /** Streams open on this replica. */
    public int open() {
        return open.get();
    }

    @Override
    public void eventsWritten(String accountId) {
        Set<Stream> streams = byAccount.get(accountId);
        if (streams != null) {
            streams.forEach(Stream::read);
        }
    }

    @Override
    public void mayHaveMissedEvents() {
        byAccount.values().forEach(streams -> streams.forEach(Stream::read));
    }

    private synchronized ScheduledExecutorService timer() {
        if (timer == null) {
            timer = Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, "inboxes-event-streams");
                thread.setDaemon(true);
                return thread;
            });
            long every = Math.max(1, keepAlive.toMillis());
            timer.scheduleAtFixedRate(this::keepAlive, every, every, TimeUnit.MILLISECONDS);
        }
        return timer;
    }

    private void keepAlive() {
        byAccount.values().forEach(streams -> streams.forEach(stream ->
                stream.send(stream.sse.newEventBuilder().comment("keep-alive").build())));
    }

    void stop(@Observes ShutdownEvent event) {
        byAccount.values().forEach(streams -> streams.forEach(Stream::close));
    }

    @PreDestroy
    synchronized void stopTimer() {
        if (timer != null) {
            timer.shutdownNow();
        }
    }

    private final class Stream {

        private final String accountId;
        private final EventFilter filter;
        private final SseEventSink sink;
        private final Sse sse;
        private final AtomicBoolean reading = new AtomicBoolean();
        private final AtomicBoolean again = new AtomicBoolean();
        private final AtomicBoolean closed = new AtomicBoolean();
        private volatile StreamPosition position;

        Stream(String accountId, EventFilter filter, StreamPosition position, SseEventSink sink, Sse sse) {
            this.accountId = accountId;
            this.filter = filter;
            this.position = position;
            this.sink = sink;
            this.sse = sse;
        }

        /** One read at a time per stream; a read asked for meanwhile runs right after. */
        void read() {
            again.set(true);
            if (closed.get() || !reading.compareAndSet(false, true)) {
                return;
            }
            try {
                worker.execute(this::drain);
            } catch (RuntimeException rejected) {
                reading.set(false); // the pool is full: the next notification or keep-alive tries again
            }
        }

        private void drain() {
            boolean heldBack = false;
            try {
                while (again.getAndSet(false) && !closed.get()) {
                    EventStore.Batch batch = events.next(accountId, filter, position);
                    for (Event event : batch.events()) {
                        send(sse.newEventBuilder().id(event.id()).name(event.type())
                                .mediaType(MediaType.APPLICATION_JSON_TYPE).data(json(event)).build());
                    }
                    position = batch.position();
                    if (batch.events().size() == EventService.STREAM_BATCH) {
                        again.set(true);
                    }
                    heldBack = batch.heldBack();
                }
            } catch (RuntimeException e) {
                LOG.debugf("An event stream read failed; the next notification reads again: %s", e.toString());
                heldBack = true;
            } finally {
                reading.set(false);
            }
            if (again.get()) {
                read();
            } else if (heldBack && !closed.get()) {
                timer().schedule(this::read, HELD_BACK_RECHECK_MILLIS, TimeUnit.MILLISECONDS);
            }
        }

        private String json(Event event) {
            try {
                return mapper.writeValueAsString(EventResponse.fromDomain(event));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("An event's JSON could not be written", e);
            }
        }

        void send(OutboundSseEvent event) {
            if (closed.get()) {
                return;
            }
            if (sink.isClosed()) {
                close();
                return;
            }
            sink.send(event).whenComplete((sent, failure) -> {
                if (failure != null) {
                    close();
                }
            });
        }

        void close() {
            if (!closed.compareAndSet(false, true)) {
                return;
            }
            // An account's set stays when empty: removing it could race with a stream being added to it.
            Set<Stream> ofAccount = byAccount.get(accountId);
            synchronized (ofAccount) {
                ofAccount.remove(this);
            }
            open.decrementAndGet();
            try {
                sink.close();
            } catch (RuntimeException ignored) {
                // already closed by the client
            }
        }
    }
}
