package dev.inboxes.app.message;

import static dev.inboxes.app.support.Agent.structured;
import static dev.inboxes.app.support.Agent.text;
import static org.assertj.core.api.Assertions.assertThat;

import dev.inboxes.app.support.Agent;
import dev.inboxes.app.support.Api;
import dev.inboxes.app.support.Smtp;
import dev.inboxes.persistence.testing.PostgresResource;
import dev.inboxes.smtp.SmtpReceiver;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The code and link heuristics over a corpus of verification mail as typical senders write it (text, HTML, both;
 * quoted-printable, base64, Latin-1, an encoded subject), received over SMTP and read over REST and MCP. Numbers that
 * are not codes (order numbers, phones, prices, dates, years, postcodes) sit beside the codes.
 */
@QuarkusTest
@WithTestResource(PostgresResource.class)
class CodesAndLinksTest {

    @Inject
    SmtpReceiver receiver;

    /** One mail: its MIME source, the code to find first (null: none) and a link to find. */
    record Case(String name, String mime, String code, String linkText, String linkUrl) {
    }

    private static String b64(String text) {
        return Base64.getMimeEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    static final List<Case> CORPUS = List.of(
            new Case("device verification, plain text", """
                    From: GitHub <noreply@github.com>
                    Subject: [GitHub] Please verify your device
                    Content-Type: text/plain; charset=utf-8

                    Hey octocat!

                    A sign in attempt requires further verification because we did not recognize your device.
                    To complete the sign in, enter the verification code on the unrecognized device.

                    Device: Chrome on macOS 14
                    Verification code: 482913

                    If you did not attempt to sign in to your account, your password may be compromised.
                    Visit https://github.com/settings/security to create a new, strong password.
                    """, "482913", "Visit", "https://github.com/settings/security"),
            new Case("recovery email, HTML only with the code in a table cell", """
                    From: Google <no-reply@accounts.google.com>
                    Subject: Verify your recovery email
                    Content-Type: text/html; charset=utf-8

                    <html><body><table><tr><td style="font-size:24px">Verify your email</td></tr>
                    <tr><td>Google received a request to use <b>sam@example.com</b> as a recovery email.</td></tr>
                    <tr><td>Use this code to finish setting up this recovery email:</td></tr>
                    <tr><td style="font-size:36px;letter-spacing:8px"><b>719204</b></td></tr>
                    <tr><td>This code will expire in 24 hours.</td></tr>
                    <tr><td><a href="https://myaccount.google.com/notifications">Check activity</a></td></tr>
                    <tr><td style="font-size:10px">&copy; 2026 Google LLC, 1600 Amphitheatre Parkway, Mountain View,
                    CA 94043, USA</td></tr></table></body></html>
                    """, "719204", "Check activity", "https://myaccount.google.com/notifications"),
            new Case("confirmation code, multipart/alternative with a short alphanumeric code", """
                    From: Slack <no-reply@slack.com>
                    Subject: Slack confirmation code: VKQ-7M2
                    Content-Type: multipart/alternative; boundary=alt

                    --alt
                    Content-Type: text/plain; charset=utf-8

                    Your confirmation code is below - enter it in your open browser window and we'll help you get
                    signed in.

                    VKQ-7M2

                    If you didn't request this email, there's nothing to worry about - you can safely ignore it.
                    Made by Slack Technologies, 500 Howard Street, San Francisco, CA 94105
                    --alt
                    Content-Type: text/html; charset=utf-8

                    <p>Your confirmation code is below</p><h1>VKQ-7M2</h1>
                    --alt--
                    """, "VKQ-7M2", null, null),
            new Case("one-time password beside an order number and a phone, quoted-printable HTML", """
                    From: Amazon <account-update@amazon.com>
                    Subject: Your Amazon one-time password
                    Content-Type: text/html; charset=utf-8
                    Content-Transfer-Encoding: quoted-printable

                    <p>Your order #113-4567890-1234567 is on hold until you verify your identity.</p>
                    <p>Your one-time password is:</p><p style=3D"font-size:28px"><b>558201</b></p>
                    <p>Don't share it. Questions? Call 1-888-280-4331 or visit <a href=3D"https://www.amaz=
                    on.com/gp/help">Help</a>.</p>
                    """, "558201", "Help", "https://www.amazon.com/gp/help"),
            new Case("bank passcode with prices, dates and phones, plain text", """
                    From: First Bank <alerts@firstbank.example>
                    Subject: Your one-time passcode
                    Content-Type: text/plain; charset=us-ascii

                    Your One-Time Passcode (OTP) is 902155. It expires in 10 minutes. Never share it.
                    Questions? Call us at +1 (800) 555-0199 or 1-800-555-0199.
                    Payment of $1,250.00 to ACME scheduled for 12/05/2026 at 09:30.
                    Account ending in 4242.
                    """, "902155", null, null),
            new Case("German, Latin-1 quoted-printable HTML, grouped digits", """
                    From: Shop <service@shop.example.de>
                    Subject: =?ISO-8859-1?Q?Ihr_Best=E4tigungscode?=
                    Content-Type: text/html; charset=ISO-8859-1
                    Content-Transfer-Encoding: quoted-printable

                    <p>Hallo,</p><p>Ihr Best=E4tigungscode lautet: <b>381 904</b></p>
                    <p>Der Code ist 15 Minuten g=FCltig. Bestellnummer: 30291847, Kundennummer 44821.</p>
                    <p><a href=3D"https://shop.example.de/konto/bestaetigen?c=3D381904">Jetzt best=E4tigen</a></p>
                    """, "381904", "Jetzt bestätigen", "https://shop.example.de/konto/bestaetigen?c=381904"),
            new Case("Japanese, base64 UTF-8 text", """
                    From: Example KK <noreply@example.jp>
                    Subject: =?UTF-8?B?6KqN6Ki844Kz44O844OJ?=
                    Content-Type: text/plain; charset=utf-8
                    Content-Transfer-Encoding: base64

                    %s
                    """.formatted(b64("認証コード: 204815\nこのコードの有効期限は10分です。\n〒100-0001 東京都千代田区1-1\n")),
                    "204815", null, null),
            new Case("code in the encoded subject only, HTML button", """
                    From: Discord <noreply@discord.com>
                    Subject: =?UTF-8?Q?Your_Discord_verification_code_is_551928?=
                    Content-Type: text/html; charset=utf-8

                    <div><h2>Welcome back!</h2><p>Someone tried to log in to your account from a new location.</p>
                    <table><tr><td bgcolor="#5865f2"><a href="https://click.discord.com/ls/click?upn=3xYz">Verify
                    Login</a></td></tr></table><p>Need help? Contact us at support.discord.com</p></div>
                    """, "551928", "Verify Login", "https://click.discord.com/ls/click?upn=3xYz"),
            new Case("newsletter full of numbers and no code", """
                    From: Parcel Weekly <news@parcel.example>
                    Subject: 12 deliveries this week, 3 new offers
                    Content-Type: text/html; charset=utf-8

                    <h1>Your week</h1><p>Your order #48213 has shipped. Tracking number: 1Z999AA10123456784.</p>
                    <p>Delivery on 2026-12-03 between 10:00 and 14:00. Questions? Call +44 20 7946 0958.</p>
                    <p>Total: &euro;1.234,56 &mdash; Invoice 2026-0042. Room 1204, 221 Baker Street, London NW1 6XE.</p>
                    <p><a href="https://parcel.example/u?id=42">Unsubscribe</a> &middot; &copy; 2026 Parcel Co.</p>
                    """, null, "Unsubscribe", "https://parcel.example/u?id=42"),
            new Case("magic link, no code", """
                    From: Notion Team <notify@mail.notion.so>
                    Subject: Your Notion login link
                    Content-Type: text/html; charset=utf-8

                    <p>Click the button below to log in to Notion. This link will expire in 1 hour.</p>
                    <p><a href="https://www.notion.so/loginwithemail?state=8f3a&amp;token=c0ffee">Log in to Notion</a></p>
                    """, null, "Log in to Notion", "https://www.notion.so/loginwithemail?state=8f3a&token=c0ffee"));

    @AfterAll
    static void report() {
        System.out.printf("MCP: the largest text any tool returned in %s: %d characters%n",
                CodesAndLinksTest.class.getSimpleName(), Agent.largestText());
    }

    /**
     * What an agent does for "read me the verification code in the newest message": list_messages with limit 1, then
     * get_message, whose first code is the one.
     */
    @Test
    void theNewestMessagesCodeTakesAnAgentTwoCalls() throws Exception {
        String apiKey = Api.newAccount();
        String inboxId = Api.createInbox(apiKey, Map.of("username", "newest-code-" + System.nanoTime()));
        String address = Api.as(apiKey).get("/v1/inboxes/" + inboxId).path("address");
        Api.recordMessage(apiKey, inboxId, "Welcome aboard", "Your order 1234567 ships on 2026-03-01.");
        Case mail = CORPUS.get(0);
        Smtp.send(receiver.port(), Smtp.crlf("To: " + address + "\nMessage-ID: <newest-" + System.nanoTime()
                + "@test>\n" + mail.mime()), "sender@corpus.test", address);
        int calls = 0;
        try (Agent agent = Agent.connect(apiKey)) {
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> rows = (List<Map<String, Object>>) structured(agent.call("list_messages",
                    Map.of("inbox_id", inboxId, "limit", 1))).get("data");
            calls++;
            CallToolResult read = agent.call("get_message", Map.of("inbox_id", inboxId, "message_id",
                    rows.get(0).get("id")));
            calls++;
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> codes = (List<Map<String, Object>>) structured(read).get("codes");
            assertThat(codes.get(0).get("code")).isEqualTo(mail.code());
            assertThat(text(read, 0)).contains("Codes (heuristic guesses, likeliest first; check them in the text): "
                    + mail.code());
        }
        assertThat(calls).isEqualTo(2);
        System.out.printf("MCP: the verification code of the newest message in %d calls (list_messages limit=1, "
                + "get_message)%n", calls);
    }

    @Test
    void everyMailOfTheCorpusGivesItsCodeFirstAndItsLinkOverRestAndMcp() throws Exception {
        String apiKey = Api.newAccount();
        String inboxId = Api.createInbox(apiKey, Map.of("username", "codes-" + System.nanoTime()));
        String address = Api.as(apiKey).get("/v1/inboxes/" + inboxId).path("address");
        int found = 0;
        try (Agent agent = Agent.connect(apiKey)) {
            for (int i = 0; i < CORPUS.size(); i++) {
                Case mail = CORPUS.get(i);
                Smtp.send(receiver.port(), Smtp.crlf("To: " + address + "\nMessage-ID: <corpus-" + i + "-"
                        + System.nanoTime() + "@test>\n" + mail.mime()), "sender@corpus.test", address);
                String messageId = Api.as(apiKey).queryParam("limit", 1).get("/v1/inboxes/" + inboxId + "/messages")
                        .path("data[0].id");

                JsonPath rest = Api.as(apiKey).get("/v1/inboxes/" + inboxId + "/messages/" + messageId).jsonPath();
                List<String> restCodes = rest.getList("codes.code");
                CallToolResult result = agent.call("get_message", Map.of("inbox_id", inboxId, "message_id", messageId));
                @SuppressWarnings("unchecked")
                List<Map<String, Object>> mcpCodes = (List<Map<String, Object>>) structured(result).get("codes");
                @SuppressWarnings("unchecked")
                List<Map<String, Object>> mcpLinks = (List<Map<String, Object>>) structured(result).get("links");

                if (mail.code() == null) {
                    assertThat(restCodes).as("%s: no code", mail.name()).isEmpty();
                    assertThat(mcpCodes).as("%s: no code over MCP", mail.name()).isEmpty();
                } else {
                    assertThat(restCodes).as("%s: codes of %s", mail.name(), rest.getString("text"))
                            .startsWith(mail.code());
                    assertThat(mcpCodes.get(0).get("code")).isEqualTo(mail.code());
                    assertThat(text(result, 0)).contains("Codes (heuristic guesses");
                    found++;
                }
                if (mail.linkUrl() != null) {
                    assertThat(rest.getList("links", Map.class)).as("%s: links of %s", mail.name(),
                            rest.getString("text")).contains(Map.of("text", mail.linkText(), "url", mail.linkUrl()));
                    assertThat(mcpLinks).contains(Map.of("text", mail.linkText(), "url", mail.linkUrl()));
                    assertThat(text(result, 0)).contains(mail.linkText() + " <" + mail.linkUrl() + ">");
                }
            }
        }
        System.out.printf("Codes and links: %d mails, %d codes found where expected, no code where none is%n",
                CORPUS.size(), found);
    }
}
