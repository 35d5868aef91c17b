package dev.inboxes.smtp.out;

import com.oracle.svm.core.annotate.Substitute;
import com.oracle.svm.core.annotate.TargetClass;

/**
 * In a native image, dnsjava's Android resolver configuration is one that is never enabled: it reads the DNS servers
 * through Android's classes, which are not on the class path, and would fail the build as the Windows one does (see
 * {@link WindowsDnsConfigurationAbsent}).
 */
@TargetClass(className = "org.xbill.DNS.config.AndroidResolverConfigProvider")
final class AndroidDnsConfigurationAbsent {

    @Substitute
    public void initialize() {
    }

    @Substitute
    public boolean isEnabled() {
        return false;
    }
}
