"""One purple's side of assessments: a session per A2A context, green messages in, replies out.

The green sends every message of an assessment in one ``contextId``: ``assessment_start`` opens a
session (its UES URL and key, and a ``memory`` dict for decide_turn), each ``turn_start`` calls
``decide_turn(turn, ues, memory)``, and ``assessment_complete`` closes it. Messages of one context
run one at a time; different contexts (assessments running side by side) run in parallel.

Each message ends its A2A task (docs/PURPLE_AGENT_GUIDE.md §2): ``completed`` with the reply,
``rejected`` for a malformed or out-of-order message, ``failed`` when decide_turn raised or
returned something invalid, always with a text saying why.
"""

from __future__ import annotations

import json
import logging
import threading
import traceback
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Tuple

from .wire import Part, data_part, text_part
from .protocol import (
    ProtocolError,
    Turn,
    check_reply,
    read_assessment_start,
    read_turn_start,
)
from .ues import Ues, UesError

DecideTurn = Callable[[Turn, Ues, Dict[str, Any]], Dict[str, Any]]
Outcome = Tuple[str, List[Part], bool]

log = logging.getLogger("purple")

MESSAGE_TYPES = ("assessment_start", "turn_start", "assessment_complete")


@dataclass
class Session:
    ues: Ues
    # assessment_start's check-in step, for a green that does not repeat it in every turn_start.
    suggested_time_step: Optional[str] = None
    memory: Dict[str, Any] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _reply(payload: Dict[str, Any]) -> Outcome:
    """Completed, with the reply as a DataPart and the same JSON as text."""
    return "completed", [data_part(payload), text_part(json.dumps(payload))], True


def _refuse(state: str, text: str) -> Outcome:
    log.warning("%s: %s", state, text)
    return state, [text_part(f"{state}: {text}")], False


class Assessments:
    """Sessions by context id; the most recent ``limit`` are kept (a green that vanished leaks none)."""

    def __init__(self, decide_turn: DecideTurn, limit: int = 256):
        self._decide_turn = decide_turn
        self._sessions: "OrderedDict[str, Session]" = OrderedDict()
        self._lock = threading.Lock()
        self._limit = limit

    def handle(self, context_id: str, message: Optional[Dict[str, Any]]) -> Outcome:
        if message is None:
            return _refuse(
                "rejected",
                "no AgentBeats message: expected a DataPart holding a JSON object, or a TextPart whose text "
                "is a JSON object, with a message_type",
            )
        kind = message.get("message_type")
        if kind not in MESSAGE_TYPES:
            return _refuse(
                "rejected", f"unknown message_type {kind!r}; expected one of {', '.join(MESSAGE_TYPES)}"
            )
        try:
            if kind == "assessment_start":
                return self._start(context_id, message)
            if kind == "turn_start":
                return self._turn(context_id, message)
            return self._complete(context_id)
        except ProtocolError as error:
            return _refuse("rejected", f"invalid message: {error}")

    def _start(self, context_id: str, message: Dict[str, Any]) -> Outcome:
        start = read_assessment_start(message)
        with self._lock:
            self._sessions[context_id] = Session(Ues(start.ues_url, start.api_key), start.suggested_time_step)
            self._sessions.move_to_end(context_id)
            while len(self._sessions) > self._limit:
                self._sessions.popitem(last=False)
        log.info("assessment started in context %s at %s", context_id, start.current_time.isoformat())
        return (
            "completed",
            [data_part({"acknowledged": "assessment_start"}), text_part("assessment_start acknowledged")],
            False,
        )

    def _turn(self, context_id: str, message: Dict[str, Any]) -> Outcome:
        with self._lock:
            session = self._sessions.get(context_id)
        if session is None:
            number = message.get("turn_number")
            return _refuse(
                "rejected",
                f"turn_start in context {context_id!r}: turn {number} arrived before assessment_start; the green "
                "must send assessment_start (with the UES URL and key) first in this context",
            )
        turn = read_turn_start(message)
        with session.lock:
            try:
                step = turn.suggested_time_step or session.suggested_time_step or "PT1H"
                reply = check_reply(self._decide_turn(turn, session.ues, session.memory), step)
            except UesError as error:
                return _refuse("failed", f"turn {turn.number}: {error}")
            except ProtocolError as error:
                return _refuse("failed", f"turn {turn.number}: {error}")
            except Exception as error:  # the assistant's own bug: fail this turn, keep serving
                log.error("decide_turn failed in turn %s:\n%s", turn.number, traceback.format_exc())
                return _refuse(
                    "failed", f"turn {turn.number}: decide_turn raised {type(error).__name__}: {error}"
                )
        log.info("turn %s: %s", turn.number, json.dumps(reply))
        return _reply(reply)

    def _complete(self, context_id: str) -> Outcome:
        with self._lock:
            self._sessions.pop(context_id, None)
        log.info("assessment in context %s complete", context_id)
        return (
            "completed",
            [
                data_part({"acknowledged": "assessment_complete"}),
                text_part("assessment_complete acknowledged"),
            ],
            False,
        )
