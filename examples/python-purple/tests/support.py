"""Helpers for the tests: a purple server on a free port, and raw JSON-RPC calls to it."""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
import urllib.error
import urllib.request
from typing import Any, Dict, Optional, Tuple

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from ues_purple.server import PurpleServer, send_json  # noqa: E402

logging.getLogger("purple").setLevel(logging.CRITICAL)  # the tests check what the log would say

START = {
    "message_type": "assessment_start",
    "ues_url": "http://127.0.0.1:9/ues/ctx",
    "api_key": "key-1",
    "assessment_instructions": "ignored",
    "current_time": "2026-01-28T06:00:00Z",
    "initial_state_summary": {"message_type": "initial_state_summary"},
}
TURN = {
    "message_type": "turn_start",
    "turn_number": 1,
    "current_time": "2026-01-28T06:00:00Z",
    "events_processed": 0,
}


class RunningPurple:
    """A PurpleServer in a background thread; use as a context manager."""

    def __init__(self, decide_turn, card_protocol: str = "1.0", card_url: Optional[str] = None):
        self.server = PurpleServer(("127.0.0.1", 0), decide_turn, card_url, card_protocol)
        self.url = self.server.url
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)

    def __enter__(self) -> "RunningPurple":
        self.thread.start()
        return self

    def __exit__(self, *_: Any) -> None:
        self.server.shutdown()
        self.server.server_close()

    def post(
        self,
        body: Any,
        version: Optional[str] = None,
        raw: Optional[bytes] = None,
        headers: Optional[Dict[str, str]] = None,
        path: str = "/",
    ) -> Tuple[int, Dict[str, Any]]:
        data = raw if raw is not None else json.dumps(body).encode("utf-8")
        request = urllib.request.Request(
            self.url.rstrip("/") + path,
            data=data,
            method="POST",
            headers={"Content-Type": "application/json", **(headers or {})},
        )
        if version is not None:
            request.add_header("A2A-Version", version)
        return _open(request)

    def get(self, path: str, version: Optional[str] = None) -> Tuple[int, Dict[str, Any]]:
        request = urllib.request.Request(self.url.rstrip("/") + path)
        if version is not None:
            request.add_header("A2A-Version", version)
        return _open(request)

    def send(self, payload: Any, version: str = "0.3", context_id: Optional[str] = None) -> Dict[str, Any]:
        """Sends a payload the way the green does (DataPart + TextPart); the JSON-RPC answer."""
        if version == "0.3":
            parts = [{"kind": "data", "data": payload}, {"kind": "text", "text": json.dumps(payload)}]
            message = {"kind": "message", "messageId": "m", "role": "user", "parts": parts}
            method, header = "message/send", None
        else:
            parts = [{"data": payload}, {"text": json.dumps(payload)}]
            message = {"messageId": "m", "role": "ROLE_USER", "parts": parts}
            method, header = "SendMessage", "1.0"
        if context_id is not None:
            message["contextId"] = context_id
        _, answer = self.post(
            {"jsonrpc": "2.0", "id": 1, "method": method, "params": {"message": message}}, header
        )
        return answer


def _open(request: urllib.request.Request) -> Tuple[int, Dict[str, Any]]:
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def rpc_error(answer: Dict[str, Any]) -> Tuple[int, str]:
    return answer["error"]["code"], answer["error"]["message"]


class StubUes:
    """A stand-in UES on a free port: answers from ``routes`` and records every request.

    ``routes`` maps ``"POST /email/query"`` to a function of (body, query) returning
    (status, JSON answer); unknown routes answer 404.
    """

    def __init__(self, routes: Dict[str, Any], prefix: str = "/ues/ctx"):
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        from urllib.parse import parse_qs, urlparse

        stub = self
        self.requests: list = []
        self.routes = routes

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_: Any) -> None:
                pass

            def _answer(self, method: str) -> None:
                url = urlparse(self.path)
                length = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(length)) if length else None
                path = url.path[len(prefix) :] if url.path.startswith(prefix) else url.path
                query = {key: values[0] for key, values in parse_qs(url.query).items()}
                stub.requests.append((f"{method} {path}", body, query, self.headers.get("X-API-Key")))
                route = stub.routes.get(f"{method} {path}")
                status, answer = route(body, query) if route else (404, {"detail": f"no route {path}"})
                send_json(self, status, answer)

            def do_GET(self) -> None:
                self._answer("GET")

            def do_POST(self) -> None:
                self._answer("POST")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}{prefix}"
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def routes_called(self) -> list:
        return [route for route, *_ in self.requests]


def executed(*_: Any) -> Tuple[int, Dict[str, Any]]:
    return 200, {"status": "executed", "message": "ok"}
