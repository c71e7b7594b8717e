"""The AgentBeats messages between the green (the evaluator) and this purple (docs/PROTOCOL.md §3).

The green sends ``assessment_start``, then one ``turn_start`` per turn, then
``assessment_complete``. Each turn is answered with ``turn_complete`` (advance simulated time by
``time_step``) or ``early_completion`` (the user's tasks are done). Messages are validated here, so
``decide_turn`` only ever sees well-formed turns, and its replies are checked before they leave.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any, Dict, Optional
from urllib.parse import urlparse

# The exact text of assessment_start.assessment_instructions (docs/PROTOCOL.md §3.1).
ASSESSMENT_INSTRUCTIONS = (
    "Act as the user's personal assistant. The user's specific tasks are provided via the chat "
    "modality; read chat and complete those tasks."
)

# P[nY][nM][nW][nD][T[nH][nM][nS]], at least one component, decimals with "." or ","; the same
# grammar as the green's (schemas/turn_complete.json).
_NUMBER = r"\d+(?:[.,]\d+)?"
_DURATION = re.compile(
    rf"^P(?!$)(?:{_NUMBER}Y)?(?:{_NUMBER}M)?(?:{_NUMBER}W)?(?:{_NUMBER}D)?"
    rf"(?:T(?=\d)(?:{_NUMBER}H)?(?:{_NUMBER}M)?(?:{_NUMBER}S)?)?$",
    re.ASCII,
)
_DATE_TIME = re.compile(
    r"^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|z|[+-]\d{2}:?\d{2})$",
    re.ASCII,
)


class ProtocolError(ValueError):
    """A message from the green, or a reply of decide_turn, is malformed; the text names the field."""


def is_iso_duration(value: object) -> bool:
    """True for ISO 8601 durations such as PT1H, PT30M, P1DT2H, PT1.5S."""
    return isinstance(value, str) and _DURATION.fullmatch(value) is not None


def parse_date_time(value: object, field: str) -> datetime:
    """An ISO 8601 date-time with a zone (``2026-01-28T06:00:00Z``) as an aware datetime."""
    match = _DATE_TIME.fullmatch(value) if isinstance(value, str) else None
    if match is None:
        raise ProtocolError(f"{field}: {value!r} is not an ISO 8601 date-time with a zone")
    year, month, day, hour, minute, second, fraction, zone = match.groups()
    micro = int((fraction or "0")[:6].ljust(6, "0"))
    if zone in ("Z", "z"):
        tz = timezone.utc
    else:
        sign = -1 if zone[0] == "-" else 1
        digits = zone[1:].replace(":", "")
        tz = timezone(sign * timedelta(hours=int(digits[:2]), minutes=int(digits[2:])))
    try:
        return datetime(int(year), int(month), int(day), int(hour), int(minute), int(second or 0), micro, tz)
    except ValueError as error:
        raise ProtocolError(f"{field}: {value!r} is not a valid date-time ({error})") from None


def _require(message: Dict[str, Any], field: str, kind: str) -> Any:
    name = f"{message.get('message_type')}.{field}"
    if field not in message:
        raise ProtocolError(f"{name}: is required")
    value = message[field]
    if kind == "string" and (not isinstance(value, str) or value == ""):
        raise ProtocolError(f"{name}: expected a non-empty string, got {value!r}")
    if kind == "count" and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
        raise ProtocolError(f"{name}: expected an integer >= 0, got {value!r}")
    return value


@dataclass(frozen=True)
class AssessmentStart:
    ues_url: str
    api_key: str
    current_time: datetime
    initial_state_summary: Dict[str, Any]
    # The scenario's natural check-in step (ISO 8601 duration); None from a green that does not send it.
    suggested_time_step: Optional[str] = None


@dataclass(frozen=True)
class Turn:
    """One turn: simulated time stands still at ``current_time`` until decide_turn returns."""

    number: int
    current_time: datetime
    events_processed: int
    # Optional: a green that predates them does not send them (None then).
    user_timezone: Optional[str] = None  # the user's IANA zone; every time on the wire is UTC
    end_time: Optional[datetime] = None  # the scenario's end; simulated time never passes it
    is_final_turn: Optional[bool] = None  # True: no turn follows this one
    # The scenario's natural check-in step: the efficiency budgets assume a turn at every step of it.
    # turn_complete() without a time_step advances by it (PT1H when the green does not send one).
    suggested_time_step: Optional[str] = None


def _optional_duration(message: Dict[str, Any], field: str) -> Optional[str]:
    value = message.get(field)
    if value is not None and not is_iso_duration(value):
        raise ProtocolError(f"{message.get('message_type')}.{field}: {value!r} is not an ISO 8601 duration")
    return value


def read_assessment_start(message: Dict[str, Any]) -> AssessmentStart:
    ues_url = _require(message, "ues_url", "string")
    parsed = urlparse(ues_url)
    if parsed.scheme not in ("http", "https") or not parsed.netloc:
        raise ProtocolError(f"assessment_start.ues_url: {ues_url!r} is not an http(s) URL")
    api_key = _require(message, "api_key", "string")
    current_time = parse_date_time(
        _require(message, "current_time", "string"), "assessment_start.current_time"
    )
    summary = message.get("initial_state_summary", {})
    if not isinstance(summary, dict):
        raise ProtocolError("assessment_start.initial_state_summary: expected an object")
    return AssessmentStart(
        ues_url, api_key, current_time, summary, _optional_duration(message, "suggested_time_step")
    )


def read_turn_start(message: Dict[str, Any]) -> Turn:
    number = _require(message, "turn_number", "count")
    if number < 1:
        raise ProtocolError(f"turn_start.turn_number: expected an integer >= 1, got {number!r}")
    current_time = parse_date_time(_require(message, "current_time", "string"), "turn_start.current_time")
    zone = message.get("user_timezone")
    if zone is not None and (not isinstance(zone, str) or zone == ""):
        raise ProtocolError(f"turn_start.user_timezone: expected a time zone name, got {zone!r}")
    end = message.get("end_time")
    final = message.get("is_final_turn")
    if final is not None and not isinstance(final, bool):
        raise ProtocolError(f"turn_start.is_final_turn: expected true or false, got {final!r}")
    return Turn(
        number,
        current_time,
        _require(message, "events_processed", "count"),
        zone,
        None if end is None else parse_date_time(end, "turn_start.end_time"),
        final,
        _optional_duration(message, "suggested_time_step"),
    )


def turn_complete(time_step: Optional[str] = None, notes: Optional[str] = None) -> Dict[str, Any]:
    """The turn is done: advance simulated time by ``time_step`` (ISO 8601) before the next one.

    Without ``time_step`` the turn advances by the scenario's check-in step
    (``turn.suggested_time_step``), or PT1H when the green does not say it.
    """
    reply: Dict[str, Any] = {"message_type": "turn_complete"}
    if time_step is not None:
        reply["time_step"] = time_step
    if notes is not None:
        reply["notes"] = notes
    return reply


def early_completion(reason: Optional[str] = None) -> Dict[str, Any]:
    """The user's tasks are finished: the assessment ends after this turn."""
    reply: Dict[str, Any] = {"message_type": "early_completion"}
    if reason is not None:
        reply["reason"] = reason
    return reply


def check_reply(reply: object, default_step: str = "PT1H") -> Dict[str, Any]:
    """The reply of decide_turn if it is a valid turn_complete or early_completion.

    A turn_complete without ``time_step`` gets ``default_step`` (the scenario's check-in step).
    """
    hint = "return turn_complete(...) or early_completion(...)"
    if not isinstance(reply, dict):
        raise ProtocolError(f"decide_turn returned {reply!r}; {hint}")
    kind = reply.get("message_type")
    if kind == "turn_complete":
        if "time_step" not in reply:
            reply = {**reply, "time_step": default_step}
        step = reply["time_step"]
        if not is_iso_duration(step):
            raise ProtocolError(
                f"turn_complete.time_step: {step!r} is not an ISO 8601 duration (e.g. PT1H, PT30M, P1D)"
            )
        notes = reply.get("notes")
        if notes is not None and not isinstance(notes, str):
            raise ProtocolError(f"turn_complete.notes: expected a string, got {notes!r}")
    elif kind == "early_completion":
        reason = reply.get("reason")
        if reason is not None and not isinstance(reason, str):
            raise ProtocolError(f"early_completion.reason: expected a string, got {reason!r}")
    else:
        raise ProtocolError(f"decide_turn returned a reply with message_type {kind!r}; {hint}")
    return reply
