package dev.inboxes.app.event;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.AppProcess;
import dev.inboxes.app.support.Client;
import dev.inboxes.app.support.ItPostgres;
import dev.inboxes.app.support.Mail;
import dev.inboxes.app.support.Smtp;
import dev.inboxes.app.support.Workers;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The event log commits with its changes or not at all, even when PostgreSQL dies between a change and its answer:
 * while mail arrives over SMTP and inboxes are created and deleted, the postmaster and its processes are SIGKILLed
 * and started again, three times. Afterwards every stored message has exactly one {@code message.received} event and
 * every inbox one {@code inbox.created} (and, once gone, one {@code inbox.deleted}) event, no event names a change
 * that did not commit, and every {@code 250}, {@code 201} and {@code 204} a client saw is there.
 */
class EventLogDatabaseKillIT {

    private static final int KILLS = 3;
    private static final int MAIL_INBOXES = 3;
    private static final int SENDERS = 3;
    private static final int CHURNERS = 3;

    @TempDir
    Path workDir;

    @Test
    void everyCommittedChangeHasExactlyItsEventAcrossKilledDatabases() throws Exception {
        int smtpPort = AppProcess.freePort();
        try (ItPostgres database = new ItPostgres(workDir.resolve("pg")).withCommitsThatSurviveAKill().start()) {
            Map<String, String> environment = database.appEnvironment();
            environment.put("INBOXES_SMTP_PORT", String.valueOf(smtpPort));
            try (AppProcess app = AppProcess.start(workDir.resolve("app"), environment)) {
                Client client = new Client(Client.newAccount(app.baseUrl));
                String prefix = "kill" + System.nanoTime();
                Map<String, String> mailInboxes = new HashMap<>(); // address -> id
                for (int i = 0; i < MAIL_INBOXES; i++) {
                    String username = prefix + "-" + i;
                    mailInboxes.put(username + "@inboxes.test",
                            client.createInboxFrom(app.baseUrl, Map.of("username", username)));
                }
                List<String> addresses = List.copyOf(mailInboxes.keySet());
                Acknowledged acknowledged = new Acknowledged();

                Workers senders = Workers.start(SENDERS, "kill-smtp", (worker, round) -> {
                    String subject = prefix + " mail " + worker + "-" + round;
                    Mail mail = Mail.from("sender@example.com", addresses.get(round % addresses.size()), subject);
                    try {
                        if (Smtp.send(smtpPort, mail.bytes(), mail.from(), mail.to()).startsWith("250")) {
                            acknowledged.mail.add(subject);
                        }
                    } catch (Exception refusedWhileDown) {
                        pause(); // 451 or a broken connection: only a 250 counts
                    }
                });
                Workers churners = Workers.start(CHURNERS, "kill-churn", (worker, round) -> {
                    try {
                        HttpResponse<String> created = client.send("POST", app.baseUrl + "/v1/inboxes", "{}",
                                UUID.randomUUID().toString());
                        if (created.statusCode() != 201) {
                            pause();
                            return;
                        }
                        String id = Client.JSON.readTree(created.body()).path("id").asText();
                        acknowledged.created.add(id);
                        if (round % 2 == 0
                                && client.send("DELETE", app.baseUrl + "/v1/inboxes/" + id, null, null).statusCode() == 204) {
                            acknowledged.deleted.add(id);
                        }
                    } catch (Exception brokenWhileDown) {
                        pause();
                    }
                });

                int killedProcesses = 0;
                for (int kill = 0; kill < KILLS; kill++) {
                    awaitMoreChanges(acknowledged, 10, Duration.ofSeconds(60));
                    killedProcesses += database.kill();
                    Thread.sleep(1_000); // requests in flight at the kill fail; none may be acknowledged falsely
                    database.start();
                    app.awaitReadiness(200, Duration.ofSeconds(60));
                }
                awaitMoreChanges(acknowledged, 10, Duration.ofSeconds(60)); // serving again after the last kill
                senders.stop();
                churners.stop();

                Stored stored = Stored.read(database.jdbcUrl(), mailInboxes.values().iterator().next());
                System.out.printf("Event log under killed databases: %d kills (%d processes SIGKILLed); "
                                + "messages: %d acknowledged, %d stored, %d message.received events; inboxes: %d created "
                                + "and %d deleted acknowledged, %d live and %d deleted stored, %d inbox.created and %d "
                                + "inbox.deleted events; lost %d, events without their change %d%n",
                        KILLS, killedProcesses, acknowledged.mail.size(), stored.messageSubjects.size(),
                        total(stored.receivedEvents), acknowledged.created.size(), acknowledged.deleted.size(),
                        stored.liveInboxes.size(), stored.deletedEvents.size(), total(stored.createdEvents),
                        total(stored.deletedEvents), stored.lost(acknowledged).size(), stored.orphans().size());

                assertThat(acknowledged.mail).as("mail acknowledged").hasSizeGreaterThan(KILLS * 5);
                assertThat(acknowledged.deleted).as("deletes acknowledged").isNotEmpty();
                assertThat(stored.lost(acknowledged)).as("acknowledged changes missing").isEmpty();
                assertThat(stored.orphans()).as("events without their change").isEmpty();
                assertThat(stored.receivedEvents.keySet()).as("a message.received event per stored message")
                        .isEqualTo(stored.messageSubjects.keySet());
                assertThat(stored.receivedEvents.values()).as("exactly one each").containsOnly(1);
                Set<String> everCreated = new HashSet<>(stored.liveInboxes);
                everCreated.addAll(stored.deletedEvents.keySet());
                assertThat(stored.createdEvents.keySet()).as("an inbox.created event per inbox, live or deleted")
                        .isEqualTo(everCreated);
                assertThat(stored.createdEvents.values()).as("exactly one each").containsOnly(1);
                assertThat(stored.deletedEvents.values()).as("one inbox.deleted per deleted inbox").containsOnly(1);
                assertThat(stored.liveInboxes).as("no live inbox has an inbox.deleted event")
                        .doesNotContainAnyElementsOf(stored.deletedEvents.keySet());
            }
        }
    }

    private static void awaitMoreChanges(Acknowledged acknowledged, int more, Duration patience)
            throws InterruptedException {
        int mail = acknowledged.mail.size();
        int created = acknowledged.created.size();
        long deadline = System.nanoTime() + patience.toNanos();
        while ((acknowledged.mail.size() < mail + more || acknowledged.created.size() < created + more)
                && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static int total(Map<String, Integer> counts) {
        return counts.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** What clients were told succeeded. */
    private static final class Acknowledged {
        final Set<String> mail = ConcurrentHashMap.newKeySet();
        final Set<String> created = ConcurrentHashMap.newKeySet();
        final Set<String> deleted = ConcurrentHashMap.newKeySet();
    }

    /** The account's rows and events as the database holds them after recovery, read over JDBC. */
    private record Stored(Map<String, String> messageSubjects, Set<String> liveInboxes,
                          Map<String, Integer> receivedEvents, Map<String, Integer> createdEvents,
                          Map<String, Integer> deletedEvents) {

        static Stored read(String jdbcUrl, String anInboxId) throws Exception {
            try (Connection connection = DriverManager.getConnection(jdbcUrl, "postgres", "")) {
                String account = strings(connection, "SELECT account_id, id FROM inboxes WHERE id = ?", anInboxId)
                        .keySet().iterator().next();
                Map<String, String> messages = strings(connection, """
                        SELECT m.id, m.subject FROM messages m JOIN inboxes i ON i.id = m.inbox_id
                        WHERE i.account_id = ? AND m.direction = 'inbound'""", account);
                Set<String> live = strings(connection, "SELECT id, id FROM inboxes WHERE account_id = ?", account).keySet();
                return new Stored(messages, live,
                        counts(connection, "message.received", "data ->> 'id'", account),
                        counts(connection, "inbox.created", "inbox_id", account),
                        counts(connection, "inbox.deleted", "inbox_id", account));
            }
        }

        /** The subjects, inboxes and deletes acknowledged but not stored. */
        Set<String> lost(Acknowledged acknowledged) {
            Set<String> lost = new HashSet<>(acknowledged.mail);
            lost.removeAll(messageSubjects.values());
            acknowledged.created.stream()
                    .filter(id -> !liveInboxes.contains(id) && !deletedEvents.containsKey(id)).forEach(lost::add);
            acknowledged.deleted.stream()
                    .filter(id -> liveInboxes.contains(id) || !deletedEvents.containsKey(id)).forEach(lost::add);
            return lost;
        }

        /** Events whose change is not stored: a message or an inbox that never committed. */
        Set<String> orphans() {
            Set<String> orphans = new HashSet<>(receivedEvents.keySet());
            orphans.removeAll(messageSubjects.keySet());
            createdEvents.keySet().stream()
                    .filter(id -> !liveInboxes.contains(id) && !deletedEvents.containsKey(id)).forEach(orphans::add);
            deletedEvents.keySet().stream().filter(id -> !createdEvents.containsKey(id)).forEach(orphans::add);
            return orphans;
        }

        private static Map<String, Integer> counts(Connection connection, String type, String key, String account)
                throws Exception {
            Map<String, Integer> counts = new HashMap<>();
            strings(connection, "SELECT " + key + ", count(*) FROM events WHERE account_id = ? AND type = '" + type
                    + "' GROUP BY 1", account).forEach((id, count) -> counts.put(id, Integer.parseInt(count)));
            return counts;
        }

        /** The first two columns of the rows as a map. */
        private static Map<String, String> strings(Connection connection, String sql, String parameter)
                throws Exception {
            Map<String, String> rows = new HashMap<>();
            try (PreparedStatement statement = connection.prepareStatement(sql)) {
                statement.setString(1, parameter);
                try (ResultSet result = statement.executeQuery()) {
                    while (result.next()) {
                        rows.put(result.getString(1), result.getString(2));
                    }
                }
            }
            return rows;
        }
    }
}
