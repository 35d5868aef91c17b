package dev.inboxes.persistence.notify;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.interceptor.Interceptor;
import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.postgresql.Driver;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;

/**
 * PostgreSQL {@code LISTEN/NOTIFY} between replicas: one listening connection per replica (outside the pool, so
 * it costs the requests nothing), on every {@link NotificationChannel} bean. When the connection breaks (a database
 * restart, a network failure) it connects and listens again, and then tells every channel it may have missed
 * notifications. pgjdbc's {@code getNotifications(timeout)} does the waiting; a reactive client with its own
 * re-connecting subscriber would need a second datasource for this one connection.
 */
@ApplicationScoped
public class PostgresNotifications {

    private static final Logger LOG = Logger.getLogger(PostgresNotifications.class);
    /** How the listening connection shows in {@code pg_stat_activity}. */
    public static final String APPLICATION_NAME = "inboxes-notifications";
    private static final Pattern CHANNEL_NAME = Pattern.compile("[a-z][a-z0-9_]{0,62}");
    private static final int WAIT_MILLIS = 250;
    /** A silent connection (a network partition) is probed this often; a dead one fails the probe. */
    private static final long PROBE_EVERY_NANOS = 5_000_000_000L;
    private static final int SOCKET_TIMEOUT_SECONDS = 10;
    private static final long MAX_BACKOFF_MILLIS = 2_000;

    @Inject
    @Any
    Instance<NotificationChannel> channelBeans;

    @ConfigProperty(name = "quarkus.datasource.jdbc.url")
    String url;

    @ConfigProperty(name = "quarkus.datasource.username")
    Optional<String> username;

    @ConfigProperty(name = "quarkus.datasource.password")
    Optional<String> password;

    private final Map<String, NotificationChannel> channels = new LinkedHashMap<>();
    private final AtomicLong listens = new AtomicLong();
    private volatile boolean running;
    private volatile Connection connection;
    private Thread listener;

    void start(@Observes StartupEvent event) {
        for (NotificationChannel channel : channelBeans) {
            if (!CHANNEL_NAME.matcher(channel.name()).matches()) {
                throw new IllegalStateException("Invalid notification channel name: " + channel.name());
            }
            channels.put(channel.name(), channel);
        }
        if (channels.isEmpty()) {
            return;
        }
        running = true;
        listener = new Thread(this::listen, APPLICATION_NAME);
        listener.setDaemon(true);
        listener.start();
    }

    /** Before the embedded database stops, so the listener does not report a lost connection on the way out. */
    void stop(@Observes @Priority(Interceptor.Priority.PLATFORM_BEFORE) ShutdownEvent event) throws InterruptedException {
        running = false;
        closeQuietly(connection);
        if (listener != null) {
            listener.join(2_000);
        }
    }

    /**
     * Sends {@code payload} on {@code channel} as part of the caller's transaction: every replica (this one
     * included) receives it when the transaction commits, and never if it rolls back.
     */
    public static void send(EntityManager entityManager, String channel, String payload) {
        entityManager.createNativeQuery("SELECT 1 FROM (SELECT pg_notify(?1, ?2)) sent")
                .setParameter(1, channel)
                .setParameter(2, payload)
                .getSingleResult();
    }

    /** How many times this replica has started listening: 1 after start, one more per reconnection. */
    public long listens() {
        return listens.get();
    }

    private void listen() {
        long backoff = 100;
        boolean failed = false;
        while (running) {
            try (Connection listening = connect()) {
                connection = listening;
                try (Statement statement = listening.createStatement()) {
                    for (String channel : channels.keySet()) {
                        statement.execute("LISTEN " + channel);
                    }
                }
                channels.values().forEach(this::missed);
                listens.incrementAndGet();
                if (failed) {
                    LOG.infof("Listening for database notifications again (%s); what they invalidate was cleared",
                            channels.keySet());
                }
                failed = false;
                backoff = 100;
                receive(listening);
            } catch (SQLException | RuntimeException e) {
                if (!running) {
                    return;
                }
                if (!failed) {
                    LOG.warnf("Database notifications interrupted (%s); listening again as soon as the database answers",
                            e.getMessage());
                }
                failed = true;
                sleep(backoff);
                backoff = Math.min(backoff * 2, MAX_BACKOFF_MILLIS);
            } finally {
                connection = null;
            }
        }
    }

    private void receive(Connection listening) throws SQLException {
        PGConnection postgres = listening.unwrap(PGConnection.class);
        long probed = System.nanoTime();
        while (running) {
            PGNotification[] received = postgres.getNotifications(WAIT_MILLIS);
            if (received != null) {
                for (PGNotification notification : received) {
                    deliver(notification);
                }
            }
            if (System.nanoTime() - probed > PROBE_EVERY_NANOS) {
                try (Statement probe = listening.createStatement()) {
                    probe.execute("SELECT 1");
                }
                probed = System.nanoTime();
            }
        }
    }

    private void deliver(PGNotification notification) {
        NotificationChannel channel = channels.get(notification.getName());
        if (channel == null) {
            return;
        }
        try {
            channel.onNotification(notification.getParameter());
        } catch (RuntimeException e) {
            LOG.errorf(e, "Channel %s failed on a notification", channel.name());
        }
    }

    private void missed(NotificationChannel channel) {
        try {
            channel.onMissedNotifications();
        } catch (RuntimeException e) {
            LOG.errorf(e, "Channel %s failed to recover from missed notifications", channel.name());
        }
    }

    private Connection connect() throws SQLException {
        Properties properties = new Properties();
        username.ifPresent(user -> properties.setProperty("user", user));
        password.ifPresent(secret -> properties.setProperty("password", secret));
        properties.setProperty("ApplicationName", APPLICATION_NAME);
        properties.setProperty("socketTimeout", String.valueOf(SOCKET_TIMEOUT_SECONDS));
        properties.setProperty("connectTimeout", "3");
        properties.setProperty("tcpKeepAlive", "true");
        Connection connected = new Driver().connect(url, properties);
        if (connected == null) {
            throw new SQLException("Not a PostgreSQL JDBC URL: " + url);
        }
        connected.setAutoCommit(true);
        return connected;
    }

    private static void closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // closing to stop: nothing to do
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
