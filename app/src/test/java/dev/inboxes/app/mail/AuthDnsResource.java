package dev.inboxes.app.mail;

import dev.inboxes.smtp.out.LoopbackDnsServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.Map;

/**
 * A real DNS server on loopback for the checks at receipt, started before the app reads its settings: it publishes
 * SPF, DKIM and DMARC for {@value #SENDER_DOMAIN} (the test's sender, whose mail comes from loopback), and the app
 * asks it ({@code inboxes.dns-servers}).
 */
public class AuthDnsResource implements QuarkusTestResourceLifecycleManager {

    static final String SENDER_DOMAIN = "bank.example";
    static final String SELECTOR = "mail2026";
    /** The test signs with the private half; the server publishes the public half. */
    static final KeyPair KEYS = keys();

    private LoopbackDnsServer dns;

    private static KeyPair keys() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public Map<String, String> start() {
        try {
            dns = new LoopbackDnsServer()
                    .txt(SENDER_DOMAIN, "v=spf1 ip4:127.0.0.0/8 ip6:::1 -all")
                    .txt("_dmarc." + SENDER_DOMAIN, "v=DMARC1; p=reject")
                    .txtSplit(SELECTOR + "._domainkey." + SENDER_DOMAIN, "v=DKIM1; k=rsa; p="
                            + Base64.getEncoder().encodeToString(KEYS.getPublic().getEncoded()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.of("inboxes.dns-servers", dns.address());
    }

    @Override
    public void stop() {
        if (dns != null) {
            dns.close();
        }
    }
}
