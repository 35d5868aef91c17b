package dev.inboxes.domain.inbox;

import dev.inboxes.domain.shared.ConflictException;

/** Addresses are unique across the service. */
public class AddressTakenException extends ConflictException {

    public AddressTakenException(String address) {
        super("address-taken", "The address " + address + " is already taken. Choose another username, or omit "
                + "username to get a random address.");
    }
}
