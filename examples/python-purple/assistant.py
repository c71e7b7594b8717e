#!/usr/bin/env python3
"""A UES AgentBeats purple assistant in Python — the one file to edit.

Run it:   python3 assistant.py --port 9019
Assess:   npx ues-agentbeats run --purple http://127.0.0.1:9019/ --scenario email_triage_basic

The green calls ``decide_turn`` once per turn. Simulated time stands still while it runs: read the
user's world through ``ues``, act on it, post what the user should see to chat, then return
``turn_complete(time_step=...)`` (advance simulated time that much before the next turn; without a
``time_step``, by the scenario's check-in step ``turn.suggested_time_step``) or
``early_completion(...)`` (the user's tasks are done). The user's task is in chat, never in the
A2A messages. ``memory`` is a dict kept for the whole assessment (one per assessment, so
assessments running side by side never share it).

This version is deliberately simple: each turn it reports new email and texts in one chat message,
then marks them read. Replace it with your own rules, or call any LLM library from here.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any, Dict

from ues_purple import Turn, Ues, early_completion, serve, turn_complete  # noqa: F401


def decide_turn(turn: Turn, ues: Ues, memory: Dict[str, Any]) -> Dict[str, Any]:
    """One turn: ``turn.number``, ``turn.current_time`` (aware datetime), ``turn.events_processed``."""
    if not ues.user_messages():
        return turn_complete(notes="No instructions in chat yet.")

    emails = ues.unread_emails()
    texts = ues.unread_sms()
    lines = [email_line(email) for email in emails] + [text_line(text) for text in texts]
    when = local_time(turn.current_time, ues, memory)
    if lines:
        counted = f"{plural(len(emails), 'new email')}, {plural(len(texts), 'new text')}"
        ues.send_chat(f"Update at {when} ({counted}):\n" + "\n".join(lines))
    else:
        ues.send_chat(f"Update at {when}: nothing new arrived.")
    if emails:
        ues.mark_emails_read([email["message_id"] for email in emails])
    if texts:
        ues.mark_sms_read([text["message_id"] for text in texts])
    # No time_step: check in again at the scenario's natural pace (turn.suggested_time_step), the
    # pace the efficiency budgets assume.
    return turn_complete(notes=f"Reported {len(lines)} new message(s).")


def email_line(email: Dict[str, Any]) -> str:
    return f"• {email['from_address']} — {email['subject']} — {first_sentence(email.get('body_text', ''))}"


def text_line(text: Dict[str, Any]) -> str:
    return f"• Text from {text['from_number']} — {first_sentence(text.get('body', ''))}"


def first_sentence(body: str, limit: int = 140) -> str:
    """The opening sentence of a message, at most ``limit`` characters."""
    flat = " ".join(body.split())
    sentence = re.split(r"(?<=[.!?])\s", flat, maxsplit=1)[0]
    return sentence if len(sentence) <= limit else sentence[: limit - 1] + "…"


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def local_time(moment: datetime, ues: Ues, memory: Dict[str, Any]) -> str:
    """``moment`` as HH:MM in the user's calendar time zone (read once, kept in memory)."""
    if "zone" not in memory:
        memory["zone"] = timezone.utc
        try:
            from zoneinfo import ZoneInfo  # Python 3.9+; needs the system's time zone data

            memory["zone"] = ZoneInfo(ues.get("/calendar/state", compact="true")["user_timezone"])
        except Exception:  # no zone data, or no calendar: UTC is still a correct time
            pass
    zone = memory["zone"]
    return moment.astimezone(zone).strftime("%H:%M") + ("" if zone is not timezone.utc else " UTC")


if __name__ == "__main__":
    serve(decide_turn)
