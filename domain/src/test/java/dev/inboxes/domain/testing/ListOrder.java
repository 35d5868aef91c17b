package dev.inboxes.domain.testing;

import dev.inboxes.domain.paging.Keyed;
import dev.inboxes.domain.paging.Keyset;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Comparator;

/**
 * The list order of the contract, for every test that checks one: newest first by time, ties broken by id
 * descending in UTF-8 byte order (PostgreSQL's {@code COLLATE "C"}).
 */
public final class ListOrder {

    /** Keysets in list order: the first is the newest. */
    public static final Comparator<Keyset> KEYSETS = Comparator.comparing(Keyset::at)
            .thenComparing(Keyset::id, ListOrder::compareUtf8)
            .reversed();

    private ListOrder() {
    }

    /** Rows in list order by their keysets. */
    public static <T extends Keyed> Comparator<T> rows() {
        return Comparator.comparing(Keyed::keyset, KEYSETS);
    }

    private static int compareUtf8(String a, String b) {
        return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
}
