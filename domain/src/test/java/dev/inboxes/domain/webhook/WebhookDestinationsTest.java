package dev.inboxes.domain.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.inboxes.domain.shared.InvalidArgumentException;
import java.net.InetAddress;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WebhookDestinationsTest {

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.1.2.3", "0.0.0.0", "10.0.0.1", "172.16.0.1", "172.31.255.255",
            "192.168.1.1", "100.64.0.1", "169.254.169.254", "169.254.0.1", "224.0.0.1", "255.255.255.255",
            "192.0.2.1", "198.18.0.1", "::1", "::", "fe80::1", "fc00::1", "fd00:ec2::254", "ff02::1",
            "::ffff:127.0.0.1", "::ffff:169.254.169.254", "::ffff:10.0.0.1", "::127.0.0.1", "64:ff9b::a9fe:a9fe",
            "2002:7f00:1::", "2001:db8::1", "fec0::1"})
    void refusesEveryNonPublicAddress(String literal) throws Exception {
        assertThat(WebhookDestinations.refusal(InetAddress.getByName(literal))).as(literal).isPresent();
    }

    @ParameterizedTest
    @ValueSource(strings = {"93.184.215.14", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111",
            "::ffff:8.8.8.8", "64:ff9b::808:808"})
    void admitsPublicAddresses(String literal) throws Exception {
        assertThat(WebhookDestinations.refusal(InetAddress.getByName(literal))).as(literal).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://example.com/x", "https://127.0.0.1/x", "https://[::1]/x", "https://localhost/x",
            "https://LOCALHOST./x", "https://metadata.google.internal/x", "https://printer.local/x",
            "https://[::ffff:7f00:1]/x", "https://169.254.169.254/latest/meta-data", "https://intranet/x",
            "https://[fd00::1]:8443/x", "https://0x7f.0.0.1/x", "file:///etc/passwd"})
    void urlsOfLocalDestinationsOrPlainHttpAreRefusedWhenSet(String url) {
        assertThatThrownBy(() -> WebhookUrls.check(url, false, false)).isInstanceOf(InvalidArgumentException.class);
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://example.com/hooks?x=1", "https://hooks.example.com:8443/a/b", "https://8.8.8.8/"})
    void publicHttpsUrlsAreAccepted(String url) {
        assertThat(WebhookUrls.check(url, false, false)).isEqualTo(url);
    }

    @ParameterizedTest
    @ValueSource(strings = {"http://127.0.0.1:8080/x", "http://localhost/x", "http://[::1]/x"})
    void loopbackOverHttpIsAcceptedWhereTheSettingsAllowIt(String url) {
        assertThat(WebhookUrls.check(url, true, true)).isEqualTo(url);
    }
}
