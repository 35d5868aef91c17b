// The generated-client scenario, with the typescript-fetch client generated from docs/openapi.json, unpatched.
// The app's tests run it against the real service and check the JSON report it prints: this program only
// drives the client the way its README shows, and records what came back.
//
// Usage: node dist/scenario.js <base-url> <api-key-of-an-account-to-walk>
import {
    AccountsApi,
    Configuration,
    EventsApi,
    Inbox,
    InboxesApi,
    MessagesApi,
    ProblemFromJSON,
    ResponseError,
} from './generated';

const [baseUrl, walkKey] = process.argv.slice(2);
const sentQueries: string[] = [];

function api(accessToken?: string): Configuration {
    return new Configuration({
        basePath: baseUrl,
        accessToken,
        // A documented hook of the generated runtime, used only to record the query strings the client sends.
        middleware: [{ pre: async (context) => { sentQueries.push(new URL(context.url).search); } }],
    });
}

/** What a failed call threw: the generated ResponseError, its status and the problem read with the generated model. */
async function failure(call: () => Promise<unknown>) {
    try {
        await call();
    } catch (e) {
        if (e instanceof ResponseError) {
            const problem = ProblemFromJSON(await e.response.json());
            return {
                error: e.name,
                status: e.response.status,
                content_type: e.response.headers.get('content-type'),
                type: problem.type,
                detail: problem.detail,
            };
        }
        throw e;
    }
    throw new Error('the call succeeded but should have failed');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
    const report: Record<string, unknown> = { client: 'typescript-fetch' };

    // Walk every page of a large account.
    const walked = new InboxesApi(api(walkKey));
    const ids: string[] = [];
    let page = await walked.listInboxes({ limit: 200 });
    const walk = { first_total: page.total, later_totals: [] as (number | null)[], pages: 1, ids, last_cursor: '' as string | null };
    ids.push(...page.data.map((inbox) => inbox.id));
    while (page.hasMore) {
        page = await walked.listInboxes({ limit: 200, cursor: page.cursor ?? undefined });
        walk.later_totals.push(page.total ?? null);
        ids.push(...page.data.map((inbox) => inbox.id));
        walk.pages++;
    }
    walk.last_cursor = page.cursor;
    report.walk = walk;

    // Sign up, then create, read, filter by time, record a message, delete.
    const account = await new AccountsApi(api()).createAccount();
    const inboxes = new InboxesApi(api(account.apiKey));
    const created: Inbox[] = [];
    for (const name of ['first', 'second', 'third']) {
        created.push(await inboxes.createInbox({ createInboxRequest: { displayName: `TypeScript ${name}` } }));
        await sleep(5); // Date holds milliseconds: keep the inboxes' times apart by more than that
    }
    const [first, second, third] = created;
    const retried = { idempotencyKey: `ts-${Date.now()}`, createInboxRequest: { username: `ts-${Date.now()}` } };
    const once = await inboxes.createInbox(retried);
    const replay = await inboxes.createInbox(retried);
    const read = await inboxes.getInbox({ inboxId: second.id });
    // The filter times are the Date values the generated model parsed, sent the generator's way (toISOString).
    sentQueries.length = 0;
    const between = await inboxes.listInboxes({ createdAfter: second.createdAt, createdBefore: third.createdAt });
    report.filter = {
        created: created.map((inbox) => inbox.id),
        between: between.data.map((inbox) => inbox.id),
        between_total: between.total,
        sent: sentQueries.slice(),
    };
    report.create = {
        read_id: read.id,
        read_display_name: read.displayName,
        read_created_at: read.createdAt.toISOString(),
        idempotent_first: once.id,
        idempotent_replay: replay.id,
    };

    const messages = new MessagesApi(api(account.apiKey));
    const message = await messages.recordMessage({
        inboxId: second.id,
        recordMessageRequest: { from: 'alice@example.com', subject: 'Order #1042', text: 'Hello from TypeScript' },
    });
    const messagePage = await messages.listMessages({ inboxId: second.id });
    report.messages = {
        recorded: message.id,
        listed: messagePage.data.map((m) => m.id),
        total: messagePage.total,
        preview: messagePage.data[0]?.preview,
    };

    // Mail out: a send to another inbox of the service (delivered locally), its delivery status read back, a reply.
    const sent = await messages.sendMessage({
        inboxId: second.id,
        sendMessageRequest: { to: [third.address], subject: 'Hello from TypeScript', text: 'Sent by the generated client' },
    });
    const reply = await messages.replyToMessage({
        inboxId: second.id, messageId: message.id, replyRequest: { text: 'Thanks, on its way.' },
    });
    let delivered = await messages.getMessage({ inboxId: second.id, messageId: sent.id });
    for (let tries = 0; tries < 100 && ['queued', 'sending'].includes(delivered.deliveries[0].status); tries++) {
        await sleep(200);
        delivered = await messages.getMessage({ inboxId: second.id, messageId: sent.id });
    }
    report.send = {
        direction: sent.direction,
        accepted: sent.deliveries.map((d) => d.status),
        delivered: delivered.deliveries[0].status,
        delivered_reply: delivered.deliveries[0].smtpReply,
        reply_subject: reply.subject,
        reply_in_reply_to: reply.inReplyTo,
        original_message_id: (await messages.getMessage({ inboxId: second.id, messageId: message.id })).messageIdHeader,
    };

    // The event log: walked two at a time, and filtered by type and inbox.
    const events = new EventsApi(api(account.apiKey));
    let eventPage = await events.listEvents({ limit: 2 });
    const listed = {
        first_total: eventPage.total, pages: 1, ids: eventPage.data.map((e) => e.id),
        types: eventPage.data.map((e) => e.type), received_message_ids: [] as string[],
    };
    while (eventPage.hasMore) {
        eventPage = await events.listEvents({ limit: 2, cursor: eventPage.cursor ?? undefined });
        listed.ids.push(...eventPage.data.map((e) => e.id));
        listed.types.push(...eventPage.data.map((e) => e.type));
        listed.pages++;
    }
    const received = await events.listEvents({ type: 'message.received', inboxId: second.id });
    listed.received_message_ids = received.data.map((e) => (e.data as { id: string }).id);
    report.events = listed;

    await inboxes.deleteInbox({ inboxId: first.id });
    report.errors = {
        not_found: await failure(() => inboxes.getInbox({ inboxId: first.id })),
        delete_again: await failure(() => inboxes.deleteInbox({ inboxId: first.id })),
        invalid_cursor: await failure(() => inboxes.listInboxes({ cursor: 'not-a-cursor' })),
        invalid_limit: await failure(() => inboxes.listInboxes({ limit: 0 })),
        invalid_username: await failure(() => inboxes.createInbox({ createInboxRequest: { username: 'not valid!' } })),
        address_taken: await failure(() => inboxes.createInbox({ createInboxRequest: retried.createInboxRequest })),
        unauthorized: await failure(() => new InboxesApi(api('sk_not-a-key')).listInboxes()),
    };

    process.stdout.write(JSON.stringify(report) + '\n');
}

main().catch((e) => {
    console.error(e);
    process.exit(1);
});
