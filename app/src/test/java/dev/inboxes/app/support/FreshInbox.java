package dev.inboxes.app.support;

import java.util.Map;
import java.util.UUID;

/**
 * A new account with one inbox of a unique username, for a test that receives mail at a known address: what a test's
 * {@code @BeforeEach} makes when each test needs an inbox of its own.
 *
 * @param apiKey  the account's key
 * @param id      the inbox's id
 * @param address the inbox's address, {@code <prefix>-<random>@inboxes.test}
 */
public record FreshInbox(String apiKey, String id, String address) {

    public static final String DOMAIN = "inboxes.test";

    /** @param prefix the start of the username, naming the test that made it (for reading logs) */
    public static FreshInbox named(String prefix) {
        String apiKey = Api.newAccount();
        String username = prefix + "-" + UUID.randomUUID().toString().substring(0, 12);
        return new FreshInbox(apiKey, Api.createInbox(apiKey, Map.of("username", username)), username + "@" + DOMAIN);
    }
}
