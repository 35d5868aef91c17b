package dev.inboxes.smtp.auth;

import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.SignatureException;
import java.security.spec.X509EncodedKeySpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.james.jdkim.DKIMCommon;
import org.apache.james.jdkim.api.Headers;
import org.apache.james.jdkim.impl.BodyHasherImpl;
import org.apache.james.jdkim.tagvalue.SignatureRecordImpl;
import org.xbill.DNS.Type;

/**
 * DKIM signatures with Ed25519 (RFC 8463), which jDKIM 0.5 does not verify: jDKIM's own canonicalization (its
 * body hasher and its header hashing, the same code that checks RSA signatures), the JDK's Ed25519, over the SHA-256
 * of the canonicalized header as RFC 8463 asks. The key record is {@code k=ed25519} with the raw 32-byte key.
 */
final class Ed25519Dkim extends DKIMCommon {

    static final String ALGORITHM = "ed25519-sha256";
    /** The DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410), before the 32 bytes of the key. */
    private static final byte[] X509_PREFIX = {0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00};

    private Ed25519Dkim() {
    }

    /** A signature record that jDKIM's hashers take whatever its algorithm (they check only what they use). */
    static final class Record extends SignatureRecordImpl {

        Record(String value) {
            super(value);
        }

        @Override
        public void validate() {
            for (String tag : List.of("v", "d", "s", "h", "bh", "b")) {
                if (getValue(tag) == null) {
                    throw new IllegalStateException("the tag " + tag + " is missing");
                }
            }
            if (!"1".contentEquals(getValue("v"))) {
                throw new IllegalStateException("v is not 1");
            }
            if (getHeaders().stream().noneMatch(header -> header.toString().equalsIgnoreCase("from"))) {
                throw new IllegalStateException("From is not signed");
            }
        }
    }

    /** The result of one Ed25519 signature. */
    static String verify(Headers headers, String value, byte[] raw, int bodyStart, AuthDns.Queries dns) {
        try {
            Record record = new Record(value);
            record.validate();
            String name = (record.getSelector() + "._domainkey." + record.getDToken()).toLowerCase(Locale.ROOT);
            AuthDns.Answer answer = dns.lookup(name, Type.TXT);
            if (answer.status() == AuthDns.Status.TEMPERROR) {
                return "temperror";
            }
            PublicKey key = null;
            for (String text : dns.texts(answer)) {
                Map<String, String> tags = ReceivedHeaders.tags(text);
                if (text.length() <= MessageAuthenticator.MAX_KEY_RECORD_LENGTH
                        && "ed25519".equalsIgnoreCase(tags.get("k")) && tags.get("p") != null) {
                    key = publicKey(Base64.getDecoder().decode(tags.get("p")));
                    break;
                }
            }
            if (key == null) {
                return "permerror";
            }
            // RFC 6376 6.1: the key first, then the body hash, then the signature.
            BodyHasherImpl body = new BodyHasherImpl(record);
            try (OutputStream out = body.getOutputStream()) {
                out.write(raw, bodyStart, raw.length - bodyStart);
            }
            if (!MessageDigest.isEqual(body.getDigest(), record.getBodyHash())) {
                return "fail";
            }
            Signature check = Signature.getInstance("Ed25519");
            check.initVerify(key);
            check.update(headerHash(headers, record));
            return check.verify(record.getSignature()) ? "pass" : "fail";
        } catch (Exception unusable) {
            return "permerror";
        }
    }

    /** SHA-256 of the signed header fields and the signature's own field, canonicalized as jDKIM does for RSA. */
    static byte[] headerHash(Headers headers, SignatureRecordImpl record) throws Exception {
        Hashing hashing = new Hashing();
        hashing.initVerify((PublicKey) null);
        signatureCheck(headers, record, record.getHeaders(), hashing);
        return hashing.digest.digest();
    }

    static PublicKey publicKey(byte[] raw) throws Exception {
        if (raw.length != 32) {
            throw new IllegalArgumentException("an Ed25519 key is 32 bytes");
        }
        byte[] der = Arrays.copyOf(X509_PREFIX, X509_PREFIX.length + 32);
        System.arraycopy(raw, 0, der, X509_PREFIX.length, 32);
        return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(der));
    }

    /** Signs as an Ed25519 sender does (for the tests): the field's value with {@code b=} filled in. */
    static String sign(Headers headers, String template, PrivateKey key) throws Exception {
        Record record = new Record(template);
        Signature signer = Signature.getInstance("Ed25519");
        signer.initSign(key);
        signer.update(headerHash(headers, record));
        return template.replace("b=;", "b=" + Base64.getEncoder().encodeToString(signer.sign()) + ";");
    }

    /** The body hash of a template, as {@code bh=} carries it. */
    static String bodyHash(String template, byte[] raw, int bodyStart) throws Exception {
        BodyHasherImpl body = new BodyHasherImpl(new Record(template));
        try (OutputStream out = body.getOutputStream()) {
            new ByteArrayInputStream(raw, bodyStart, raw.length - bodyStart).transferTo(out);
        }
        return Base64.getEncoder().encodeToString(body.getDigest());
    }

    /** A {@link Signature} that only hashes what it is given, so that jDKIM's header hashing feeds SHA-256. */
    private static final class Hashing extends Signature {

        final MessageDigest digest;

        Hashing() throws Exception {
            super("SHA-256 of the canonicalized header");
            digest = MessageDigest.getInstance("SHA-256");
        }

        @Override
        protected void engineInitVerify(PublicKey publicKey) {
        }

        @Override
        protected void engineInitSign(PrivateKey privateKey) {
        }

        @Override
        protected void engineUpdate(byte b) {
            digest.update(b);
        }

        @Override
        protected void engineUpdate(byte[] b, int off, int len) {
            digest.update(b, off, len);
        }

        @Override
        protected byte[] engineSign() throws SignatureException {
            throw new SignatureException("hashing only");
        }

        @Override
        protected boolean engineVerify(byte[] sigBytes) throws SignatureException {
            throw new SignatureException("hashing only");
        }

        @Override
        @SuppressWarnings("deprecation")
        protected void engineSetParameter(String param, Object value) {
        }

        @Override
        @SuppressWarnings("deprecation")
        protected Object engineGetParameter(String param) {
            return null;
        }
    }

    static boolean applies(Map<String, String> tags) {
        return ALGORITHM.equalsIgnoreCase(tags.getOrDefault("a", ""));
    }
}
