package dev.inboxes.smtp;

import dev.inboxes.domain.message.MessageContent;
import dev.inboxes.domain.message.NewAttachment;
import dev.inboxes.domain.shared.Text;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Date;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.james.mime4j.MimeException;
import org.apache.james.mime4j.codec.DecodeMonitor;
import org.apache.james.mime4j.codec.DecoderUtil;
import org.apache.james.mime4j.dom.address.Address;
import org.apache.james.mime4j.dom.address.AddressList;
import org.apache.james.mime4j.dom.address.Mailbox;
import org.apache.james.mime4j.dom.address.MailboxList;
import org.apache.james.mime4j.field.DateTimeFieldLenientImpl;
import org.apache.james.mime4j.field.LenientFieldParser;
import org.apache.james.mime4j.field.address.LenientAddressParser;
import org.apache.james.mime4j.message.DefaultBodyDescriptorBuilder;
import org.apache.james.mime4j.message.MaximalBodyDescriptor;
import org.apache.james.mime4j.parser.AbstractContentHandler;
import org.apache.james.mime4j.parser.MimeStreamParser;
import org.apache.james.mime4j.stream.BodyDescriptor;
import org.apache.james.mime4j.stream.Field;
import org.apache.james.mime4j.stream.MimeConfig;
import org.apache.james.mime4j.util.MimeUtil;

/**
 * Reads a received message into the domain's {@link MessageContent}, best effort: mime4j parses leniently (no
 * limit of its own beyond the message size the receiver enforced, malformed structure tolerated, nested messages
 * kept whole as attachments), and whatever cannot be parsed is left out while the raw bytes are kept as received.
 * A message is never refused for its MIME.
 *
 * <ul>
 *   <li>headers: RFC 2047 encoded words decoded, raw UTF-8 accepted (RFC 6532), folding undone, control characters
 *       replaced by spaces;</li>
 *   <li>text: the {@code text/plain} parts that are not attachments, joined; the {@code text/html} parts likewise;
 *       each in its declared charset (see {@link LenientCharsets}), transfer encodings undone; without a text part,
 *       the text is derived from the HTML ({@link HtmlText});</li>
 *   <li>attachments: every other leaf part (and text parts with {@code attachment} disposition or a file name).</li>
 * </ul>
 */
final class MimeReader {

    /**
     * The most parts of a message stored as attachments; further parts (a hostile message of many tiny parts)
     * stay in the raw message only, so a 10 MB message cannot become a hundred thousand rows.
     */
    static final int MAX_ATTACHMENTS = 500;
    /** The most References a message keeps: the newest, which are the ones threads are found by. */
    static final int MAX_REFERENCES = 100;
    private static final int MAX_HEADER_TEXT = 998 * 4;
    /**
     * Characters of a header decoded at most: enough for the {@value #MAX_HEADER_TEXT} characters kept even in
     * Q-encoding's twelve characters per emoji, so a megabyte of encoded words costs no more than this.
     */
    private static final int MAX_HEADER_DECODED = MAX_HEADER_TEXT * 12;
    /**
     * Multiparts nested deeper are not opened (their bytes stay in the raw message): the parser stacks a stream
     * per level, and ten thousand levels overflowed the thread's stack. Postfix's {@code mime_nesting_limit}.
     */
    static final int MAX_NESTING = 100;
    /**
     * The longest a message's parse may take, within what is left of its DATA deadline: past it the parse stops,
     * what it read so far is kept (the raw message always is), so no message can hold a core for long.
     */
    static final Duration PARSE_BUDGET = Duration.ofSeconds(10);
    private static final Pattern MESSAGE_ID = Pattern.compile("<[^<>\\s]{1,900}>");
    /** An RFC 2047 encoded word; group 1 is its charset (with any RFC 2231 language). */
    private static final Pattern ENCODED_WORD = Pattern.compile("=\\?([^?\\s]{1,80})\\?[bBqQ]\\?[^?\\s]*+\\?=");
    /** Stands for the {@code =} of a word mime4j must not look at (a private-use character). */
    private static final char HIDDEN = '\uE000';
    private static final MimeConfig CONFIG = MimeConfig.custom()
            .setMaxLineLen(-1)
            .setMaxHeaderCount(-1)
            .setMaxHeaderLen(-1)
            .setMaxContentLen(-1)
            .setMalformedHeaderStartsBody(false) // true trips mime4j 0.8.14 ("unread only works when…") on some input
            .build();

    private MimeReader() {
    }

    /**
     * @param raw        the message as received (without our trace header)
     * @param sender     the envelope sender, the {@code from} of a message without a readable From header
     * @param recipients the envelope recipients, the {@code to} of a message without a readable To header
     */
    static MessageContent read(byte[] raw, String sender, List<String> recipients) {
        return read(raw, sender, recipients, System.nanoTime() + PARSE_BUDGET.toNanos());
    }

    /**
     * As {@link #read(byte[], String, List)}, the parse stopped at {@code deadlineNanos} ({@link System#nanoTime()}),
     * keeping what it read by then.
     */
    static MessageContent read(byte[] raw, String sender, List<String> recipients, long deadlineNanos) {
        Reader reader = new Reader(deadlineNanos);
        MimeStreamParser parser = new MimeStreamParser(CONFIG, DecodeMonitor.SILENT,
                new DefaultBodyDescriptorBuilder(null, LenientFieldParser.getParser(), DecodeMonitor.SILENT));
        parser.setContentDecoding(true);
        parser.setNoRecurse(); // a forwarded message/rfc822 stays one attachment
        parser.setContentHandler(reader);
        try {
            parser.parse(new ByteArrayInputStream(raw));
        } catch (MimeException | IOException | RuntimeException malformed) {
            reader.malformed = malformed; // keep what was read up to here
        }
        return reader.content(raw, sender, recipients);
    }

    /**
     * RFC 2047 words decoded, at most {@value #MAX_HEADER_DECODED} characters of them. A word in a charset Java
     * does not know stays as written (as mime4j leaves it) without mime4j asking Java: each such question
     * scans the class path for charset providers, and a subject of tiny words in an unknown charset made that
     * a minute's work ({@link LenientCharsets#isKnown} remembers the answers).
     */
    static String decodeEncodedWords(String header) {
        String hidden = hidingUnknownCharsets(header);
        return unhidden(DecoderUtil.decodeEncodedWords(hidden, DecodeMonitor.SILENT), hidden != header);
    }

    /**
     * The header's first {@value #MAX_HEADER_DECODED} characters (cut between words), its encoded words in
     * charsets Java does not know marked so that mime4j leaves them as written without looking the charset up;
     * the header itself when there is nothing to bound or hide. Every header mime4j decodes words in (the subject,
     * file names, the names in address lists) goes through here first.
     */
    private static String hidingUnknownCharsets(String header) {
        String bounded = header;
        if (header.length() > MAX_HEADER_DECODED) {
            int space = Math.max(header.lastIndexOf(' ', MAX_HEADER_DECODED),
                    header.lastIndexOf(',', MAX_HEADER_DECODED));
            bounded = header.substring(0, space > MAX_HEADER_DECODED / 2 ? space : MAX_HEADER_DECODED); // whole words
        }
        if (bounded.indexOf("=?") < 0 || bounded.indexOf(HIDDEN) >= 0) {
            return bounded;
        }
        Matcher word = ENCODED_WORD.matcher(bounded);
        StringBuilder known = new StringBuilder(bounded.length());
        boolean hidden = false;
        while (word.find()) {
            boolean hide = !LenientCharsets.isKnown(word.group(1));
            word.appendReplacement(known, Matcher.quoteReplacement(hide ? HIDDEN + word.group().substring(1)
                    : word.group()));
            hidden |= hide;
        }
        if (!hidden) {
            return bounded;
        }
        word.appendTail(known);
        return known.toString();
    }

    /** What mime4j decoded, with the hidden words' {@code =} back, if any were hidden. */
    private static String unhidden(String decoded, boolean mayHide) {
        return mayHide ? decoded.replace(HIDDEN, '=') : decoded;
    }

    private static final class Reader extends AbstractContentHandler {

        private final Map<String, String> headers = new LinkedHashMap<>();
        private final Deque<String> multiparts = new ArrayDeque<>();
        private final List<String> texts = new ArrayList<>();
        private final List<String> htmls = new ArrayList<>();
        private final List<NewAttachment> attachments = new ArrayList<>();
        private final long deadlineNanos;
        private boolean inTopHeader;
        private boolean topHeaderDone;
        Exception malformed;

        Reader(long deadlineNanos) {
            this.deadlineNanos = deadlineNanos;
        }

        /** Checked at every header field, part and block of a part: a parse past its budget stops here. */
        private void withinBudget() throws MimeException {
            if (System.nanoTime() - deadlineNanos > 0) {
                throw new MimeException("parsing took longer than its budget of " + PARSE_BUDGET.toSeconds() + " s");
            }
        }

        @Override
        public void startHeader() {
            inTopHeader = !topHeaderDone;
        }

        @Override
        public void field(Field field) throws MimeException {
            withinBudget();
            if (inTopHeader) {
                // The first occurrence counts, as in most clients; later duplicates are ignored.
                headers.putIfAbsent(field.getName().toLowerCase(Locale.ROOT), field.getBody());
            }
        }

        @Override
        public void endHeader() {
            if (inTopHeader) {
                inTopHeader = false;
                topHeaderDone = true;
            }
        }

        @Override
        public void startMultipart(BodyDescriptor descriptor) throws MimeException {
            withinBudget();
            if (multiparts.size() >= MAX_NESTING) {
                throw new MimeException("multiparts nested deeper than " + MAX_NESTING + " levels");
            }
            multiparts.push(descriptor.getSubType() == null ? "mixed" : descriptor.getSubType().toLowerCase(Locale.ROOT));
        }

        @Override
        public void endMultipart() {
            multiparts.poll();
        }

        @Override
        public void body(BodyDescriptor descriptor, InputStream content) throws IOException, MimeException {
            withinBudget();
            MaximalBodyDescriptor part = (MaximalBodyDescriptor) descriptor;
            byte[] bytes = readAsFarAsPossible(content);
            String type = part.getMimeType() == null ? "text/plain" : part.getMimeType().toLowerCase(Locale.ROOT);
            String disposition = part.getContentDispositionType() == null ? null
                    : part.getContentDispositionType().toLowerCase(Locale.ROOT);
            String filename = filename(part);
            boolean isBody = (type.equals("text/plain") || type.equals("text/html"))
                    && !"attachment".equals(disposition) && filename == null;
            if (isBody) {
                String text = LenientCharsets.storable(LenientCharsets.decode(bytes, part.getCharset()));
                (type.equals("text/plain") ? texts : htmls).add(text);
                return;
            }
            if (attachments.size() == MAX_ATTACHMENTS) {
                return;
            }
            String contentId = contentId(part.getContentId());
            boolean inline = "inline".equals(disposition) || disposition == null && contentId != null;
            attachments.add(new NewAttachment(filename, type, contentId, inline, bytes));
        }

        /** A part whose encoding breaks off (bad base64, say) keeps what decoded before the break. */
        private static byte[] readAsFarAsPossible(InputStream content) {
            java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            try {
                for (int read; (read = content.read(buffer)) != -1; ) {
                    bytes.write(buffer, 0, read);
                }
            } catch (IOException | RuntimeException broken) {
                // best effort: what was decoded so far
            }
            return bytes.toByteArray();
        }

        MessageContent content(byte[] raw, String sender, List<String> recipients) {
            Mailbox from = firstMailbox(headers.get("from"));
            String fromAddress = from != null ? storable(from.getAddress()) : sender;
            String fromName = from != null && from.getName() != null && !from.getName().isBlank()
                    ? oneLine(from.getName()) : null;
            String to = addressList(headers.get("to"));
            if (to == null) {
                to = String.join(", ", recipients);
            }
            String text = String.join("\n\n", texts.stream().map(Reader::lines).toList()).stripTrailing();
            String html = htmls.isEmpty() ? null : String.join("\n", htmls);
            if (texts.isEmpty() && html != null && System.nanoTime() - deadlineNanos < 0) {
                text = LenientCharsets.storable(HtmlText.of(html));
            }
            List<String> references = messageIds(headers.get("references"));
            if (references.size() > MAX_REFERENCES) {
                references = references.subList(references.size() - MAX_REFERENCES, references.size());
            }
            List<String> inReplyTo = messageIds(headers.get("in-reply-to"));
            return new MessageContent(fromAddress, fromName, to, addressList(headers.get("cc")),
                    addressList(headers.get("reply-to")), unstructured(headers.get("subject")), date(headers.get("date")),
                    messageId(headers.get("message-id")), inReplyTo.isEmpty() ? null : inReplyTo.get(0), references,
                    text, html, attachments, raw);
        }

        private static String filename(MaximalBodyDescriptor part) {
            String name = part.getContentDispositionFilename();
            if (name == null || name.isBlank()) {
                name = part.getContentTypeParameters().get("name");
            }
            if (name == null || name.isBlank()) {
                return null;
            }
            // Encoded words in a file name break RFC 2231 but are what many clients send. Bidirectional controls
            // go: they make a name show another extension than it has.
            return Text.withoutBidiControls(oneLine(decodeEncodedWords(name)));
        }

        private static String contentId(String header) {
            if (header == null) {
                return null;
            }
            String id = header.trim();
            if (id.startsWith("<") && id.endsWith(">")) {
                id = id.substring(1, id.length() - 1);
            }
            return id.isEmpty() ? null : oneLine(id);
        }

        private static Mailbox firstMailbox(String header) {
            MailboxList mailboxes = mailboxes(header);
            return mailboxes == null || mailboxes.isEmpty() ? null : mailboxes.get(0);
        }

        /** The list as RFC 5322 text with decoded names, e.g. {@code "Doe, Jane" <jane@example.com>, bob@example.com}. */
        private static String addressList(String header) {
            MailboxList mailboxes = mailboxes(header);
            if (mailboxes == null || mailboxes.isEmpty()) {
                return null;
            }
            StringBuilder list = new StringBuilder();
            for (Mailbox mailbox : mailboxes) {
                if (list.length() > 0) {
                    list.append(", ");
                }
                String name = mailbox.getName() == null ? "" : oneLine(mailbox.getName());
                if (name.isEmpty()) {
                    list.append(storable(mailbox.getAddress()));
                } else {
                    list.append(quotedIfNeeded(name)).append(" <").append(storable(mailbox.getAddress())).append('>');
                }
            }
            return list.toString();
        }

        private static MailboxList mailboxes(String header) {
            if (header == null || header.isBlank()) {
                return null;
            }
            try {
                String hidden = hidingUnknownCharsets(header);
                AddressList addresses = LenientAddressParser.DEFAULT.parseAddressList(hidden);
                List<Mailbox> valid = new ArrayList<>();
                for (Mailbox mailbox : addresses.flatten()) {
                    if (isAddress(mailbox)) {
                        valid.add(hidden == header || mailbox.getName() == null ? mailbox : new Mailbox(
                                unhidden(mailbox.getName(), true), mailbox.getRoute(), mailbox.getLocalPart(),
                                mailbox.getDomain()));
                    }
                }
                return new MailboxList(valid, true);
            } catch (RuntimeException unreadable) {
                return null;
            }
        }

        /** What the lenient parser made of a broken header is an address only if it has the shape of one. */
        private static boolean isAddress(Mailbox mailbox) {
            String local = mailbox.getLocalPart();
            String domain = mailbox.getDomain();
            return local != null && !local.isBlank() && domain != null && !domain.isBlank()
                    && mailbox.getAddress().chars().noneMatch(c -> c <= 0x20 || c == '<' || c == '>' || c == 0x7f);
        }

        private static String quotedIfNeeded(String name) {
            boolean special = name.chars().anyMatch(c -> "()<>[]:;@\\,.\"".indexOf(c) >= 0);
            return special ? "\"" + name.replace("\\", "\\\\").replace("\"", "\\\"") + "\"" : name;
        }

        private static String unstructured(String header) {
            if (header == null) {
                return "";
            }
            return oneLine(decodeEncodedWords(MimeUtil.unfold(header)));
        }

        private static Instant date(String header) {
            if (header == null || header.isBlank()) {
                return null;
            }
            try {
                Date date = DateTimeFieldLenientImpl.PARSER.parse(
                        new org.apache.james.mime4j.stream.RawField("Date", header), DecodeMonitor.SILENT).getDate();
                if (date == null) {
                    return null;
                }
                Instant at = date.toInstant();
                // Years a database column and a JSON client both take; anything else is a broken header.
                return at.isBefore(Instant.parse("1000-01-01T00:00:00Z")) || at.isAfter(Instant.parse("9999-12-31T23:59:59Z"))
                        ? null : at;
            } catch (RuntimeException unreadable) {
                return null;
            }
        }

        private static String messageId(String header) {
            List<String> ids = messageIds(header);
            if (!ids.isEmpty()) {
                return ids.get(0);
            }
            String bare = header == null ? "" : header.trim();
            // Some senders omit the angle brackets; a single token is still an id.
            return !bare.isEmpty() && bare.length() <= 900 && bare.chars().noneMatch(c -> c <= 0x20 || c == '<' || c == '>')
                    ? "<" + bare + ">" : null;
        }

        private static List<String> messageIds(String header) {
            if (header == null) {
                return List.of();
            }
            Set<String> ids = new LinkedHashSet<>();
            Matcher matcher = MESSAGE_ID.matcher(header);
            while (matcher.find()) {
                ids.add(storable(matcher.group()));
            }
            return List.copyOf(ids);
        }

        /** One line of text: folding undone, control characters as spaces, at most a few lines' worth. */
        private static String oneLine(String value) {
            StringBuilder line = new StringBuilder(Math.min(value.length(), MAX_HEADER_TEXT));
            value.codePoints().limit(MAX_HEADER_TEXT)
                    .forEach(c -> line.appendCodePoint(Character.isISOControl(c) ? ' ' : c));
            return line.toString().strip();
        }

        private static String storable(String value) {
            return LenientCharsets.storable(value);
        }

        /** Line breaks as {@code \n}, whatever the message used (one pass: this runs over every text part). */
        private static String lines(String text) {
            if (text.indexOf('\r') < 0) {
                return text;
            }
            StringBuilder lines = new StringBuilder(text.length());
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                if (c == '\r') {
                    lines.append('\n');
                    if (i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                        i++;
                    }
                } else {
                    lines.append(c);
                }
            }
            return lines.toString();
        }
    }
}
