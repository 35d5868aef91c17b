package dev.inboxes.app.support;

import java.util.List;
import java.util.Set;

/**
 * The seed's case, created once per test JVM and shared by the tests that only read it: an account with
 * 3,219 inboxes, every 7th a "Sales desk" so filters have something to find.
 */
public final class SeededAccount {

    public static final int INBOXES = 3_219;

    private static SeededAccount instance;

    public final String apiKey;
    public final Set<String> inboxIds;

    private SeededAccount(String apiKey, List<String> inboxIds) {
        this.apiKey = apiKey;
        this.inboxIds = Set.copyOf(inboxIds);
    }

    /** Call from a test method or {@code @BeforeEach}: the HTTP port is known only then. */
    public static synchronized SeededAccount get() {
        if (instance == null) {
            String apiKey = Api.newAccount();
            instance = new SeededAccount(apiKey, new Client(apiKey).createInboxes(Api.baseUrl(), INBOXES, i -> i % 7 == 0
                    ? "{\"display_name\":\"Sales desk " + i + "\"}"
                    : "{\"display_name\":\"Agent " + i + "\"}"));
        }
        return instance;
    }

    /** How many seeded inboxes are sales desks (i = 0, 7, …, 3213). */
    public static int salesDesks() {
        return (INBOXES - 1) / 7 + 1;
    }
}
