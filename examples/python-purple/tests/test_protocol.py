"""The AgentBeats messages: durations, date-times, green messages and the replies of decide_turn."""

from __future__ import annotations

import unittest
from datetime import datetime, timedelta, timezone

import support  # noqa: F401 (puts the template on sys.path)

from ues_purple.protocol import (
    ProtocolError,
    check_reply,
    early_completion,
    is_iso_duration,
    parse_date_time,
    read_turn_start,
    turn_complete,
)


class DurationTest(unittest.TestCase):
    def test_the_green_grammar(self) -> None:
        for good in ("PT1H", "PT30M", "P1DT2H", "PT1.5S", "PT0,5H", "P1W", "P1Y2M", "PT90S", "PT0S"):
            self.assertTrue(is_iso_duration(good), good)
        for bad in (
            "P",
            "PT",
            "1H",
            "PT1X",
            "-PT1H",
            "PT1H\n",
            "pt1h",
            "P1H",
            "PT1M2H",
            "one hour",
            "",
            None,
            3600,
        ):
            self.assertFalse(is_iso_duration(bad), bad)


class DateTimeTest(unittest.TestCase):
    def test_zones_and_fractions(self) -> None:
        self.assertEqual(
            parse_date_time("2026-01-28T06:00:00Z", "t"), datetime(2026, 1, 28, 6, tzinfo=timezone.utc)
        )
        parsed = parse_date_time("2026-01-28T07:30:00.123456789+01:00", "t")
        self.assertEqual(parsed, datetime(2026, 1, 28, 6, 30, 0, 123456, tzinfo=timezone.utc))
        self.assertEqual(parsed.utcoffset(), timedelta(hours=1))

    def test_refuses_what_has_no_zone_or_is_no_date(self) -> None:
        for bad in ("2026-01-28T06:00:00", "2026-02-30T06:00:00Z", "yesterday", 5):
            with self.assertRaises(ProtocolError) as caught:
                parse_date_time(bad, "turn_start.current_time")
            self.assertIn("turn_start.current_time:", str(caught.exception))


class MessagesTest(unittest.TestCase):
    def test_turn_start(self) -> None:
        turn = read_turn_start(
            {
                "message_type": "turn_start",
                "turn_number": 3,
                "current_time": "2026-01-28T08:00:00Z",
                "events_processed": 2,
            }
        )
        self.assertEqual((turn.number, turn.current_time.hour, turn.events_processed), (3, 8, 2))
        self.assertEqual((turn.user_timezone, turn.end_time, turn.is_final_turn), (None, None, None))
        self.assertIsNone(turn.suggested_time_step)
        told = read_turn_start(
            {
                "message_type": "turn_start",
                "turn_number": 4,
                "current_time": "2026-01-28T09:00:00Z",
                "events_processed": 0,
                "user_timezone": "Asia/Tokyo",
                "end_time": "2026-01-28T09:00:00Z",
                "is_final_turn": True,
                "suggested_time_step": "PT30M",
            }
        )
        self.assertEqual(
            (told.user_timezone, told.end_time, told.is_final_turn), ("Asia/Tokyo", told.current_time, True)
        )
        self.assertEqual(told.suggested_time_step, "PT30M")
        with self.assertRaisesRegex(ProtocolError, "turn_start.suggested_time_step: 'half an hour' is not"):
            read_turn_start(
                {
                    "message_type": "turn_start",
                    "turn_number": 1,
                    "current_time": "2026-01-28T08:00:00Z",
                    "events_processed": 0,
                    "suggested_time_step": "half an hour",
                }
            )
        with self.assertRaisesRegex(ProtocolError, "turn_start.is_final_turn: expected true or false"):
            read_turn_start(
                {
                    "message_type": "turn_start",
                    "turn_number": 1,
                    "current_time": "2026-01-28T08:00:00Z",
                    "events_processed": 0,
                    "is_final_turn": "yes",
                }
            )
        with self.assertRaisesRegex(ProtocolError, "turn_start.events_processed: is required"):
            read_turn_start(
                {"message_type": "turn_start", "turn_number": 1, "current_time": "2026-01-28T08:00:00Z"}
            )
        with self.assertRaisesRegex(
            ProtocolError, "turn_start.turn_number: expected an integer >= 0, got True"
        ):
            read_turn_start({"message_type": "turn_start", "turn_number": True})

    def test_replies(self) -> None:
        # Without a step, the turn advances by the scenario's check-in step (PT1H when not told).
        self.assertEqual(turn_complete(), {"message_type": "turn_complete"})
        self.assertEqual(check_reply(turn_complete()), {"message_type": "turn_complete", "time_step": "PT1H"})
        self.assertEqual(
            check_reply(turn_complete(notes="ok"), "PT30M"),
            {"message_type": "turn_complete", "time_step": "PT30M", "notes": "ok"},
        )
        self.assertEqual(check_reply(turn_complete("PT15M", "ok"), "PT30M"), turn_complete("PT15M", "ok"))
        self.assertEqual(
            check_reply(early_completion("done")), {"message_type": "early_completion", "reason": "done"}
        )
        cases = [
            (turn_complete("1h"), "turn_complete.time_step: '1h' is not an ISO 8601 duration"),
            ({"message_type": "turn_complete", "notes": 5}, "turn_complete.notes: expected a string"),
            (
                {"message_type": "early_completion", "reason": ["x"]},
                "early_completion.reason: expected a string",
            ),
            ({"message_type": "done"}, "decide_turn returned a reply with message_type 'done'"),
            ("PT1H", "decide_turn returned 'PT1H'; return turn_complete(...) or early_completion(...)"),
        ]
        for reply, message in cases:
            with self.assertRaises(ProtocolError) as caught:
                check_reply(reply)
            self.assertIn(message, str(caught.exception))


if __name__ == "__main__":
    unittest.main()
