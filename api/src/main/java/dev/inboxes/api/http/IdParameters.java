package dev.inboxes.api.http;

import dev.inboxes.api.problem.ProblemType;
import dev.inboxes.domain.shared.Text;
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
 * {@value #MAX_LENGTH} characters. Anything else (a NUL, a control character, a lone surrogate, a megabyte) is a
 * {@code 400} problem, so no malformed id reaches a service or the database. An id of the right shape that names
 * nothing is still the service's {@code 404}.
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
            throw new WebApplicationException(ProblemType.INVALID_REQUEST.response(name + " " + Text.quote(value)
                    + " is not an id: ids are letters, digits and '_' (at most " + MAX_LENGTH + " characters), "
                    + "as the API returned them. Pass the id exactly as it appeared in a response."));
        }

        @Override
        public String toString(String value) {
            return value;
        }
    }
}
