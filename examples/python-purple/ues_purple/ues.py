"""A small client for the UES REST API (docs/UES.md; the purple's routes: docs/PURPLE_AGENT_GUIDE.md §3).

Every request sends the assessment's key as ``X-API-Key``. Reads return plain dicts and lists as
UES sends them (lists oldest first, every page fetched); actions return UES's response and raise
``UesActionFailed`` when UES accepted the request but the change did not apply. HTTP problems raise
``UesError`` naming the route, the status and UES's explanation (a 403 names the permission).
Anything this client has no method for is one ``ues.get(...)`` or ``ues.post(...)`` away.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

from .protocol import parse_date_time

USER_ASSISTANT = "user-assistant"  # the chat conversation between the user and the assistant
PAGE_LIMIT = 1000  # the most items one UES query returns


class UesError(Exception):
    """A UES request failed: ``route`` (e.g. ``POST /email/send``), ``status`` (None: no answer)."""

    def __init__(self, route: str, status: Optional[int], reason: str, body: Any = None):
        where = f"HTTP {status}" if status is not None else "no answer"
        super().__init__(f"{route} failed with {where}: {reason}")
        self.route = route
        self.status = status
        self.reason = reason
        self.body = body


class UesActionFailed(UesError):
    """UES answered, but the action's event did not apply (``status`` in the body is not executed)."""


def _reason(body: Any, text: str) -> str:
    """UES's explanation from an error body: ``detail`` as text, or field errors joined."""
    detail = body.get("detail") if isinstance(body, dict) else None
    if isinstance(detail, str):
        return detail
    if isinstance(detail, list):
        parts = []
        for item in detail:
            if isinstance(item, dict):
                where = ".".join(str(part) for part in item.get("loc", []))
                parts.append(f"{where}: {item.get('msg', item)}" if where else str(item.get("msg", item)))
        if parts:
            return "; ".join(parts)
    return text.strip()[:500] or "no explanation in the response"


class Ues:
    """The user's simulated world, through the assessment's key."""

    def __init__(self, base_url: str, api_key: str, timeout: float = 60.0):
        # ues_url may carry a path (the green's proxy: http://green:9009/ues/<context>): keep it.
        self.base_url = base_url.rstrip("/")
        self.api_key = api_key
        self.timeout = timeout
        self._user_email: Optional[str] = None
        self._user_phone: Optional[str] = None

    # ---- raw access ---------------------------------------------------------------------------

    def request(
        self, method: str, path: str, body: Any = None, query: Optional[Dict[str, Any]] = None
    ) -> Any:
        """One request; the parsed JSON answer. Raises UesError on any failure."""
        route = f"{method} {path}"
        url = self.base_url + path
        if query:
            url += "?" + urllib.parse.urlencode({k: _query_value(v) for k, v in query.items()})
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"X-API-Key": self.api_key, "Accept": "application/json"}
        if data is not None:
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(url, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                text = response.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            text = error.read().decode("utf-8", "replace")
            try:
                parsed: Any = json.loads(text)
            except ValueError:
                parsed = text
            raise UesError(route, error.code, _reason(parsed, text), parsed) from None
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise UesError(route, None, f"could not reach {self.base_url}: {reason}") from None
        try:
            return json.loads(text) if text else {}
        except ValueError:
            raise UesError(route, 200, f"the answer is not JSON: {text[:200]!r}") from None

    def get(self, path: str, **query: Any) -> Any:
        return self.request("GET", path, query=query or None)

    def post(self, path: str, body: Optional[Dict[str, Any]] = None) -> Any:
        return self.request("POST", path, body={} if body is None else body)

    def act(self, path: str, body: Dict[str, Any]) -> Dict[str, Any]:
        """An action (one simulator event): the response, or UesActionFailed if it did not apply."""
        response = self.post(path, body)
        status = response.get("status") if isinstance(response, dict) else None
        if status != "executed":
            message = response.get("message") if isinstance(response, dict) else None
            raise UesActionFailed(
                f"POST {path}", 200, f"the action was {status!r}: {message or 'no reason given'}", response
            )
        return response

    def query_all(self, path: str, items_key: str, filters: Dict[str, Any]) -> List[Dict[str, Any]]:
        """Every item of a paginated ``/<modality>/query``."""
        items: List[Dict[str, Any]] = []
        while True:
            page = self.post(path, {**filters, "offset": len(items), "limit": PAGE_LIMIT})
            batch = page.get(items_key, [])
            items.extend(batch)
            if not batch or len(items) >= page.get("total_count", 0):
                return items

    # ---- time ---------------------------------------------------------------------------------

    def current_time(self) -> datetime:
        return parse_date_time(self.get("/simulator/time")["current_time"], "current_time")

    # ---- chat ---------------------------------------------------------------------------------

    def chat_messages(self, conversation_id: str = USER_ASSISTANT) -> List[Dict[str, Any]]:
        """Every message of the conversation, oldest first."""
        return self.query_all(
            "/chat/query",
            "messages",
            {"conversation_id": conversation_id, "sort_by": "timestamp", "sort_order": "asc"},
        )

    def user_messages(self) -> List[Dict[str, Any]]:
        """The user's messages to the assistant (the task is among them), oldest first."""
        return [message for message in self.chat_messages() if message.get("role") == "user"]

    def send_chat(self, content: str) -> Dict[str, Any]:
        """Posts to the user as the assistant: the only output the user sees."""
        return self.act(
            "/chat/send", {"role": "assistant", "content": content, "conversation_id": USER_ASSISTANT}
        )

    # ---- email --------------------------------------------------------------------------------

    def user_email_address(self) -> str:
        if self._user_email is None:
            self._user_email = self.get("/email/state", summary="true")["user_email_address"]
        return self._user_email

    def query_emails(self, **filters: Any) -> List[Dict[str, Any]]:
        """Emails matching UES's filters (folder, is_read, from_address, thread_id, …), oldest first."""
        return self.query_all("/email/query", "emails", {"sort_by": "date", "sort_order": "asc", **filters})

    def unread_emails(self, folder: str = "inbox") -> List[Dict[str, Any]]:
        return self.query_emails(folder=folder, is_read=False)

    def send_email(
        self, to: Union[str, Sequence[str]], subject: str, body: str, cc: Iterable[str] = ()
    ) -> Dict[str, Any]:
        return self.act(
            "/email/send",
            {
                "from_address": self.user_email_address(),
                "to_addresses": _as_list(to),
                "cc_addresses": list(cc),
                "subject": subject,
                "body_text": body,
            },
        )

    def reply_to_email(self, email: Dict[str, Any], body: str) -> Dict[str, Any]:
        """Replies to the sender in the email's thread."""
        subject = email.get("subject", "")
        return self.act(
            "/email/send",
            {
                "from_address": self.user_email_address(),
                "to_addresses": [email.get("reply_to_address") or email["from_address"]],
                "subject": subject if subject.lower().startswith("re:") else f"Re: {subject}",
                "body_text": body,
                "thread_id": email["thread_id"],
                "in_reply_to": email["message_id"],
                "references": [*email.get("references", []), email["message_id"]],
            },
        )

    def mark_emails_read(self, ids: Sequence[str]) -> Dict[str, Any]:
        return self.act("/email/read", {"message_ids": list(ids)})

    def archive_emails(self, ids: Sequence[str]) -> Dict[str, Any]:
        return self.act("/email/archive", {"message_ids": list(ids)})

    def label_emails(self, ids: Sequence[str], labels: Sequence[str]) -> Dict[str, Any]:
        return self.act("/email/label", {"message_ids": list(ids), "labels": list(labels)})

    # ---- sms ----------------------------------------------------------------------------------

    def user_phone_number(self) -> str:
        if self._user_phone is None:
            self._user_phone = self.get("/sms/state", compact="true")["user_phone_number"]
        return self._user_phone

    def query_sms(self, **filters: Any) -> List[Dict[str, Any]]:
        return self.query_all(
            "/sms/query", "messages", {"sort_by": "sent_at", "sort_order": "asc", **filters}
        )

    def unread_sms(self) -> List[Dict[str, Any]]:
        """Incoming texts not yet read, oldest first."""
        return self.query_sms(direction="incoming", is_read=False, is_deleted=False)

    def send_sms(self, to: Union[str, Sequence[str]], body: str) -> Dict[str, Any]:
        return self.act(
            "/sms/send", {"from_number": self.user_phone_number(), "to_numbers": _as_list(to), "body": body}
        )

    def mark_sms_read(self, ids: Sequence[str]) -> Dict[str, Any]:
        return self.act("/sms/read", {"message_ids": list(ids)})

    # ---- calendar and contacts ----------------------------------------------------------------

    def query_calendar(self, **filters: Any) -> List[Dict[str, Any]]:
        """Events matching the filters, e.g. ``start=…, end=…, expand_recurring=True``."""
        return self.query_all("/calendar/query", "events", filters)

    def create_event(self, **fields: Any) -> Dict[str, Any]:
        """``title``, ``start``, ``end`` (ISO date-times), ``attendees``, … (docs/UES.md).

        The answer's ``calendar_event_id`` is the new event's id, for updates, deletes and RSVPs
        (its ``event_id`` is the simulator event that created it)."""
        return self.act("/calendar/create", fields)

    def respond_to_event(self, event_id: str, response: str, comment: Optional[str] = None) -> Dict[str, Any]:
        """The user's RSVP: ``accepted``, ``declined`` or ``tentative``."""
        body = {"event_id": event_id, "attendee_email": self.user_email_address(), "response": response}
        if comment is not None:
            body["comment"] = comment
        return self.act("/calendar/respond", body)

    def query_contacts(self, **filters: Any) -> List[Dict[str, Any]]:
        """Contacts matching the filters, e.g. ``search_text="karen"``."""
        return self.query_all("/contacts/query", "contacts", filters)


def chat_text(message: Dict[str, Any]) -> str:
    """A chat message's text: its content string, or the text of its content blocks."""
    content = message.get("content", "")
    if isinstance(content, str):
        return content
    return "\n".join(
        block["text"] for block in content if isinstance(block, dict) and isinstance(block.get("text"), str)
    )


def _as_list(value: Union[str, Sequence[str]]) -> List[str]:
    return [value] if isinstance(value, str) else list(value)


def _query_value(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)
