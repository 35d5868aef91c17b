package dev.inboxes.api.message;

import dev.inboxes.domain.message.Authentication;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

@Schema(name = "Authentication", description = "Who vouches for a message received over SMTP: the SPF, DKIM and "
        + "DMARC results of its checks at receipt (RFC 8601 words) and the verdict they add up to. Trust what the "
        + "message says about its sender's domain (codes, links, requests) only when verdict is pass.")
public record AuthenticationResponse(
        @Schema(required = true) SpfResult spf,
        @Schema(description = "One result per DKIM signature checked, in the message's order (at most "
                + Authentication.MAX_SIGNATURES + "); empty when the message is unsigned.", required = true)
        List<DkimResult> dkim,
        @Schema(required = true) DmarcResult dmarc,
        @Schema(description = "pass: the From domain vouches for the message (DMARC pass, or, without a DMARC "
                + "record, an aligned SPF or DKIM pass). fail: DMARC fails, the From address is likely forged. none: "
                + "the domain publishes no DMARC record and nothing aligned passed. unknown: a DNS lookup failed or "
                + "timed out.", enumeration = {"pass", "fail", "none", "unknown"}, required = true) String verdict) {

    static final String RESULT = "RFC 8601 result.";

    @Schema(name = "SpfResult", description = "SPF (RFC 7208) of the envelope sender's domain (the HELO name for a "
            + "null sender) for the connecting address.")
    public record SpfResult(
            @Schema(description = RESULT, enumeration = {"pass", "fail", "softfail", "neutral", "none", "temperror",
                    "permerror"}, required = true) String result,
            @Schema(description = "The domain checked; null when there was none.", examples = "github.com",
                    required = true, nullable = true) String domain) {
    }

    @Schema(name = "DkimResult", description = "One DKIM signature (RFC 6376). A signature with l= (covering only "
            + "part of the body) is not checked and is neutral.")
    public record DkimResult(
            @Schema(description = RESULT, enumeration = {"pass", "fail", "neutral", "none", "temperror", "permerror"},
                    required = true) String result,
            @Schema(description = "The signing domain (d=); null when unreadable.", examples = "github.com",
                    required = true, nullable = true) String domain,
            @Schema(description = "The key's selector (s=); null when unreadable.", examples = "s1",
                    required = true, nullable = true) String selector) {
    }

    @Schema(name = "DmarcResult", description = "DMARC (RFC 7489) of the From domain: does an SPF or DKIM pass "
            + "align with it?")
    public record DmarcResult(
            @Schema(description = RESULT, enumeration = {"pass", "fail", "none", "temperror", "permerror"},
                    required = true) String result,
            @Schema(description = "The policy the domain asks receivers to apply to mail that fails; null when it "
                    + "publishes none.", enumeration = {"none", "quarantine", "reject"}, required = true,
                    nullable = true) String policy,
            @Schema(description = "The From domain; null when the message has no readable From address.",
                    examples = "github.com", required = true, nullable = true) String domain) {
    }

    static AuthenticationResponse fromDomain(Authentication authentication) {
        if (authentication == null) {
            return null;
        }
        return new AuthenticationResponse(
                new SpfResult(authentication.spf().result(), authentication.spf().domain()),
                authentication.dkim().stream().map(dkim -> new DkimResult(dkim.result(), dkim.domain(),
                        dkim.selector())).toList(),
                new DmarcResult(authentication.dmarc().result(), authentication.dmarc().policy(),
                        authentication.dmarc().domain()),
                authentication.verdict());
    }
}
