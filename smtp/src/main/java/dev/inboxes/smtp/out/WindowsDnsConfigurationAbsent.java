package dev.inboxes.smtp.out;

import com.oracle.svm.core.annotate.Substitute;
import com.oracle.svm.core.annotate.TargetClass;
import java.net.InetSocketAddress;
import java.util.List;
import org.xbill.DNS.Name;

/**
 * In a native image, dnsjava's Windows resolver configuration is one that is never enabled. On Windows it reads the
 * DNS servers through JNA, which is not on the class path; its class would fail the build (a native image links every
 * class it reaches at build time), and a Linux executable never takes that path. The MX client names its DNS servers
 * or reads {@code /etc/resolv.conf} through dnsjava's other providers. (These two are the only classes of dnsjava that
 * refer to classes outside the class path: {@code jdeps} on its jar says so.)
 */
@TargetClass(className = "org.xbill.DNS.config.WindowsResolverConfigProvider")
final class WindowsDnsConfigurationAbsent {

    @Substitute
    WindowsDnsConfigurationAbsent() {
    }

    @Substitute
    public void initialize() {
    }

    @Substitute
    public List<InetSocketAddress> servers() {
        return List.of();
    }

    @Substitute
    public List<Name> searchPaths() {
        return List.of();
    }

    @Substitute
    public boolean isEnabled() {
        return false;
    }
}
