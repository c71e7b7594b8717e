"""The HTTP side: the agent card at ``/.well-known/agent-card.json`` and JSON-RPC at ``POST /``.

Flags (each also read from ``AGENTBEATS_PURPLE_<FLAG>``, then ``AGENTBEATS_<FLAG>``, as the
TypeScript purples do): ``--host`` (127.0.0.1), ``--port`` (9019; 0 picks a free one),
``--card-url`` (default ``http://<host>:<port>/``, what AgentBeats passes), ``--card-protocol``
(1.0: the card lists both versions; 0.3: a v0.3-only card, as Python a2a-sdk 0.3 agents serve) and
``--log-level``. The server prints ``listening on <url>`` once it accepts requests.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional
from urllib.parse import urlparse

from .a2a import TaskStore, dispatch, protocol_version
from .assessment import Assessments, DecideTurn
from .jsonrpc import INTERNAL_ERROR, INVALID_REQUEST, PARSE_ERROR, RpcError
from .wire import V03

CARD_PATHS = ("/.well-known/agent-card.json", "/.well-known/agent.json")
MAX_BODY_BYTES = 20 * 1024 * 1024
AGENT_VERSION = "0.1.0"

log = logging.getLogger("purple")


def agent_card(url: str, card_protocol: str, requested: str) -> Dict[str, Any]:
    """The card in the shape the caller asked for (``A2A-Version: 1.0`` → v1.0, else v0.3)."""
    skill = {
        "id": "personal-assistant",
        "name": "Personal assistant",
        "description": "Reads the user's task from UES chat and works on their email, SMS, calendar and chat.",
        "tags": ["assistant", "ues", "agentbeats", "purple", "python"],
        "examples": [],
    }
    common = {
        "name": "UES purple agent: Python template",
        "description": "A standard-library Python purple for UES AgentBeats (examples/python-purple).",
        "version": AGENT_VERSION,
        "defaultInputModes": ["text"],
        "defaultOutputModes": ["text"],
    }
    interfaces = [
        {"url": url, "protocolBinding": "JSONRPC", "tenant": "", "protocolVersion": version}
        for version in ("1.0", "0.3")
    ]
    if card_protocol == "1.0" and requested == "1.0":
        return {
            **common,
            "supportedInterfaces": interfaces,
            "capabilities": {
                "streaming": False,
                "pushNotifications": False,
                "extensions": [],
                "extendedAgentCard": False,
            },
            "securitySchemes": {},
            "securityRequirements": [],
            "skills": [{**skill, "inputModes": [], "outputModes": [], "securityRequirements": []}],
            "signatures": [],
        }
    card = {
        **common,
        "url": url,
        "preferredTransport": "JSONRPC",
        "protocolVersion": "0.3.0",
        "capabilities": {"streaming": False, "pushNotifications": False},
        "supportsAuthenticatedExtendedCard": False,
        "skills": [skill],
    }
    if card_protocol == "1.0":
        # v0.3 readers ignore this; v1.0 readers that did not ask for 1.0 still find it.
        card["supportedInterfaces"] = interfaces
    return card


def send_json(handler: BaseHTTPRequestHandler, status: int, body: Any) -> None:
    """Answers the handler's request with ``body`` as JSON."""
    data = json.dumps(body).encode("utf-8")
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    handler.end_headers()
    handler.wfile.write(data)


def _rpc_error(request_id: Any, code: int, message: str) -> Dict[str, Any]:
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": message}}


class PurpleServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, decide_turn: DecideTurn, card_url: Optional[str], card_protocol: str):
        super().__init__(address, PurpleHandler)
        host, port = self.server_address[:2]
        shown = f"[{host}]" if ":" in host else host
        self.card_url = card_url or f"http://{shown}:{port}/"
        reachable = "127.0.0.1" if host in ("0.0.0.0", "") else ("::1" if host == "::" else shown)
        self.url = f"http://{reachable}:{port}/"
        self.card_protocol = card_protocol
        self.tasks = TaskStore()
        self.assessments = Assessments(decide_turn)
        # Behind a proxy the card URL may carry a path; requests may then arrive with it.
        base = urlparse(self.card_url).path.rstrip("/")
        self.rpc_paths = {"/", f"{base}/"}
        self.card_paths = {prefix + path for prefix in ("", base) for path in CARD_PATHS}


class PurpleHandler(BaseHTTPRequestHandler):
    server: PurpleServer
    protocol_version = "HTTP/1.1"
    # A client that stops sending mid-request (or idles on a kept-alive connection) frees its thread.
    timeout = 300

    def log_message(self, format: str, *args: Any) -> None:  # http.server's access log, at debug
        log.debug("%s %s", self.address_string(), format % args)

    def _send_json(self, status: int, body: Any) -> None:
        send_json(self, status, body)

    def do_GET(self) -> None:
        path = urlparse(self.path).path
        if path in self.server.card_paths:
            try:
                requested = protocol_version(self.headers.get("A2A-Version"))
            except RpcError as error:
                self._send_json(400, {"error": error.message})
                return
            self._send_json(200, agent_card(self.server.card_url, self.server.card_protocol, requested))
            return
        self._send_json(
            404, {"error": f"no route GET {path}: the agent card is at {CARD_PATHS[0]}, JSON-RPC at POST /"}
        )

    def _method_not_allowed(self) -> None:
        self.close_connection = True  # a body, if any, is not read
        send_json(
            self, 405, {"error": f"{self.command} is not served: GET the agent card, POST JSON-RPC to /"}
        )

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_HEAD = _method_not_allowed

    def _read_body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            return self._read_chunked()
        length = self.headers.get("Content-Length")
        if length is None or not length.isdigit():
            raise RpcError(
                INVALID_REQUEST, "Invalid request: a JSON-RPC body with a Content-Length is required"
            )
        if int(length) > MAX_BODY_BYTES:
            raise RpcError(
                INVALID_REQUEST,
                f"Invalid request: the body ({length} bytes) exceeds the {MAX_BODY_BYTES} byte limit",
                413,
            )
        return self.rfile.read(int(length))

    def _read_chunked(self) -> bytes:
        chunks: List[bytes] = []
        total = 0
        while True:
            size = int(self.rfile.readline().split(b";")[0].strip() or b"0", 16)
            if size == 0:
                self.rfile.readline()
                return b"".join(chunks)
            total += size
            if total > MAX_BODY_BYTES:
                raise RpcError(
                    INVALID_REQUEST, f"Invalid request: the body exceeds the {MAX_BODY_BYTES} byte limit", 413
                )
            chunks.append(self.rfile.read(size))
            self.rfile.readline()

    def do_POST(self) -> None:
        path = urlparse(self.path).path
        if path not in self.server.rpc_paths:
            self._send_json(404, {"error": f"no route POST {path}: JSON-RPC is served at POST /"})
            return
        request_id = None
        try:
            request = self._read_request()
            if isinstance(request, dict):
                request_id = request.get("id")
                if isinstance(request_id, bool) or not isinstance(request_id, (str, int, type(None))):
                    request_id = None
                    raise RpcError(
                        INVALID_REQUEST, "Invalid request: 'id' must be a string, a number or null"
                    )
            version = protocol_version(self.headers.get("A2A-Version"))
            log.info(
                "A2A %s %s",
                version,
                request.get("method") if isinstance(request, dict) else type(request).__name__,
            )
            result = dispatch(version, request, self.server.tasks, self.server.assessments.handle)
            self._send_json(200, {"jsonrpc": "2.0", "id": request_id, "result": result})
        except RpcError as error:
            log.info("JSON-RPC error %s: %s", error.code, error.message)
            if request_id is None:
                self.close_connection = True  # the body may be unread: do not parse it as a request
            self._send_json(error.http_status, _rpc_error(request_id, error.code, error.message))
        except Exception as error:  # never a crash, never a bare 500
            log.error("internal error:\n%s", traceback.format_exc())
            self._send_json(
                200,
                _rpc_error(request_id, INTERNAL_ERROR, f"Internal error: {type(error).__name__}: {error}"),
            )

    def _read_request(self) -> Any:
        try:
            body = self._read_body()
        except ValueError:
            raise RpcError(INVALID_REQUEST, "Invalid request: malformed chunked body") from None
        try:
            return json.loads(body.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as error:
            raise RpcError(PARSE_ERROR, f"Parse error: the body is not valid JSON ({error})") from None


def _setting(flags: argparse.Namespace, name: str, default: str) -> str:
    value = getattr(flags, name)
    if value is not None:
        return value
    env = name.upper()
    return os.environ.get(f"AGENTBEATS_PURPLE_{env}") or os.environ.get(f"AGENTBEATS_{env}") or default


def serve(decide_turn: DecideTurn, argv: Optional[List[str]] = None) -> None:
    """Serves decide_turn as an A2A purple until interrupted (Ctrl-C or SIGTERM)."""
    parser = argparse.ArgumentParser(description="A UES AgentBeats purple agent (A2A v0.3 and v1.0)")
    parser.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", help="port (default 9019; 0 picks a free one)")
    parser.add_argument("--card-url", help="URL advertised in the agent card (default http://<host>:<port>/)")
    parser.add_argument(
        "--card-protocol", choices=["1.0", "0.3"], help="newest A2A version the card lists (default 1.0)"
    )
    parser.add_argument("--log-level", choices=["debug", "info", "warning", "error"], help="default info")
    flags = parser.parse_args(argv)
    port_text = _setting(flags, "port", "9019")
    if not port_text.isdigit() or int(port_text) > 65535:
        parser.error(f"--port must be a number from 0 to 65535, got {port_text!r}")
    card_url = _setting(flags, "card_url", "") or None
    if card_url is not None and urlparse(card_url).scheme not in ("http", "https"):
        parser.error(f"--card-url must be an http(s) URL, got {card_url!r}")
    card_protocol = _setting(flags, "card_protocol", "1.0")
    if card_protocol not in ("1.0", V03):
        parser.error(f"--card-protocol must be 1.0 or 0.3, got {card_protocol!r}")
    level = _setting(flags, "log_level", "info").upper()
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        stream=sys.stderr,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    try:
        server = PurpleServer(
            (_setting(flags, "host", "127.0.0.1"), int(port_text)), decide_turn, card_url, card_protocol
        )
    except OSError as error:
        parser.exit(1, f"cannot listen on {_setting(flags, 'host', '127.0.0.1')}:{port_text}: {error}\n")
    print(f"listening on {server.url} (card {server.card_url}, A2A {card_protocol} card)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
