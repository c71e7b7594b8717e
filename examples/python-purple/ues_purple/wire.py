"""The A2A v0.3 and v1.0 wire shapes of parts, messages and tasks (docs/PROTOCOL.md §2).

- **v0.3**: parts ``{"kind": "text", "text": …}`` / ``{"kind": "data", "data": {…}}``, roles
  ``user``/``agent``, states ``completed``…, objects tagged with ``kind``.
- **v1.0**: parts ``{"text": …}`` / ``{"data": {…}}``, roles ``ROLE_USER``/``ROLE_AGENT``, states
  ``TASK_STATE_COMPLETED``…, no ``kind``.

Requests are read into version-free ``Message`` objects and tasks written back in the caller's
version, so the rest of the purple never sees the difference.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Dict, List, Optional, Tuple

from .jsonrpc import INVALID_PARAMS, RpcError

V03 = "0.3"
V10 = "1.0"

TERMINAL_STATES = ("completed", "failed", "rejected", "canceled")
_V10_STATE = {
    state: f"TASK_STATE_{state.upper().replace('-', '_')}" for state in ("working", *TERMINAL_STATES)
}
_V10_ROLE = {"user": "ROLE_USER", "agent": "ROLE_AGENT"}


# ---- messages and parts -------------------------------------------------------------------------


@dataclass
class Part:
    """One part: ``kind`` is text, data or file; ``value`` the text, the data, or the file fields."""

    kind: str
    value: Any
    metadata: Optional[Dict[str, Any]] = None


@dataclass
class Message:
    role: str  # "user" or "agent"
    parts: List[Part]
    message_id: str = field(default_factory=lambda: str(uuid.uuid4()))
    context_id: Optional[str] = None
    task_id: Optional[str] = None


def text_part(text: str) -> Part:
    return Part("text", text)


def data_part(data: Dict[str, Any]) -> Part:
    return Part("data", data)


def invalid_params(message: str) -> RpcError:
    """Invalid params (-32602), the message naming the field."""
    return RpcError(INVALID_PARAMS, f"Invalid params: {message}")


# A file part's fields: ours → (the v0.3 ``file`` object's name, the v1.0 part's name).
_FILE_FIELDS = {
    "bytes": ("bytes", "raw"),
    "uri": ("uri", "url"),
    "media_type": ("mimeType", "mediaType"),
    "name": ("name", "filename"),
}


def _file_fields(version: str, wire: Dict[str, Any]) -> Dict[str, Any]:
    column = 0 if version == V03 else 1
    return {ours: wire.get(names[column]) for ours, names in _FILE_FIELDS.items()}


def _read_part(version: str, raw: object, where: str) -> Part:
    if not isinstance(raw, dict):
        raise invalid_params(f"{where} must be an object")
    metadata = raw.get("metadata") if isinstance(raw.get("metadata"), dict) else None
    if version == V03:
        kind = raw.get("kind")
        if kind == "text" and isinstance(raw.get("text"), str):
            return Part("text", raw["text"], metadata)
        if kind == "data" and "data" in raw:
            return Part("data", raw["data"], metadata)
        if kind == "file" and isinstance(raw.get("file"), dict):
            return Part("file", _file_fields(V03, raw["file"]), metadata)
        raise invalid_params(
            f'{where} must be {{"kind": "text", "text": …}}, {{"kind": "data", "data": …}} or a file part'
        )
    present = [key for key in ("text", "data", "raw", "url") if key in raw]
    if len(present) != 1:
        raise invalid_params(
            f"{where} must hold exactly one of text, data, raw or url (got {', '.join(present) or 'none'})"
        )
    if present[0] == "text":
        if not isinstance(raw["text"], str):
            raise invalid_params(f"{where}.text must be a string")
        return Part("text", raw["text"], metadata)
    if present[0] == "data":
        return Part("data", raw["data"], metadata)
    return Part("file", _file_fields(V10, raw), metadata)


def read_message(version: str, params: object) -> Message:
    """The message of a send request's params."""
    if not isinstance(params, dict):
        raise invalid_params("params must be an object holding 'message'")
    raw = params.get("message")
    if not isinstance(raw, dict):
        raise invalid_params("params.message is required and must be an object")
    message_id = raw.get("messageId")
    if not isinstance(message_id, str) or message_id == "":
        raise invalid_params("params.message.messageId must be a non-empty string")
    role = raw.get("role")
    if role not in (("user",) if version == V03 else ("ROLE_USER",)):
        expected = "user" if version == V03 else "ROLE_USER"
        raise invalid_params(f"params.message.role must be {expected!r}, got {role!r}")
    parts = raw.get("parts")
    if not isinstance(parts, list) or not parts:
        raise invalid_params("params.message.parts must be a non-empty array")
    for key in ("contextId", "taskId"):
        if raw.get(key) is not None and not isinstance(raw.get(key), str):
            raise invalid_params(f"params.message.{key} must be a string")
    return Message(
        role="user",
        parts=[
            _read_part(version, part, f"params.message.parts[{index}]") for index, part in enumerate(parts)
        ],
        message_id=message_id,
        context_id=raw.get("contextId") or None,
        task_id=raw.get("taskId") or None,
    )


def payload_of(message: Message) -> Optional[Dict[str, Any]]:
    """The first DataPart holding an object, else the first TextPart whose text is a JSON object."""
    for part in message.parts:
        if part.kind == "data" and isinstance(part.value, dict):
            return part.value
    for part in message.parts:
        if part.kind == "text":
            try:
                value = json.loads(part.value)
            except ValueError:
                continue
            if isinstance(value, dict):
                return value
    return None


def _write_part(version: str, part: Part) -> Dict[str, Any]:
    if part.kind == "file":
        column = 0 if version == V03 else 1
        fields = {
            names[column]: part.value[ours]
            for ours, names in _FILE_FIELDS.items()
            if part.value[ours] is not None
        }
        body = {"kind": "file", "file": fields} if version == V03 else fields
    elif version == V03:
        body = {"kind": part.kind, part.kind: part.value}
    else:
        body = {part.kind: part.value}
    if part.metadata:
        body["metadata"] = part.metadata
    return body


def write_message(version: str, message: Message) -> Dict[str, Any]:
    body: Dict[str, Any] = {
        "messageId": message.message_id,
        "role": message.role if version == V03 else _V10_ROLE[message.role],
        "parts": [_write_part(version, part) for part in message.parts],
    }
    if message.context_id:
        body["contextId"] = message.context_id
    if message.task_id:
        body["taskId"] = message.task_id
    if version == V03:
        body["kind"] = "message"
    return body


# ---- tasks --------------------------------------------------------------------------------------


@dataclass
class Task:
    id: str
    context_id: str
    history: List[Message]
    state: str = "working"
    status_message: Optional[Message] = None
    artifacts: List[Tuple[str, str, List[Part]]] = field(default_factory=list)  # (id, name, parts)
    timestamp: str = ""

    def finish(self, state: str, parts: List[Part], result: bool = False) -> None:
        """Ends the task in ``state`` with ``parts`` as its status message (and a Result artifact)."""
        self.state = state
        self.status_message = Message("agent", parts, context_id=self.context_id, task_id=self.id)
        self.history.append(self.status_message)
        if result:
            self.artifacts.append((str(uuid.uuid4()), "Result", parts))
        self.timestamp = datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def write_task(version: str, task: Task, history_length: Optional[int] = None) -> Dict[str, Any]:
    history = task.history if history_length is None else task.history[len(task.history) - history_length :]
    if history_length == 0:
        history = []
    status: Dict[str, Any] = {
        "state": task.state if version == V03 else _V10_STATE[task.state],
        "timestamp": task.timestamp,
    }
    if task.status_message is not None:
        status["message"] = write_message(version, task.status_message)
    body: Dict[str, Any] = {
        "id": task.id,
        "contextId": task.context_id,
        "status": status,
        "artifacts": [
            {"artifactId": artifact_id, "name": name, "parts": [_write_part(version, p) for p in parts]}
            for artifact_id, name, parts in task.artifacts
        ],
        "history": [write_message(version, message) for message in history],
    }
    if version == V03:
        body["kind"] = "task"
    return body
