package dev.inboxes.domain.paging;

/**
 * A row of a list ordered by activity: its position is the inbox's arrival sequence number of its latest
 * delivery, which grows when the row receives something (see {@link ActivityPager}).
 */
public interface ActivityKeyed {

    String id();

    long activitySeq();
}
