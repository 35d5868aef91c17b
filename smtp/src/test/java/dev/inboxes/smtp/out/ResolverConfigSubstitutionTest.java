package dev.inboxes.smtp.out;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.xbill.DNS.ResolverConfig;
import org.xbill.DNS.config.ResolverConfigProvider;

/**
 * {@link ResolverConfigWithoutWindowsOrAndroid} repeats the constructor of dnsjava's {@code ResolverConfig} in a native
 * image, minus two providers: it fails here when the library changes under it, so that it is read again.
 */
class ResolverConfigSubstitutionTest {

    @Test
    void theSubstitutionFollowsTheDnsjavaItWasWrittenFor() throws Exception {
        Properties pom = new Properties();
        try (InputStream in = ResolverConfig.class.getResourceAsStream("/META-INF/maven/dnsjava/dnsjava/pom.properties")) {
            pom.load(in);
        }
        assertThat(pom.getProperty("version")).as("the dnsjava whose ResolverConfig() the substitution repeats")
                .isEqualTo("3.6.3");
    }

    @Test
    void theLibraryListsTheProvidersTheSubstitutionKeepsAndTheTwoItLeavesOut() {
        assertThat(ResolverConfig.getConfigProviders()).extracting(ResolverConfigProvider::getClass)
                .extracting(Class::getSimpleName).containsExactly("PropertyResolverConfigProvider",
                        "ResolvConfResolverConfigProvider", "WindowsResolverConfigProvider",
                        "AndroidResolverConfigProvider", "JndiContextResolverConfigProvider",
                        "SunJvmResolverConfigProvider", "FallbackPropertyResolverConfigProvider");
    }
}
