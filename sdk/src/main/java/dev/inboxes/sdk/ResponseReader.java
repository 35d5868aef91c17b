package dev.inboxes.sdk;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.net.http.HttpResponse;

/** Reads a successful response's JSON body into a model, with a typed exception when it is not that JSON. */
final class ResponseReader {

    private ResponseReader() {
    }

    static <T> T read(HttpResponse<String> response, Class<T> type) {
        try {
            return Json.read(response.body(), type);
        } catch (JsonProcessingException e) {
            throw unreadable(response, type.getSimpleName(), e);
        }
    }

    static <T> Page<T> readPage(HttpResponse<String> response, Class<T> itemType) {
        try {
            return Json.readPage(response.body(), itemType);
        } catch (JsonProcessingException e) {
            throw unreadable(response, "page of " + itemType.getSimpleName(), e);
        }
    }

    /** A 2xx whose body is not the contract's JSON, e.g. an HTML page from a captive portal or proxy. */
    private static InboxesException unreadable(HttpResponse<String> response, String expected,
                                               JsonProcessingException e) {
        Problem problem = new Problem(null, "Unreadable response", response.statusCode(),
                "Expected a " + expected + " as JSON: " + e.getOriginalMessage());
        return new InboxesException(problem, response.request().method(), response.request().uri());
    }
}
