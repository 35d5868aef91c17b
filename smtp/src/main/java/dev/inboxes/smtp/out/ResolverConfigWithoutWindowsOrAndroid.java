package dev.inboxes.smtp.out;

import com.oracle.svm.core.annotate.Alias;
import com.oracle.svm.core.annotate.Substitute;
import com.oracle.svm.core.annotate.TargetClass;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.xbill.DNS.Name;
import org.xbill.DNS.config.FallbackPropertyResolverConfigProvider;
import org.xbill.DNS.config.InitializationException;
import org.xbill.DNS.config.JndiContextResolverConfigProvider;
import org.xbill.DNS.config.PropertyResolverConfigProvider;
import org.xbill.DNS.config.ResolvConfResolverConfigProvider;
import org.xbill.DNS.config.ResolverConfigProvider;
import org.xbill.DNS.config.SunJvmResolverConfigProvider;

/**
 * In a native image, dnsjava 3.6's resolver configuration as it is, without its Windows and Android providers: those
 * read the DNS servers through JNA and Android's classes, which are not on the class path, and a native image links
 * every class it reaches at build time, so the build failed on them (the Android one cannot even be loaded to be
 * substituted). A Linux executable never takes either path; {@code jdeps} finds no other class of dnsjava that refers
 * outside the class path. The body is the library's constructor with those two lines left out: check it on an upgrade
 * ({@code ResolverConfigSubstitutionTest} fails when the version changes).
 */
@TargetClass(className = "org.xbill.DNS.ResolverConfig")
final class ResolverConfigWithoutWindowsOrAndroid {

    @Alias
    private static Logger log;

    @Alias
    private static List<ResolverConfigProvider> configProviders;

    @Alias
    private List<InetSocketAddress> servers;

    @Alias
    private List<Name> searchlist;

    @Alias
    private int ndots;

    @Substitute
    ResolverConfigWithoutWindowsOrAndroid() {
        servers = new ArrayList<>(2);
        searchlist = new ArrayList<>(0);
        ndots = 1;
        synchronized (ResolverConfigWithoutWindowsOrAndroid.class) {
            if (configProviders == null) {
                configProviders = new ArrayList<>(8);
                if (!Boolean.getBoolean("dnsjava.configprovider.skipinit")) {
                    configProviders.add(new PropertyResolverConfigProvider());
                    configProviders.add(new ResolvConfResolverConfigProvider());
                    configProviders.add(new JndiContextResolverConfigProvider());
                    configProviders.add(new SunJvmResolverConfigProvider());
                    configProviders.add(new FallbackPropertyResolverConfigProvider());
                }
            }
        }
        for (ResolverConfigProvider provider : configProviders) {
            if (provider.isEnabled()) {
                try {
                    provider.initialize();
                    if (servers.isEmpty()) {
                        servers.addAll(provider.servers());
                    }
                    if (searchlist.isEmpty()) {
                        List<Name> searchPaths = provider.searchPaths();
                        if (!searchPaths.isEmpty()) {
                            searchlist.addAll(searchPaths);
                            ndots = provider.ndots();
                        }
                    }
                    if (!servers.isEmpty() && !searchlist.isEmpty()) {
                        return;
                    }
                } catch (InitializationException e) {
                    log.warn("Failed to initialize provider", e);
                }
            }
        }
        if (servers.isEmpty()) {
            servers.add(new InetSocketAddress(InetAddress.getLoopbackAddress(), 53));
        }
    }
}
