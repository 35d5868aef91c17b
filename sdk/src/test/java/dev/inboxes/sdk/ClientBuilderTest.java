package dev.inboxes.sdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.http.HttpClient;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Building a client, and the one call that needs no key. */
@Timeout(60) // a hang fails; a loaded machine does not
class ClientBuilderTest {

    @Test
    void baseUrlAndApiKeyAreRequired() {
        assertThatThrownBy(() -> InboxesClient.builder().apiKey("sk_1").build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("baseUrl");
        assertThatThrownBy(() -> InboxesClient.builder().baseUrl("http://localhost:8080").build())
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("apiKey");
        assertThatThrownBy(() -> InboxesClient.builder().baseUrl("http://localhost:8080").apiKey(" ").build())
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void invalidSettingsFailAtOnce() {
        InboxesClientBuilder builder = InboxesClient.builder().apiKey("sk_1");
        for (String bad : new String[] {"localhost:8080", "ftp://host", "http://host?x=1", "http://host/#top"}) {
            assertThatThrownBy(() -> builder.baseUrl(bad).build()).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> builder.maxRetries(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder.requestTimeout(Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> builder.initialBackoff(Duration.ofMillis(-1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void createAccountNeedsNoKey() throws Exception {
        try (StubServer stub = StubServer.replying(
                StubReply.json(201, "{\"id\":\"acc_1\",\"api_key\":\"sk_abcdefghijkl\"}"))) {
            NewAccount account = InboxesClient.createAccount(stub.baseUrl());

            assertThat(account).isEqualTo(new NewAccount("acc_1", "sk_abcdefghijkl"));
            assertThat(account.toString()).contains("acc_1").doesNotContain("sk_abcdefghijkl");
            StubServer.RecordedRequest request = stub.requests().get(0);
            assertThat(request.method()).isEqualTo("POST");
            assertThat(request.path()).isEqualTo("/v1/accounts");
            assertThat(request.header("Authorization")).isNull();
        }
    }

    @Test
    void createAccountOnTheBuilderUsesItsSettings() throws Exception {
        RecordingListener listener = new RecordingListener();
        try (StubServer stub = StubServer.replying(StubReply.json(201, "{\"id\":\"acc_1\",\"api_key\":\"sk_1\"}"))) {
            NewAccount account = InboxesClient.builder().baseUrl(stub.baseUrl())
                    .httpClient(HttpClient.newHttpClient()).requestListener(listener).createAccount();

            InboxesClient client = InboxesClient.builder().baseUrl(stub.baseUrl()).apiKey(account.apiKey()).build();

            assertThat(client).isNotNull();
            assertThat(listener.statuses()).containsExactly(201);
        }
    }

    @Test
    void theSettingsNeverShowTheKey() {
        ClientSettings settings = new ClientSettings(java.net.URI.create("http://x"), "sk_secret_value", null,
                Duration.ofSeconds(1), new RetryPolicy(0, Duration.ZERO, Duration.ZERO), RequestListener.NONE);

        assertThat(settings.toString()).doesNotContain("secret_value");
    }
}
