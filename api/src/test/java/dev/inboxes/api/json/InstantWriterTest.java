package dev.inboxes.api.json;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Random;
import org.junit.jupiter.api.Test;

class InstantWriterTest {

    @Test
    void writesExactlyWhatInstantToStringWrites() {
        Random random = new Random(42);
        for (int i = 0; i < 200_000; i++) {
            long seconds = random.nextLong(-62_167_219_200L, 253_402_300_800L); // years 0 to 9999
            int nanos = switch (i % 4) {
                case 0 -> 0;
                case 1 -> random.nextInt(1_000) * 1_000_000;
                case 2 -> random.nextInt(1_000_000) * 1_000;
                default -> random.nextInt(1_000_000_000);
            };
            Instant instant = Instant.ofEpochSecond(seconds, nanos);
            assertThat(InstantWriter.format(instant)).as("%s", instant).isEqualTo(instant.toString());
        }
    }

    @Test
    void edgesMatchToo() {
        for (String text : new String[] {"1970-01-01T00:00:00Z", "1969-12-31T23:59:59.999999Z", "2026-11-29T21:48:33.123456Z",
                "2000-02-29T12:00:00.100Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59.999999999Z"}) {
            assertThat(InstantWriter.format(Instant.parse(text))).isEqualTo(Instant.parse(text).toString());
        }
        Instant farFuture = Instant.parse("+10000-01-01T00:00:00Z");
        assertThat(InstantWriter.format(farFuture)).isEqualTo(farFuture.toString());
    }
}
