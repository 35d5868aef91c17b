package dev.inboxes.domain.outbound;

/**
 * How this deployment sends.
 *
 * @param mailDomain           the service's own mail domain: mail to it is delivered into its inboxes
 * @param externalRoute        whether mail to other domains has a route (a relay, or MX delivery)
 * @param noRouteReason        what a delivery to another domain says when there is none: the setting to set
 * @param maxPendingPerAccount deliveries an account may have waiting at once
 */
public record OutboundSettings(String mailDomain, boolean externalRoute, String noRouteReason,
                               long maxPendingPerAccount) {
}
