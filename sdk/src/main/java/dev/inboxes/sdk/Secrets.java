package dev.inboxes.sdk;

/** Keeps API keys out of toString output and exception messages. */
final class Secrets {

    private Secrets() {
    }

    /** @return the key's first characters followed by an ellipsis, enough to tell keys apart in logs */
    static String mask(String secret) {
        if (secret == null) {
            return "null";
        }
        return secret.length() <= 7 ? "…" : secret.substring(0, 7) + "…";
    }
}
