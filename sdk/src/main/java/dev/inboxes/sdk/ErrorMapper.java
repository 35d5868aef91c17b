package dev.inboxes.sdk;

import java.net.URI;
import java.net.http.HttpResponse;

/** Turns an HTTP error response into the matching typed {@link InboxesException}. */
final class ErrorMapper {

    private ErrorMapper() {
    }

    static InboxesException toException(HttpResponse<String> response) {
        Problem problem = ProblemReader.read(response);
        String method = response.request().method();
        URI uri = response.request().uri();
        String slug = problem.slug();
        // The slug names the specific case; the status decides the rest, so a proxy's
        // non-problem error page still maps to the right family.
        if ("invalid-cursor".equals(slug)) {
            return new InvalidCursorException(problem, method, uri);
        }
        if ("cursor-mismatch".equals(slug)) {
            return new CursorMismatchException(problem, method, uri);
        }
        int status = problem.status();
        if (status == 401 || status == 403) {
            return new AuthenticationException(problem, method, uri);
        }
        if (status == 404) {
            return new NotFoundException(problem, method, uri);
        }
        if (status == 409 || status == 422) {
            return new ConflictException(problem, method, uri);
        }
        if (status == 429) {
            return new RateLimitedException(problem, method, uri, RetryAfter.parse(response.headers()));
        }
        if (status >= 400 && status < 500) {
            return new ValidationException(problem, method, uri);
        }
        if (status >= 500) {
            return new ServerException(problem, method, uri);
        }
        return new InboxesException(problem, method, uri); // 1xx/3xx: not part of the contract
    }
}
