package dev.inboxes.sdk;

import java.util.ArrayList;
import java.util.List;

/**
 * A forward for {@link InboxesClient#forwardMessage(String, String, ForwardParams)}: at least one {@code to}; the
 * original goes attached whole, after the optional text or html.
 */
public final class ForwardParams extends OutgoingParams {

    private final List<String> to;

    private ForwardParams(Builder builder) {
        super(builder);
        this.to = List.copyOf(builder.to);
    }

    /** @return a builder with nothing set */
    public static Builder builder() {
        return new Builder();
    }

    public List<String> to() {
        return to;
    }

    /** Builds {@link ForwardParams}. */
    public static final class Builder extends OutgoingParams.Builder<Builder> {

        private final List<String> to = new ArrayList<>();

        private Builder() {
        }

        /** @param addresses recipients (added to those already set) */
        public Builder to(String... addresses) {
            to.addAll(List.of(addresses));
            return this;
        }

        /** @return the params */
        public ForwardParams build() {
            return new ForwardParams(this);
        }
    }
}
