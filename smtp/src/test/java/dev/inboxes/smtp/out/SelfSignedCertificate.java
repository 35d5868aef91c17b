package dev.inboxes.smtp.out;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/** A key and self-signed certificate for a test server, made by the JDK's keytool (no library makes one). */
final class SelfSignedCertificate {

    private static final char[] PASSWORD = "changeit".toCharArray();

    private final KeyStore keyStore;

    private SelfSignedCertificate(KeyStore keyStore) {
        this.keyStore = keyStore;
    }

    /** A certificate for {@code hostName} and 127.0.0.1. */
    static SelfSignedCertificate forHost(String hostName, Path directory) throws Exception {
        Path file = directory.resolve(hostName + ".p12");
        Process keytool = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                        .toString(), "-genkeypair", "-alias", "server", "-keyalg", "RSA", "-keysize", "2048",
                "-dname", "CN=" + hostName, "-ext", "SAN=dns:" + hostName + ",ip:127.0.0.1", "-validity", "2",
                "-storetype", "PKCS12", "-keystore", file.toString(), "-storepass", new String(PASSWORD),
                "-keypass", new String(PASSWORD))).redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes());
        if (keytool.waitFor() != 0) {
            throw new IOException("keytool failed: " + output);
        }
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, PASSWORD);
        }
        return new SelfSignedCertificate(store);
    }

    /** The server's side: presents the certificate. */
    SSLContext serverContext() {
        try {
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(keyStore, PASSWORD);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), null, null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e); // unchecked: servers are set up in lambdas
        }
    }

    /** The client's side: trusts this certificate only. */
    SSLContext clientContext() {
        try {
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(keyStore);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
