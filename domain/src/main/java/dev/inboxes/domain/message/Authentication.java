package dev.inboxes.domain.message;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * Who vouches for a received message: the SPF, DKIM and DMARC results of its checks at receipt, in RFC 8601 words,
 * and the verdict they add up to. Only mail received over SMTP has one; a recorded message has none.
 *
 * @param spf     the SPF check of the envelope sender's domain (the HELO name for a null sender)
 * @param dkim    one result per DKIM signature checked, in the message's order (at most {@link #MAX_SIGNATURES})
 * @param dmarc   the DMARC evaluation of the {@code From:} domain
 * @param verdict {@code pass}, {@code fail}, {@code none} or {@code unknown}: see {@link #verdictOf}
 */
public record Authentication(Spf spf, List<Dkim> dkim, Dmarc dmarc, String verdict) {

    /** The words a result may be (RFC 8601 2.7). */
    public static final Set<String> RESULTS = Set.of("pass", "fail", "softfail", "neutral", "none", "temperror",
            "permerror");
    public static final Set<String> VERDICTS = Set.of("pass", "fail", "none", "unknown");
    /** Signatures checked per message; those after the tenth are not looked at. */
    public static final int MAX_SIGNATURES = 10;

    public Authentication {
        Objects.requireNonNull(spf, "spf");
        Objects.requireNonNull(dmarc, "dmarc");
        dkim = List.copyOf(dkim);
        if (!VERDICTS.contains(verdict)) {
            throw new IllegalArgumentException("verdict: " + verdict);
        }
    }

    /** @param domain the domain checked, or {@code null} when there was none to check */
    public record Spf(String result, String domain) {
        public Spf {
            requireResult(result);
        }
    }

    /** @param domain the signature's {@code d=}; {@code selector} its {@code s=} (either may be {@code null}) */
    public record Dkim(String result, String domain, String selector) {
        public Dkim {
            requireResult(result);
        }
    }

    /**
     * @param policy the policy the domain asks for ({@code none}, {@code quarantine}, {@code reject}), or
     *               {@code null} when it publishes none
     * @param domain the {@code From:} domain, or {@code null} when the message has no readable one
     */
    public record Dmarc(String result, String policy, String domain) {
        public Dmarc {
            requireResult(result);
        }
    }

    /**
     * The verdict: {@code pass} when DMARC passes; {@code fail} when it fails; {@code unknown} after a
     * {@code temperror} that could have changed it; {@code none} when the domain publishes no DMARC record, unless
     * an aligned DKIM or SPF pass vouches for it anyway ({@code pass} then).
     *
     * @param alignedPass whether an SPF or DKIM pass is for the {@code From:} domain (or, relaxed, its organization)
     * @param temporary   whether a check ended in {@code temperror}
     */
    public static String verdictOf(Dmarc dmarc, boolean alignedPass, boolean temporary) {
        return switch (dmarc.result()) {
            case "pass" -> "pass";
            case "fail" -> "fail";
            case "temperror" -> "unknown";
            default -> alignedPass ? "pass" : temporary ? "unknown" : "none";
        };
    }

    /** Whether the {@code From:} domain vouches for the message: exactly when the verdict is {@code pass}. */
    public boolean senderVerified() {
        return "pass".equals(verdict);
    }

    private static void requireResult(String result) {
        if (!RESULTS.contains(result)) {
            throw new IllegalArgumentException("result: " + result);
        }
    }

    /** The domain a {@code From:} address names, lower case, or {@code null}. */
    public static String domainOf(String address) {
        if (address == null) {
            return null;
        }
        int at = address.lastIndexOf('@');
        if (at < 0 || at == address.length() - 1) {
            return null;
        }
        String domain = address.substring(at + 1).trim().toLowerCase(Locale.ROOT);
        if (domain.endsWith(">")) {
            domain = domain.substring(0, domain.length() - 1);
        }
        return domain.isEmpty() ? null : domain;
    }
}
