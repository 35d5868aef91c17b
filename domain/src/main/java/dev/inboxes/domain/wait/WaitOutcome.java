package dev.inboxes.domain.wait;

import dev.inboxes.domain.message.Message;

/**
 * How a wait ended.
 *
 * @param timedOut whether no message came within the timeout
 * @param message  the earliest message after {@code since} that matched; {@code null} when timed out
 * @param next     pass it as {@code since} to wait for the message after this one (or, after a timeout, for the
 *                 first one not yet seen): nothing is missed or returned twice between waits
 */
public record WaitOutcome(boolean timedOut, Message message, String next) {
}
