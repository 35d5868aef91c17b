package dev.inboxes.api.problem;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** An RFC 9457 problem: what went wrong ({@code type}, {@code title}) and what to do next ({@code detail}). */
@Schema(name = "Problem", description = "RFC 9457 problem details, sent as application/problem+json.")
public record Problem(
        @Schema(description = "URI that identifies the kind of problem; stable, safe to switch on.",
                examples = "https://inboxes.dev/problems/invalid-cursor", required = true) String type,
        @Schema(description = "Short summary of the kind of problem.", examples = "Invalid cursor", required = true)
        String title,
        @Schema(description = "The HTTP status code.", examples = "400", required = true) int status,
        @Schema(description = "What went wrong in this request and what to do next.", required = true,
                examples = "The cursor is malformed or was altered. Pass the cursor exactly as the previous page "
                        + "returned it, or start again without cursor to get the first page.") String detail) {

    /** How an operation describes its 400: the detail of each problem is specific. */
    public static final String INVALID_INPUT = "Invalid input; the detail says which and how to fix it.";
}
