package dev.inboxes.domain.paging;

/** The default and the largest page size a surface accepts. */
public record PageLimits(int defaultLimit, int maxLimit) {

    /** Items per page when the caller sets no limit, on every surface. */
    public static final int DEFAULT_LIMIT = 50;
    /** The largest page REST and SDK callers may ask for. */
    public static final int PROGRAMS_MAX_LIMIT = 200;
    /** The largest page an agent may ask for: its context is the scarce resource. */
    public static final int AGENTS_MAX_LIMIT = 100;

    /**
     * By default, a filtered list's total counts matches up to this many, so a first page costs about what a page
     * costs however many rows match; beyond it the total is this bound and the page says it is not exact.
     * Unfiltered totals are always exact (they read a maintained counter).
     */
    public static final long TOTAL_EXACT_UP_TO = 10_000;
    /** {@link #TOTAL_EXACT_UP_TO} as documents write it (a constant, for annotations). */
    public static final String TOTAL_EXACT_UP_TO_TEXT = "10,000";

    /**
     * By default, the total of a list searched by words ({@code q}) counts matches up to this many. Counting words
     * costs more per row than any other filter: at a million inboxes with a common word, counting to 10,000 took
     * 60 times as long as a page (the planner reads every match from the trigram index first), counting to 1,000
     * about twice as long.
     */
    public static final long TOTAL_EXACT_UP_TO_WITH_Q = 1_000;
    /** {@link #TOTAL_EXACT_UP_TO_WITH_Q} as documents write it. */
    public static final String TOTAL_EXACT_UP_TO_WITH_Q_TEXT = "1,000";

    /** REST and SDK callers: default 50, at most 200. */
    public static final PageLimits PROGRAMS = new PageLimits(DEFAULT_LIMIT, PROGRAMS_MAX_LIMIT);

    /** Agents over MCP: default 50, at most 100, to protect the caller's context. */
    public static final PageLimits AGENTS = new PageLimits(DEFAULT_LIMIT, AGENTS_MAX_LIMIT);
}
