package dev.inboxes.domain.paging;

/** The default and the largest page size a surface accepts. */
public record PageLimits(int defaultLimit, int maxLimit) {

    /** REST and SDK callers: default 50, at most 200. */
    public static final PageLimits PROGRAMS = new PageLimits(50, 200);

    /** Agents over MCP: default 50, at most 100, to protect the caller's context. */
    public static final PageLimits AGENTS = new PageLimits(50, 100);
}
