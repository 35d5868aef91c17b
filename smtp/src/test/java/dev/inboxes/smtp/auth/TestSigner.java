package dev.inboxes.smtp.auth;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import org.apache.james.jdkim.DKIMSigner;
import org.apache.james.jdkim.api.BodyHasher;

/** A test domain's DKIM key and jDKIM's signer: messages signed as a real sender signs them. */
final class TestSigner {

    final KeyPair keys;
    final String domain;
    final String selector;

    TestSigner(String domain, String selector, int bits) {
        this.domain = domain;
        this.selector = selector;
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(bits);
            keys = generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    String dnsName() {
        return selector + "._domainkey." + domain;
    }

    String dnsRecord() {
        return "v=DKIM1; k=rsa; p=" + Base64.getEncoder().encodeToString(keys.getPublic().getEncoded());
    }

    /** The message with a DKIM-Signature in front; {@code extraTags} such as {@code "l=10; "}. */
    byte[] sign(byte[] message, String extraTags) {
        ReceivedHeaders headers = ReceivedHeaders.of(message);
        String template = "v=1; a=rsa-sha256; c=relaxed/relaxed; d=" + domain + "; s=" + selector + "; " + extraTags
                + "h=From:To:Subject:Date:Message-ID; bh=; b=;";
        DKIMSigner signer = new DKIMSigner(template, keys.getPrivate());
        try {
            BodyHasher hasher = signer.newBodyHasher(signer.newSignatureRecordTemplate(template));
            try (OutputStream body = hasher.getOutputStream()) {
                body.write(message, headers.bodyStart, message.length - headers.bodyStart);
            }
            byte[] field = (signer.sign(headers, hasher) + "\r\n").getBytes(StandardCharsets.US_ASCII);
            byte[] signed = new byte[field.length + message.length];
            System.arraycopy(field, 0, signed, 0, field.length);
            System.arraycopy(message, 0, signed, field.length, message.length);
            return signed;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    byte[] sign(byte[] message) {
        return sign(message, "");
    }

    static byte[] message(String from, String subject, String body) {
        return ("From: " + from + "\r\nTo: agent@inboxes.test\r\nSubject: " + subject
                + "\r\nDate: Thu, 3 Dec 2026 10:00:00 +0000\r\nMessage-ID: <" + Math.abs(subject.hashCode())
                + "@test>\r\n\r\n" + body + "\r\n").getBytes(StandardCharsets.UTF_8);
    }
}
