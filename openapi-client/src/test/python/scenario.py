"""The generated-client scenario, with the python client generated from docs/openapi.json, unpatched.

The app's tests run it against the real service and check the JSON report it prints: this program only drives
the client the way its README shows, and records what came back.

Usage: python3 scenario.py <base-url> <api-key-of-an-account-to-walk>
"""
import json
import sys
import time
from datetime import timedelta, timezone
from urllib.parse import urlsplit

import inboxes_client
from inboxes_client.exceptions import ApiException


def api(base_url, access_token=None):
    return inboxes_client.ApiClient(inboxes_client.Configuration(host=base_url, access_token=access_token))


def failure(call):
    """What a failed call raised: the generated exception class, its status and the generated Problem model."""
    try:
        call()
    except ApiException as e:
        problem = e.data
        return {
            "error": type(e).__name__,
            "status": e.status,
            "content_type": e.headers.get("Content-Type") if e.headers else None,
            "problem_model": type(problem).__name__,
            "type": problem.type if problem else None,
            "detail": problem.detail if problem else None,
        }
    raise AssertionError("the call succeeded but should have failed")


def main(base_url, walk_key):
    report = {"client": "python"}

    # Walk every page of a large account.
    with api(base_url, walk_key) as client:
        walked = inboxes_client.InboxesApi(client)
        page = walked.list_inboxes(limit=200)
        walk = {"first_total": page.total, "later_totals": [], "pages": 1, "ids": [i.id for i in page.data]}
        while page.has_more:
            page = walked.list_inboxes(limit=200, cursor=page.cursor)
            walk["later_totals"].append(page.total)
            walk["ids"].extend(i.id for i in page.data)
            walk["pages"] += 1
        walk["last_cursor"] = page.cursor
        report["walk"] = walk

    # Sign up, then create, read, filter by time, record a message, delete.
    with api(base_url) as anonymous:
        account = inboxes_client.AccountsApi(anonymous).create_account()
    with api(base_url, account.api_key) as client:
        inboxes = inboxes_client.InboxesApi(client)
        created = [inboxes.create_inbox(create_inbox_request=inboxes_client.CreateInboxRequest(
            display_name="Python " + name)) for name in ("first", "second", "third")]
        first, second, third = created
        retried = dict(idempotency_key="py-%d" % time.time_ns(),
                       create_inbox_request=inboxes_client.CreateInboxRequest(username="py-%d" % time.time_ns()))
        once = inboxes.create_inbox(**retried)
        replay = inboxes.create_inbox(**retried)
        read = inboxes.get_inbox(second.id)
        # Accept: application/problem+json alone, as the generator sends it for operations listing only problems.
        read_accepting_problems = inboxes.get_inbox(second.id, _headers={"Accept": "application/problem+json"})

        # The filter times are the datetime values the generated model parsed, sent the generator's way
        # (strftime with %z: +0000), once in UTC and once in another zone (+0530).
        india = timezone(timedelta(hours=5, minutes=30))
        after, before = second.created_at, third.created_at.astimezone(india)
        between = inboxes.list_inboxes(created_after=after, created_before=before)
        method, url, *_ = inboxes._list_inboxes_serialize(None, None, None, after, before, None, None, None, 0)
        report["filter"] = {
            "created": [i.id for i in created],
            "between": [i.id for i in between.data],
            "between_total": between.total,
            "sent": [urlsplit(url).query],
        }
        report["create"] = {
            "read_id": read.id,
            "read_display_name": read.display_name,
            "read_created_at": read.created_at.isoformat(),
            "read_accepting_problems": read_accepting_problems.id,
            "idempotent_first": once.id,
            "idempotent_replay": replay.id,
        }

        messages = inboxes_client.MessagesApi(client)
        # 'from' is a Python keyword: the generated model names the field var_from (its JSON name stays "from").
        message = messages.record_message(second.id, inboxes_client.RecordMessageRequest(
            var_from="alice@example.com", subject="Order #1042", text="Hello from Python"))
        message_page = messages.list_messages(second.id)
        report["messages"] = {
            "recorded": message.id,
            "listed": [m.id for m in message_page.data],
            "total": message_page.total,
            "preview": message_page.data[0].preview if message_page.data else None,
        }

        # Mail out: a send to another inbox of the service (delivered locally), its delivery status read back, a reply.
        sent = messages.send_message(second.id, inboxes_client.SendMessageRequest(
            to=[third.address], subject="Hello from Python", text="Sent by the generated client"))
        reply = messages.reply_to_message(second.id, message.id, inboxes_client.ReplyRequest(text="Thanks, on its way."))
        delivered = messages.get_message(second.id, sent.id)
        for _ in range(100):
            if delivered.deliveries[0].status not in ("queued", "sending"):
                break
            time.sleep(0.2)
            delivered = messages.get_message(second.id, sent.id)
        report["send"] = {
            "direction": sent.direction,
            "accepted": [d.status for d in sent.deliveries],
            "delivered": delivered.deliveries[0].status,
            "delivered_reply": delivered.deliveries[0].smtp_reply,
            "reply_subject": reply.subject,
            "reply_in_reply_to": reply.in_reply_to,
            "original_message_id": messages.get_message(second.id, message.id).message_id_header,
        }

        # The event log: walked two at a time, and filtered by type and inbox.
        events = inboxes_client.EventsApi(client)
        page = events.list_events(limit=2)
        listed = {"first_total": page.total, "pages": 1, "ids": [e.id for e in page.data],
                  "types": [e.type for e in page.data]}
        while page.has_more:
            page = events.list_events(limit=2, cursor=page.cursor)
            listed["ids"].extend(e.id for e in page.data)
            listed["types"].extend(e.type for e in page.data)
            listed["pages"] += 1
        received = events.list_events(type="message.received", inbox_id=second.id)
        listed["received_message_ids"] = [e.data["id"] for e in received.data]
        report["events"] = listed

        inboxes.delete_inbox(first.id)  # sends Accept: application/problem+json alone (a 204 has no other type)
        username = retried["create_inbox_request"].username
        report["errors"] = {
            "not_found": failure(lambda: inboxes.get_inbox(first.id)),
            "delete_again": failure(lambda: inboxes.delete_inbox(first.id)),
            "invalid_cursor": failure(lambda: inboxes.list_inboxes(cursor="not-a-cursor")),
            "invalid_username": failure(lambda: inboxes.create_inbox(
                create_inbox_request=inboxes_client.CreateInboxRequest(username="not valid!"))),
            "address_taken": failure(lambda: inboxes.create_inbox(
                create_inbox_request=inboxes_client.CreateInboxRequest(username=username))),
        }
    with api(base_url, "sk_not-a-key") as stranger:
        report["errors"]["unauthorized"] = failure(lambda: inboxes_client.InboxesApi(stranger).list_inboxes())

    print(json.dumps(report))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
