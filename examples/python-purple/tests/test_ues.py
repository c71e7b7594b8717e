"""The UES client: the key on every request, the URL's path kept, pages, and errors that say why."""

from __future__ import annotations

import unittest

from support import StubUes, executed

from ues_purple.ues import Ues, UesActionFailed, UesError, chat_text


def emails_page(body, _query):
    """Three emails served two at a time."""
    emails = [{"message_id": f"e{i}", "subject": f"s{i}"} for i in range(3)]
    offset, limit = body["offset"], 2
    return 200, {"emails": emails[offset : offset + limit], "total_count": len(emails)}


class UesClientTest(unittest.TestCase):
    def setUp(self) -> None:
        self.stub = StubUes(
            {
                "POST /email/query": emails_page,
                "GET /simulator/time": lambda *_: (200, {"current_time": "2026-01-28T06:00:00Z"}),
                "GET /email/state": lambda *_: (200, {"user_email_address": "me@example.com"}),
                "POST /email/send": executed,
                "POST /email/read": lambda *_: (200, {"status": "failed", "message": "unknown ids"}),
                "POST /sms/send": lambda *_: (403, {"detail": "missing permission sms:send"}),
                "POST /calendar/create": lambda *_: (
                    422,
                    {"detail": [{"loc": ["body", "end"], "msg": "must be after start"}]},
                ),
            }
        )
        self.ues = Ues(self.stub.url + "/", "key-9")

    def tearDown(self) -> None:
        self.stub.close()

    def test_reads_every_page_with_the_key_under_the_url_path(self) -> None:
        self.assertEqual([e["message_id"] for e in self.ues.unread_emails()], ["e0", "e1", "e2"])
        first = self.stub.requests[0]
        self.assertEqual(first[0], "POST /email/query")
        self.assertEqual(
            first[1],
            {
                "sort_by": "date",
                "sort_order": "asc",
                "folder": "inbox",
                "is_read": False,
                "offset": 0,
                "limit": 1000,
            },
        )
        self.assertEqual(first[3], "key-9")
        self.assertEqual(self.ues.current_time().hour, 6)

    def test_actions_fill_in_the_user_and_check_they_applied(self) -> None:
        self.ues.reply_to_email(
            {
                "message_id": "e1",
                "thread_id": "t1",
                "subject": "Budget",
                "from_address": "ann@example.com",
                "references": ["e0"],
            },
            "Thanks!",
        )
        route, body, query, _ = self.stub.requests[-1]
        self.assertEqual(route, "POST /email/send")
        self.assertEqual(
            body,
            {
                "from_address": "me@example.com",
                "to_addresses": ["ann@example.com"],
                "subject": "Re: Budget",
                "body_text": "Thanks!",
                "thread_id": "t1",
                "in_reply_to": "e1",
                "references": ["e0", "e1"],
            },
        )
        self.assertEqual(self.stub.requests[-2][2], {"summary": "true"})
        with self.assertRaises(UesActionFailed) as caught:
            self.ues.mark_emails_read(["nope"])
        self.assertEqual(
            str(caught.exception),
            "POST /email/read failed with HTTP 200: the action was 'failed': unknown ids",
        )

    def test_http_errors_name_the_route_and_the_reason(self) -> None:
        with self.assertRaises(UesError) as caught:
            self.ues.post("/sms/send", {"to_numbers": ["+1"], "body": "x"})
        self.assertEqual(caught.exception.status, 403)
        self.assertEqual(
            str(caught.exception), "POST /sms/send failed with HTTP 403: missing permission sms:send"
        )
        with self.assertRaisesRegex(
            UesError, "POST /calendar/create failed with HTTP 422: body.end: must be after start"
        ):
            self.ues.create_event(title="x", start="2026-01-28T10:00:00Z", end="2026-01-28T09:00:00Z")
        with self.assertRaisesRegex(UesError, "GET /nowhere failed with HTTP 404: no route /nowhere"):
            self.ues.get("/nowhere")
        gone = Ues("http://127.0.0.1:9", "k", timeout=2)
        with self.assertRaisesRegex(UesError, "GET /simulator/time failed with no answer: could not reach"):
            gone.current_time()


class ChatTextTest(unittest.TestCase):
    def test_strings_and_text_blocks(self) -> None:
        self.assertEqual(chat_text({"content": "Hi"}), "Hi")
        blocks = [{"type": "text", "text": "One"}, {"type": "image"}, {"type": "text", "text": "Two"}]
        self.assertEqual(chat_text({"content": blocks}), "One\nTwo")


if __name__ == "__main__":
    unittest.main()
