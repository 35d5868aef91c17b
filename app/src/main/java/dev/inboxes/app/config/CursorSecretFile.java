package dev.inboxes.app.config;

import dev.inboxes.domain.shared.RandomIds;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The default cursor secret: generated on first start and kept in the data directory, so cursors survive
 * restarts without any configuration.
 */
final class CursorSecretFile {

    static final String FILE_NAME = "cursor-secret";
    private static final int SECRET_CHARACTERS = 43; // about 256 bits of base62

    private CursorSecretFile() {
    }

    static String readOrCreate(Path dataDir) {
        Path file = dataDir.resolve(FILE_NAME);
        try {
            if (!Files.exists(file)) {
                Files.createDirectories(dataDir);
                create(file);
            }
            return Files.readString(file, StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read or create the cursor secret " + file.toAbsolutePath()
                    + ": set inboxes.cursor.secret (INBOXES_CURSOR_SECRET) or make the data directory writable", e);
        }
    }

    /** Written to a private temporary file first, so no reader ever sees a half-written secret. */
    private static void create(Path file) throws IOException {
        Path temporary = Files.createTempFile(file.getParent(), FILE_NAME, ".tmp");
        try {
            restrictToOwner(temporary);
            Files.writeString(temporary, RandomIds.base62(SECRET_CHARACTERS), StandardCharsets.UTF_8);
            Files.move(temporary, file);
        } catch (FileAlreadyExistsException e) {
            // Another process created it first: use its secret.
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private static void restrictToOwner(Path path) throws IOException {
        try {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // Not a POSIX file system: the directory's permissions apply.
        }
    }
}
