package dev.inboxes.app.support;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * A self-signed certificate for {@code localhost} and {@code 127.0.0.1}, made by the JDK's own keytool: its key store
 * (PKCS #12) for a server, its certificate as PEM for a client that is to trust it.
 */
public record SelfSignedCertificate(Path keyStore, Path pem) {

    private static final String PASSWORD = "test-only";

    /** Generates {@code name.p12} and {@code name.pem} in {@code dir}. */
    public static SelfSignedCertificate generate(Path dir, String name) throws IOException, InterruptedException {
        Path keyStore = dir.resolve(name + ".p12");
        Path pem = dir.resolve(name + ".pem");
        keytool("-genkeypair", "-alias", name, "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2",
                "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1",
                "-keystore", keyStore.toString(), "-storetype", "PKCS12", "-storepass", PASSWORD);
        keytool("-exportcert", "-rfc", "-alias", name, "-keystore", keyStore.toString(), "-storepass", PASSWORD,
                "-file", pem.toString());
        return new SelfSignedCertificate(keyStore, pem);
    }

    /** A server's TLS context presenting this certificate. */
    public SSLContext serverContext() throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keyStore)) {
            store.load(in, PASSWORD.toCharArray());
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, PASSWORD.toCharArray());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys.getKeyManagers(), null, null);
        return context;
    }

    private static void keytool(String... arguments) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes());
        if (process.waitFor() != 0) {
            throw new IOException("keytool " + String.join(" ", arguments) + " failed: " + output);
        }
    }
}
