package dev.inboxes.persistence.message;

import dev.inboxes.domain.message.Direction;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** The {@code direction} column holds the wire form ({@code inbound}, {@code outbound}), as its check requires. */
@Converter
public class DirectionColumn implements AttributeConverter<Direction, String> {

    @Override
    public String convertToDatabaseColumn(Direction direction) {
        return direction == null ? null : direction.wire();
    }

    @Override
    public Direction convertToEntityAttribute(String column) {
        return column == null ? null : of(column);
    }

    /** The direction a column value names. */
    public static Direction of(String column) {
        return Direction.valueOf(column.toUpperCase(java.util.Locale.ROOT));
    }
}
