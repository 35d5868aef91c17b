package dev.inboxes.smtp.out;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.smtp.SmtpConfig;
import io.smallrye.config.SmallRyeConfig;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The MX settings: defaults, the environment variables, and their place beside the other SMTP settings. */
class MxConfigTest {

    @Test
    void defaultsArePort25WithOpportunisticStarttlsAndTheSystemResolvers() {
        MxConfig config = mapped(Map.of());

        assertThat(config.dnsServers()).isEmpty();
        assertThat(config.port()).isEqualTo(25);
        assertThat(config.dnsTimeout()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.connectTimeout()).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.readTimeout()).isEqualTo(Duration.ofMinutes(5));
        assertThat(config.heloName()).isEmpty();
        assertThat(config.starttls()).isEqualTo(MxConfig.Starttls.OPPORTUNISTIC);
    }

    @Test
    void theEnvironmentVariablesSetIt() {
        MxConfig config = mapped(Map.of("INBOXES_SMTP_MX_DNS_SERVERS", "192.0.2.53,[2001:db8::53]:5353",
                "INBOXES_SMTP_MX_PORT", "2525", "INBOXES_SMTP_MX_DNS_TIMEOUT", "2s",
                "INBOXES_SMTP_MX_HELO_NAME", "out.example.net", "INBOXES_SMTP_MX_STARTTLS", "required"));

        assertThat(config.dnsServers()).hasValue(List.of("192.0.2.53", "[2001:db8::53]:5353"));
        assertThat(config.port()).isEqualTo(2525);
        assertThat(config.dnsTimeout()).isEqualTo(Duration.ofSeconds(2));
        assertThat(config.heloName()).hasValue("out.example.net");
        assertThat(config.starttls()).isEqualTo(MxConfig.Starttls.REQUIRED);
        assertThat(mapped(Map.of("INBOXES_SMTP_MX_STARTTLS", "none")).starttls()).isEqualTo(MxConfig.Starttls.NONE);
    }

    @Test
    void itLivesBesideTheReceiverAndRelaySettings() {
        SmallRyeConfig config = EnvironmentConfig.of(Map.of("INBOXES_SMTP_MX_PORT", "2525",
                "INBOXES_SMTP_RELAY_HOST", "smtp.example.net", "INBOXES_SMTP_PORT", "2526"), SmtpConfig.class,
                RelayConfig.class, MxConfig.class);

        assertThat(config.getConfigMapping(SmtpConfig.class).port()).isEqualTo(2526);
        assertThat(config.getConfigMapping(RelayConfig.class).host()).hasValue("smtp.example.net");
        assertThat(config.getConfigMapping(MxConfig.class).port()).isEqualTo(2525);
    }

    @Test
    void aTransportWithoutConfiguredServersUsesTheSystemResolvers() {
        // Only built, never asked: no test depends on this machine's DNS.
        new MxTransport(mapped(Map.of()));
    }

    @Test
    void dnsServersAreHostOrHostAndPort() {
        assertThat(MxTransport.server("192.0.2.53").getAddress()).isEqualTo(new InetSocketAddress("192.0.2.53", 53));
        assertThat(MxTransport.server("192.0.2.53:5353").getAddress())
                .isEqualTo(new InetSocketAddress("192.0.2.53", 5353));
        assertThat(MxTransport.server("[2001:db8::53]:5353").getAddress())
                .isEqualTo(new InetSocketAddress("2001:db8::53", 5353));
        assertThat(MxTransport.server("2001:db8::53").getAddress()).isEqualTo(new InetSocketAddress("2001:db8::53", 53));
        assertThatThrownBy(() -> MxTransport.server("192.0.2.53:dns")).hasMessageContaining("dns-servers");
    }

    private static MxConfig mapped(Map<String, String> environment) {
        return EnvironmentConfig.of(environment, MxConfig.class).getConfigMapping(MxConfig.class);
    }
}
