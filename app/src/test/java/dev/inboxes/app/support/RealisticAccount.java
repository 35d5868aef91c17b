package dev.inboxes.app.support;

import io.agroal.api.AgroalDataSource;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * The account of the agent-economy measurements: 3,219 inboxes as a team accumulates them, a fifth without a
 * display name, display names of about 55 characters ("Globex invoice intake, Nordics #4821 (staging)"),
 * addresses derived from them; 119 created yesterday (UTC), one "ACME order #1234", one inbox with mail. The
 * names come from a fixed seed, so every run measures the same text.
 */
public final class RealisticAccount {

    public static final int INBOXES = 3_219;
    public static final int CREATED_YESTERDAY = 119;
    public static final String ACME = "ACME order #1234";

    private static final String[] COMPANIES = {"ACME", "Globex", "Initech", "Umbrella Corp", "Hooli", "Stark Industries",
            "Wayne Enterprises", "Wonka", "Soylent", "Cyberdyne Systems", "Tyrell", "Vandelay Industries", "Pied Piper",
            "Aperture Science", "Massive Dynamic"};
    private static final String[] PURPOSES = {"order confirmations", "invoice intake", "support escalations",
            "password resets", "shipping notifications", "vendor onboarding", "newsletter sign-ups", "QA test run",
            "billing disputes", "partner integrations", "recruiting replies", "security alerts", "refund requests",
            "calendar invites", "contract renewals"};
    private static final String[] REGIONS = {"EMEA", "North America", "APAC", "LATAM", "Germany", "UK & Ireland",
            "Nordics", "Benelux", "Japan"};
    private static final String[] STAGES = {"", "", " (staging)", " (production)", " – shared", " (archive, read-only)"};

    public final String apiKey;
    public final String accountId;
    public final String inboxWithMail;
    public final String latestMessage;
    /** Yesterday's first instant (UTC) and today's: the window of the 119. */
    public final Instant yesterday;
    public final Instant today;

    private RealisticAccount(String apiKey, String accountId, String inboxWithMail, String latestMessage,
            Instant yesterday, Instant today) {
        this.apiKey = apiKey;
        this.accountId = accountId;
        this.inboxWithMail = inboxWithMail;
        this.latestMessage = latestMessage;
        this.yesterday = yesterday;
        this.today = today;
    }

    public static RealisticAccount seed(AgroalDataSource database) {
        String apiKey = Api.newAccount();
        String withMail = Api.createInbox(apiKey, Map.of("username", "orders-desk", "display_name",
                "Orders desk: confirmations from the web shop (production)"));
        String latest = null;
        for (int i = 0; i < 3; i++) {
            latest = Api.recordMessage(apiKey, withMail, "Order " + (1230 + i) + " confirmed",
                    "Thank you for your order. It ships within two days.");
        }
        String accountId = SqlSeed.accountOf(database, withMail);
        Instant today = Instant.now().truncatedTo(ChronoUnit.DAYS);
        Instant yesterday = today.minus(Duration.ofDays(1));
        int older = INBOXES - 1 - CREATED_YESTERDAY;
        Random names = new Random(3_219);
        String[] display = new String[older + CREATED_YESTERDAY];
        String[] usernames = new String[display.length];
        for (int i = 0; i < display.length; i++) {
            int number = 1000 + names.nextInt(9000);
            String company = COMPANIES[names.nextInt(COMPANIES.length)];
            String purpose = PURPOSES[names.nextInt(PURPOSES.length)];
            String region = REGIONS[names.nextInt(REGIONS.length)];
            String stage = STAGES[names.nextInt(STAGES.length)];
            display[i] = i == 1_234 ? ACME : i % 5 == 0 ? null
                    : company + " " + purpose + ", " + region + " #" + number + stage;
            usernames[i] = (company.split(" ")[0] + "-" + purpose.split(" ")[0] + "-" + number + "-" + i)
                    .toLowerCase(Locale.ROOT);
        }
        // Older inboxes over the 60 days before yesterday, then yesterday's, each batch in creation order.
        long olderStep = Duration.ofDays(60).toNanos() / 1_000 / older;
        SqlSeed.inboxes(database, accountId, older, yesterday.minus(Duration.ofDays(60)), olderStep,
                i -> usernames[i], i -> display[i]);
        SqlSeed.inboxes(database, accountId, CREATED_YESTERDAY, yesterday.plusSeconds(600),
                Duration.ofMinutes(11).toNanos() / 1_000, i -> usernames[older + i], i -> display[older + i]);
        return new RealisticAccount(apiKey, accountId, withMail, latest, yesterday, today);
    }
}
