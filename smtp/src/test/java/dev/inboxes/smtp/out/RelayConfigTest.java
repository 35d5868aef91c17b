package dev.inboxes.smtp.out;

import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.smtp.SmtpConfig;
import io.smallrye.config.SmallRyeConfig;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The relay settings as the contract names them: defaults, and the environment variables. */
class RelayConfigTest {

    @Test
    void defaultsAreSubmissionWithRequiredStarttls() {
        RelayConfig config = mapped(Map.of());

        assertThat(config.host()).isEmpty();
        assertThat(config.port()).isEqualTo(587);
        assertThat(config.tls()).isEqualTo(RelayConfig.Tls.STARTTLS);
        assertThat(config.username()).isEmpty();
        assertThat(config.connectTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.readTimeout()).isEqualTo(Duration.ofMinutes(5));
    }

    @Test
    void theEnvironmentVariablesOfTheContractSetIt() {
        RelayConfig config = mapped(Map.of("INBOXES_SMTP_RELAY_HOST", "smtp.example.net",
                "INBOXES_SMTP_RELAY_PORT", "465", "INBOXES_SMTP_RELAY_USERNAME", "agent",
                "INBOXES_SMTP_RELAY_PASSWORD", "s3cret", "INBOXES_SMTP_RELAY_TLS", "implicit"));

        assertThat(config.host()).hasValue("smtp.example.net");
        assertThat(config.port()).isEqualTo(465);
        assertThat(config.username()).hasValue("agent");
        assertThat(config.password()).hasValue("s3cret");
        assertThat(config.tls()).isEqualTo(RelayConfig.Tls.IMPLICIT);
        assertThat(mapped(Map.of("INBOXES_SMTP_RELAY_TLS", "none")).tls()).isEqualTo(RelayConfig.Tls.NONE);
    }

    @Test
    void itLivesBesideTheReceiversSettings() {
        SmallRyeConfig config = EnvironmentConfig.of(Map.of("INBOXES_SMTP_RELAY_HOST", "smtp.example.net",
                "INBOXES_SMTP_PORT", "2526"), SmtpConfig.class, RelayConfig.class);

        assertThat(config.getConfigMapping(SmtpConfig.class).port()).isEqualTo(2526);
        assertThat(config.getConfigMapping(RelayConfig.class).host()).hasValue("smtp.example.net");
    }

    private static RelayConfig mapped(Map<String, String> environment) {
        return EnvironmentConfig.of(environment, RelayConfig.class).getConfigMapping(RelayConfig.class);
    }
}
