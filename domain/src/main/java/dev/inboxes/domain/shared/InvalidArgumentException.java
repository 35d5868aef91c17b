package dev.inboxes.domain.shared;

/** An argument the caller sent is unusable; {@link #argument()} names it as the contract does. */
public class InvalidArgumentException extends DomainException {

    private final String argument;

    public InvalidArgumentException(String argument, String message) {
        super(message);
        this.argument = argument;
    }

    public String argument() {
        return argument;
    }
}
