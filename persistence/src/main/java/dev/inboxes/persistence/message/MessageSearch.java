package dev.inboxes.persistence.message;

import dev.inboxes.domain.message.MessageFilter;
import dev.inboxes.persistence.paging.KeysetQuery;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The message list's search condition in SQL, over the functions of the {@code V20} migration: each word is a
 * substring of the message's searchable text (sender address and name, subject, text, lower-cased). The condition is
 * written so PostgreSQL serves it from its two indexes: the trigram index over the text's first
 * {@value #INDEXED_TEXT} characters answers for every word at once, and the partial index of longer texts adds the
 * messages whose text goes on beyond that, which are checked against their whole text.
 */
final class MessageSearch {

    /** Characters of the text in the trigram index; the migration's {@code message_search_head} states it too. */
    static final int INDEXED_TEXT = 20_000;

    private MessageSearch() {
    }

    /** {@code ""} without words; else {@code and (…)} in SQL for a page of alias {@code alias}. */
    static String condition(String alias, MessageFilter filter) {
        if (filter.isEmpty()) {
            return "";
        }
        String fields = "(" + alias + ".from_address, " + alias + ".from_name, " + alias + ".subject, " + alias
                + ".body)";
        StringBuilder inHead = new StringBuilder();
        StringBuilder inWhole = new StringBuilder("message_search_overflows(").append(alias).append(".body)");
        List<String> words = filter.words();
        for (int i = 0; i < words.size(); i++) {
            inHead.append(i == 0 ? "" : " and ").append("message_search_head").append(fields).append(" like :word")
                    .append(i).append(" escape '\\'");
            inWhole.append(" and message_search_text").append(fields).append(" like :word").append(i)
                    .append(" escape '\\'");
        }
        return " and ((" + inHead + ") or (" + inWhole + "))";
    }

    /** The words as LIKE patterns, their wildcards taken literally. */
    static Map<String, Object> parameters(MessageFilter filter) {
        Map<String, Object> parameters = new HashMap<>();
        List<String> words = filter.words();
        for (int i = 0; i < words.size(); i++) {
            parameters.put("word" + i, KeysetQuery.containsPattern(words.get(i)));
        }
        return parameters;
    }
}
