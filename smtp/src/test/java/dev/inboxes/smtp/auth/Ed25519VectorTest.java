package dev.inboxes.smtp.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Name;
import org.xbill.DNS.TXTRecord;

/** RFC 8463's own example (Appendix A): its signed message verifies with its published key. */
class Ed25519VectorTest {

    private static final String MESSAGE = String.join("\r\n",
            "DKIM-Signature: v=1; a=ed25519-sha256; c=relaxed/relaxed;",
            " d=football.example.com; i=@football.example.com;",
            " q=dns/txt; s=brisbane; t=1528637909; h=from : to :",
            " subject : date : message-id : from : subject : date;",
            " bh=2jUSOH9NhtVGCQWNr9BrIAPreKQjO6Sn7XIkfJVOzv8=;",
            " b=/gCrinpcQOoIfuHNQIbq4pgh9kyIK3AQUdt9OdqQehSwhEIug4D11Bus",
            " Fa3bT3FY5OsU7ZbnKELq+eXdp1Q1Dw==",
            "From: Joe SixPack <joe@football.example.com>",
            "To: Suzie Q <suzie@shopping.example.net>",
            "Subject: Is dinner ready?",
            "Date: Fri, 11 Jul 2003 21:00:37 -0700 (PDT)",
            "Message-ID: <20030712040037.46341.5F8J@football.example.com>",
            "",
            "Hi.",
            "",
            "We lost the game.  Are you hungry yet?",
            "",
            "Joe.",
            "");

    @Test
    void theRfcExampleVerifies() throws Exception {
        byte[] raw = MESSAGE.getBytes(StandardCharsets.US_ASCII);
        ReceivedHeaders headers = ReceivedHeaders.of(raw);
        AuthDns.Queries dns = new AuthDns.Queries() {
            @Override
            public AuthDns.Answer lookup(String name, int type) {
                try {
                    return name.equals("brisbane._domainkey.football.example.com")
                            ? new AuthDns.Answer(AuthDns.Status.FOUND, List.of(new TXTRecord(Name.fromString(name + "."),
                            DClass.IN, 60, "v=DKIM1; k=ed25519; p=11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=")))
                            : new AuthDns.Answer(AuthDns.Status.NO_SUCH_NAME, List.of());
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }

            @Override
            public boolean expired() {
                return false;
            }
        };
        String value = headers.named("DKIM-Signature").get(0).rawValue();
        assertThat(Ed25519Dkim.verify(headers, value, raw, headers.bodyStart, dns)).isEqualTo("pass");
        byte[] changed = MESSAGE.replace("hungry", "angry").getBytes(StandardCharsets.US_ASCII);
        ReceivedHeaders changedHeaders = ReceivedHeaders.of(changed);
        assertThat(Ed25519Dkim.verify(changedHeaders, value, changed, changedHeaders.bodyStart, dns)).isEqualTo("fail");
    }
}
