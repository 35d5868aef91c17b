package dev.inboxes.domain.shared;

/** The resource does not exist for this account (another account's resource is reported the same way). */
public class NotFoundException extends DomainException {

    /**
     * @param resource what was looked up, e.g. {@code inbox}
     * @param id       the id the caller sent, quoted as {@link Text#quote(String)} does (bounded, whatever was sent)
     * @param howToFind how the caller can find a valid id, e.g. {@code list inboxes to find it}
     */
    public NotFoundException(String resource, String id, String howToFind) {
        super("No " + resource + " with id " + Text.quote(String.valueOf(id)) + " exists in this account. Check the id, "
                + "or " + howToFind + ".");
    }

    /** For a resource known by something other than an id (a suppressed address): the whole detail. */
    public NotFoundException(String detail) {
        super(detail);
    }
}
