package dev.inboxes.smtp.auth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.domain.message.Authentication;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Name;
import org.xbill.DNS.TXTRecord;

/**
 * Seeded random input to every parser of the checks: DMARC records, SPF records (evaluated against a DNS that
 * answers every name with the same random record), header blocks, tag lists, authserv-ids and From values. Each
 * gives a result in the contract's words, within bounds, and never throws.
 */
class AuthParsersFuzzTest {

    private static final long SEED = 20261203L;
    private static final int CASES = 5000;
    private static final String[] PIECES = {"v=spf1", "v=DMARC1", " ", ";", "=", ":", "/", "//", "%{", "}", "%{i}",
            "%{d2r}", "%{l-}", "%%", "%_", "include:", "redirect=", "a", "mx", "ptr", "exists:", "ip4:", "ip6:",
            "1.2.3.4", "::1", "/24", "/129", "-all", "~all", "?all", "+all", "p=reject", "sp=", "adkim=s", "aspf=r",
            "psd=y", "rua=mailto:x@y", "x.test", "..", "\r\n", "\t", "(", ")", "\\", "@", "<", ">", ",", "\"",
            "d=", "s=", "l=", "b=", "bh=", "DKIM-Signature:", "Authentication-Results:", "From:", "é", "\0", "%"};

    private static String random(Random random, int pieces) {
        StringBuilder text = new StringBuilder();
        int count = random.nextInt(pieces);
        for (int i = 0; i < count; i++) {
            if (random.nextInt(5) == 0) {
                text.append((char) random.nextInt(0x300));
            } else {
                text.append(PIECES[random.nextInt(PIECES.length)]);
            }
        }
        return text.toString();
    }

    @Test
    void dmarcRecordsNeverThrow() {
        Random random = new Random(SEED);
        for (int i = 0; i < CASES; i++) {
            String record = random(random, 20);
            Dmarc.parse(record);
            Dmarc.Outcome outcome = Dmarc.evaluate("a.b.example.test", new Authentication.Spf("pass", "b.example.test"),
                    List.of(), name -> List.of(record));
            assertThat(Authentication.RESULTS).contains(outcome.dmarc().result());
        }
    }

    @Test
    void spfRecordsNeverThrowAndStayWithinTheirLimits() throws Exception {
        Random random = new Random(SEED + 1);
        InetAddress v4 = InetAddress.getByName("192.0.2.1");
        InetAddress v6 = InetAddress.getByName("2001:db8::1");
        for (int i = 0; i < CASES; i++) {
            String record = (random.nextBoolean() ? "v=spf1 " : "") + random(random, 15);
            int[] queries = {0};
            AuthDns.Queries dns = new AuthDns.Queries() {
                @Override
                public AuthDns.Answer lookup(String name, int type) {
                    queries[0]++;
                    try {
                        Name owner = Name.fromString(name.endsWith(".") ? name : name + ".");
                        if (type == org.xbill.DNS.Type.TXT) {
                            return new AuthDns.Answer(AuthDns.Status.FOUND,
                                    List.of(new TXTRecord(owner, DClass.IN, 60, record.length() > 255
                                            ? record.substring(0, 255) : record)));
                        }
                        return new AuthDns.Answer(AuthDns.Status.NO_DATA, List.of());
                    } catch (Exception e) {
                        return AuthDns.Answer.INVALID;
                    }
                }

                @Override
                public boolean expired() {
                    return false;
                }
            };
            String result = SpfCheck.check(dns, random.nextBoolean() ? v4 : v6, "example.test", "a@example.test",
                    "helo.test");
            assertThat(Authentication.RESULTS).as(record).contains(result);
            assertThat(queries[0]).as(record).isLessThanOrEqualTo(1 + SpfCheck.MAX_LOOKUPS * (1 + SpfCheck.MAX_MX_HOSTS));
        }
    }

    @Test
    void headersTagsAndAddressesNeverThrow() {
        Random random = new Random(SEED + 2);
        for (int i = 0; i < CASES; i++) {
            String text = random(random, 40);
            byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
            ReceivedHeaders headers = ReceivedHeaders.of(bytes);
            assertThat(headers.bodyStart).isBetween(0, bytes.length);
            assertThat(ReceivedHeaders.cut(bytes, headers.named("Authentication-Results")).length)
                    .isLessThanOrEqualTo(bytes.length);
            ReceivedHeaders.tags(text);
            ReceivedHeaders.authservId(text);
            String domain = ReceivedHeaders.fromDomain(text);
            assertThat(domain == null || SpfCheck.validDomain(domain)).isTrue();
            assertThat(ReceivedHeaders.fromDomains(text)).allMatch(each -> each == null || SpfCheck.validDomain(each));
        }
    }
}
