package dev.inboxes.domain.outbound;

import dev.inboxes.domain.shared.InvalidArgumentException;
import dev.inboxes.domain.shared.Text;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Email addresses as outbound mail takes them: a bare addr-spec (RFC 5322 3.4.1; UTF-8 allowed as RFC 6531 does),
 * and the address lists of stored messages ({@code Name <a@b>, c@d}) read back into addresses.
 */
public final class Addresses {

    /** RFC 5321 4.5.3.1.3: a path is at most 256 octets, so an address at most 254. */
    public static final int MAX_LENGTH = 254;
    private static final String SPECIALS = "()<>[]\\,;:\"@ ";

    private Addresses() {
    }

    /** The address, lower-cased in its domain only (the local part may be case-sensitive), or a 400 naming why. */
    public static String valid(String argument, String value) {
        if (value == null || value.isEmpty()) {
            throw new InvalidArgumentException(argument, argument + " must be an email address such as alice@example.com.");
        }
        Text.requirePlain(argument, value, MAX_LENGTH);
        int at = value.lastIndexOf('@');
        String local = at < 0 ? "" : value.substring(0, at);
        String domain = at < 0 ? "" : value.substring(at + 1);
        if (local.isEmpty() || local.length() > 64 || domain.isEmpty() || !localPart(local) || !domainPart(domain)) {
            throw new InvalidArgumentException(argument, argument + " must be an email address such as "
                    + "alice@example.com, without a display name or angle brackets (got " + Text.quote(value) + ").");
        }
        return local + "@" + domain.toLowerCase(Locale.ROOT);
    }

    public static String domainOf(String address) {
        return address.substring(address.lastIndexOf('@') + 1).toLowerCase(Locale.ROOT);
    }

    private static boolean localPart(String local) {
        if (local.startsWith(".") || local.endsWith(".") || local.contains("..")) {
            return false;
        }
        return local.codePoints().allMatch(c -> c > 0x20 && c != 0x7f && SPECIALS.indexOf(c) < 0);
    }

    private static boolean domainPart(String domain) {
        if (domain.length() > 253 || !domain.contains(".") && !domain.equals("localhost")) {
            return false;
        }
        for (String label : domain.split("\\.", -1)) {
            if (label.isEmpty() || label.length() > 63 || label.startsWith("-") || label.endsWith("-")
                    || !label.codePoints().allMatch(c -> Character.isLetterOrDigit(c) || c == '-')) {
                return false;
            }
        }
        return true;
    }

    /**
     * The addresses of an address list as stored messages keep them ({@code "Doe, Jane" <jane@x.org>, bob@y.org}),
     * each once; what is not an address is left out.
     */
    public static List<String> parseList(String list) {
        List<String> addresses = new ArrayList<>();
        if (list == null) {
            return addresses;
        }
        StringBuilder item = new StringBuilder();
        boolean quoted = false;
        int angle = 0;
        for (int i = 0; i <= list.length(); i++) {
            char c = i < list.length() ? list.charAt(i) : ',';
            if (c == '"' && (i == 0 || list.charAt(i - 1) != '\\')) {
                quoted = !quoted;
            } else if (!quoted && c == '<') {
                angle++;
            } else if (!quoted && c == '>') {
                angle = Math.max(0, angle - 1);
            }
            if (c == ',' && !quoted && angle == 0) {
                String address = addressOf(item.toString().trim());
                if (address != null && addresses.stream().noneMatch(address::equalsIgnoreCase)) {
                    addresses.add(address);
                }
                item.setLength(0);
            } else {
                item.append(c);
            }
        }
        return addresses;
    }

    private static String addressOf(String item) {
        int open = item.lastIndexOf('<');
        int close = item.lastIndexOf('>');
        String candidate = open >= 0 && close > open ? item.substring(open + 1, close).trim() : item;
        try {
            return valid("address", candidate);
        } catch (InvalidArgumentException notAnAddress) {
            return null;
        }
    }
}
