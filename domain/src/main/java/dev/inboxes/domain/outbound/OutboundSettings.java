package dev.inboxes.domain.outbound;

/**
 * How this deployment sends.
 *
 * @param mailDomain           the service's own mail domain: mail to it is delivered into its inboxes
 * @param externalRoute        whether mail to other domains has a route (a relay, or MX delivery)
 * @param noRouteReason        what a delivery to another domain says when there is none: the setting to set
 * @param maxPendingPerAccount deliveries an account may have waiting at once
 * @param hourly               recipients an account and one of its inboxes may send to in any hour
 */
public record OutboundSettings(String mailDomain, boolean externalRoute, String noRouteReason,
                               long maxPendingPerAccount, HourlyLimits hourly) {

    /** Without hourly limits: for tests of what the limits do not concern. */
    public OutboundSettings(String mailDomain, boolean externalRoute, String noRouteReason, long maxPendingPerAccount) {
        this(mailDomain, externalRoute, noRouteReason, maxPendingPerAccount,
                new HourlyLimits(Long.MAX_VALUE, Long.MAX_VALUE));
    }

    /** Recipients per hour, counted over the hour before each send. */
    public record HourlyLimits(long perAccount, long perInbox) {

        public HourlyLimits {
            if (perAccount < 1 || perInbox < 1) {
                throw new IllegalArgumentException("hourly send limits must be at least 1");
            }
        }
    }
}
