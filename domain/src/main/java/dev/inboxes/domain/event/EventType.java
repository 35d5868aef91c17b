package dev.inboxes.domain.event;

import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.Text;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The kinds of event, as the contract names them. The database writes them (its triggers, migration V14), and its
 * check constraint lists the same names; {@code EventTypesTest} keeps the two equal.
 */
public enum EventType {
    MESSAGE_RECEIVED, MESSAGE_SENT, MESSAGE_DEFERRED, MESSAGE_BOUNCED, MESSAGE_FAILED, INBOX_CREATED, INBOX_DELETED;

    /** Every type's wire name, in declaration order, for documentation and problem details. */
    public static final List<String> WIRE_NAMES = Arrays.stream(values()).map(EventType::wire).toList();

    /** As the API writes it: {@code message.received}. */
    public String wire() {
        String name = name().toLowerCase(Locale.ROOT);
        int underscore = name.indexOf('_');
        return name.substring(0, underscore) + '.' + name.substring(underscore + 1);
    }

    /**
     * @param argument the caller's name for the value, for the problem detail
     * @throws InvalidArgumentException naming the allowed values when {@code wire} is none of them
     */
    public static EventType parse(String argument, String wire) {
        for (EventType type : values()) {
            if (type.wire().equals(wire)) {
                return type;
            }
        }
        throw new InvalidArgumentException(argument, argument + " must be one of " + String.join(", ", WIRE_NAMES)
                + " (got " + Text.quote(wire) + ").");
    }
}
