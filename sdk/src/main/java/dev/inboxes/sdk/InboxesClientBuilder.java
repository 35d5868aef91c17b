package dev.inboxes.sdk;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.Objects;

/**
 * Configures an {@link InboxesClient}. Only the base URL and the API key are required.
 *
 * <p>Not thread-safe; the client it builds is.
 */
public final class InboxesClientBuilder {

    /** Default timeout of each HTTP attempt. */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(30);
    /** Default number of retries of an idempotent call, after the first attempt. */
    public static final int DEFAULT_MAX_RETRIES = 3;
    /** Default wait before the first retry; doubled for each further one. */
    public static final Duration DEFAULT_INITIAL_BACKOFF = Duration.ofMillis(200);
    /** Default longest wait between retries, also the cap on a server's {@code Retry-After}. */
    public static final Duration DEFAULT_MAX_BACKOFF = Duration.ofSeconds(5);

    private String baseUrl;
    private String apiKey;
    private HttpClient httpClient;
    private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
    private int maxRetries = DEFAULT_MAX_RETRIES;
    private Duration initialBackoff = DEFAULT_INITIAL_BACKOFF;
    private Duration maxBackoff = DEFAULT_MAX_BACKOFF;
    private RequestListener requestListener = RequestListener.NONE;

    InboxesClientBuilder() {
    }

    /** @param baseUrl the server, e.g. {@code http://localhost:8080} (required; a path prefix is kept) */
    public InboxesClientBuilder baseUrl(String baseUrl) {
        this.baseUrl = baseUrl;
        return this;
    }

    /** @param apiKey the account's secret key, {@code sk_…} (required by {@link #build()}) */
    public InboxesClientBuilder apiKey(String apiKey) {
        this.apiKey = apiKey;
        return this;
    }

    /**
     * @param httpClient the JDK client to send requests with, e.g. to set a proxy or SSL context; by default
     *                   each built client creates its own
     */
    public InboxesClientBuilder httpClient(HttpClient httpClient) {
        this.httpClient = Objects.requireNonNull(httpClient, "httpClient");
        return this;
    }

    /** @param requestTimeout the timeout of each attempt, retries included separately (default 30 s) */
    public InboxesClientBuilder requestTimeout(Duration requestTimeout) {
        this.requestTimeout = positive(requestTimeout, "requestTimeout");
        return this;
    }

    /** @param maxRetries retries of an idempotent call after its first attempt; 0 disables them (default 3) */
    public InboxesClientBuilder maxRetries(int maxRetries) {
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must be 0 or more (got " + maxRetries + ")");
        }
        this.maxRetries = maxRetries;
        return this;
    }

    /** @param initialBackoff the wait before the first retry, doubled per retry, with jitter (default 200 ms) */
    public InboxesClientBuilder initialBackoff(Duration initialBackoff) {
        this.initialBackoff = notNegative(initialBackoff, "initialBackoff");
        return this;
    }

    /** @param maxBackoff the longest wait between retries, also capping {@code Retry-After} (default 5 s) */
    public InboxesClientBuilder maxBackoff(Duration maxBackoff) {
        this.maxBackoff = notNegative(maxBackoff, "maxBackoff");
        return this;
    }

    /** @param requestListener observes every HTTP attempt, e.g. for logging or metrics */
    public InboxesClientBuilder requestListener(RequestListener requestListener) {
        this.requestListener = Objects.requireNonNull(requestListener, "requestListener");
        return this;
    }

    /**
     * @return an immutable, thread-safe client; build one and share it
     * @throws IllegalStateException when the base URL or the API key is missing
     */
    public InboxesClient build() {
        if (apiKey == null || apiKey.isBlank()) {
            throw new IllegalStateException("apiKey is required: pass the sk_… key that POST /v1/accounts returned "
                    + "(InboxesClient.createAccount creates one)");
        }
        return new InboxesClient(settings(apiKey.strip()));
    }

    /**
     * Creates an account with this builder's settings; no API key is needed. Never retried: a retry could
     * create a second account.
     *
     * @return the new account and its API key (shown only once)
     */
    public NewAccount createAccount() {
        return ResponseReader.read(new HttpTransport(settings(null)).send(ApiCall.post("/v1/accounts", null)),
                NewAccount.class);
    }

    private ClientSettings settings(String key) {
        URI baseUri = BaseUri.parse(baseUrl);
        HttpClient client = httpClient != null ? httpClient : DefaultHttpClient.create(baseUri, requestTimeout);
        RetryPolicy retryPolicy = new RetryPolicy(maxRetries, initialBackoff, maxBackoff);
        return new ClientSettings(baseUri, key, client, requestTimeout, retryPolicy, requestListener);
    }

    private static Duration positive(Duration value, String name) {
        if (Objects.requireNonNull(value, name).isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive (got " + value + ")");
        }
        return value;
    }

    private static Duration notNegative(Duration value, String name) {
        if (Objects.requireNonNull(value, name).isNegative()) {
            throw new IllegalArgumentException(name + " must not be negative (got " + value + ")");
        }
        return value;
    }
}
