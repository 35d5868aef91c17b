package dev.inboxes.api.http;

import dev.inboxes.api.problem.ProblemType;
import dev.inboxes.domain.shared.NotFoundException;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;
import jakarta.ws.rs.ext.Provider;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.regex.Pattern;

/**
 * One shape check for every id in a path ({@code {inbox_id}}, {@code {message_id}}, any {@code {…_id}} of any route),
 * before the resource method runs: an id holds letters, digits and {@code _} only, at most
 * {@value #MAX_LENGTH} characters. Anything else (a NUL, a control character, a lone surrogate, a megabyte) names
 * nothing the API issued, so it is the contract's {@code 404} for an unknown id, answered here with what is wrong,
 * and no malformed id reaches a service or the database.
 */
@Provider
public class IdParameters implements ParamConverterProvider {

    static final int MAX_LENGTH = 64;
    private static final Pattern SHAPE = Pattern.compile("[A-Za-z0-9_]{1," + MAX_LENGTH + "}");
    private static final String ID_SUFFIX = "_id";

    @Override
    @SuppressWarnings("unchecked")
    public <T> ParamConverter<T> getConverter(Class<T> rawType, Type genericType, Annotation[] annotations) {
        if (rawType != String.class || annotations == null) {
            return null;
        }
        for (Annotation annotation : annotations) {
            if (annotation instanceof PathParam path && path.value().endsWith(ID_SUFFIX)) {
                return (ParamConverter<T>) new IdConverter(path.value());
            }
        }
        return null;
    }

    private record IdConverter(String name) implements ParamConverter<String> {

        @Override
        public String fromString(String value) {
            if (value == null || SHAPE.matcher(value).matches()) {
                return value;
            }
            // The service's own not-found message, so a malformed id reads as any unknown one, with what is wrong.
            String resource = name.substring(0, name.length() - ID_SUFFIX.length()).replace('_', ' ');
            throw new WebApplicationException(ProblemType.NOT_FOUND.response(new NotFoundException(
                    resource.equals("key") ? "API key" : resource, value, "pass it exactly as a response gave it: ids "
                    + "are letters, digits and '_', at most " + MAX_LENGTH + " characters").getMessage()));
        }

        @Override
        public String toString(String value) {
            return value;
        }
    }
}
