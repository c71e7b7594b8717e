"""decide_turn (assistant.py) against a stand-in UES."""

from __future__ import annotations

import unittest

from support import StubUes, executed

from assistant import decide_turn, first_sentence
from ues_purple.protocol import read_turn_start
from ues_purple.ues import Ues


def _zone_data() -> bool:
    try:
        from zoneinfo import ZoneInfo

        ZoneInfo("America/New_York")
        return True
    except Exception:
        return False


# 14:00 UTC for a user in New York; where the system has no zone data the assistant says UTC.
WHEN = "09:00" if _zone_data() else "14:00 UTC"

TURN = read_turn_start(
    {
        "message_type": "turn_start",
        "turn_number": 1,
        "current_time": "2026-01-28T14:00:00Z",
        "events_processed": 3,
    }
)


def world(user_messages, emails, texts):
    def page(key, items):
        return lambda body, _query: (200, {key: items[body["offset"] :], "total_count": len(items)})

    return StubUes(
        {
            "POST /chat/query": page("messages", user_messages),
            "POST /email/query": page("emails", emails),
            "POST /sms/query": page("messages", texts),
            "GET /calendar/state": lambda *_: (200, {"user_timezone": "America/New_York"}),
            "POST /chat/send": executed,
            "POST /email/read": executed,
            "POST /sms/read": executed,
        }
    )


class DecideTurnTest(unittest.TestCase):
    def test_reports_new_mail_and_texts_in_one_message_then_marks_them_read(self) -> None:
        stub = world(
            [{"role": "user", "content": "Summarise my inbox every hour."}],
            [
                {
                    "message_id": "e1",
                    "from_address": "ann@example.com",
                    "subject": "Budget",
                    "body_text": "The Q3 budget is due Friday. Details inside.",
                }
            ],
            [{"message_id": "s1", "from_number": "+15550100", "body": "Running late!  Be there at 3."}],
        )
        try:
            memory: dict = {}
            reply = decide_turn(TURN, Ues(stub.url, "k"), memory)
            self.assertEqual(
                reply,
                {"message_type": "turn_complete", "notes": "Reported 2 new message(s)."},
            )
            sends = [body for route, body, *_ in stub.requests if route == "POST /chat/send"]
            self.assertEqual(
                sends,
                [
                    {
                        "role": "assistant",
                        "conversation_id": "user-assistant",
                        "content": f"Update at {WHEN} (1 new email, 1 new text):\n"
                        "• ann@example.com — Budget — The Q3 budget is due Friday.\n"
                        "• Text from +15550100 — Running late!",
                    }
                ],
            )
            self.assertIn(
                ("POST /email/read", {"message_ids": ["e1"]}), [(r, b) for r, b, *_ in stub.requests]
            )
            self.assertIn(("POST /sms/read", {"message_ids": ["s1"]}), [(r, b) for r, b, *_ in stub.requests])
            # The zone is read once per assessment.
            decide_turn(TURN, Ues(stub.url, "k"), memory)
            self.assertEqual(stub.routes_called().count("GET /calendar/state"), 1)
        finally:
            stub.close()

    def test_waits_for_instructions_and_says_when_nothing_came(self) -> None:
        stub = world([], [], [])
        try:
            self.assertEqual(
                decide_turn(TURN, Ues(stub.url, "k"), {})["notes"], "No instructions in chat yet."
            )
            self.assertNotIn("POST /chat/send", stub.routes_called())
            stub.routes["POST /chat/query"] = lambda *_: (
                200,
                {"messages": [{"role": "user", "content": "Hi"}], "total_count": 1},
            )
            decide_turn(TURN, Ues(stub.url, "k"), {})
            self.assertEqual(
                [b["content"] for r, b, *_ in stub.requests if r == "POST /chat/send"],
                [f"Update at {WHEN}: nothing new arrived."],
            )
        finally:
            stub.close()

    def test_first_sentence(self) -> None:
        self.assertEqual(first_sentence("One.  Two."), "One.")
        self.assertEqual(first_sentence("x" * 200, limit=10), "xxxxxxxxx…")


if __name__ == "__main__":
    unittest.main()
