"""A2A over JSON-RPC 2.0, both versions the green speaks (docs/PROTOCOL.md §2).

A request without an ``A2A-Version`` header (or with ``0.3``) speaks v0.3: ``message/send``,
``tasks/get``, ``tasks/cancel``; one with ``A2A-Version: 1.0`` speaks v1.0: ``SendMessage``,
``GetTask``, ``CancelTask`` (and a send answers ``{"task": {…}}``). Every task here ends within
its blocking call (this agent does not stream), so a task is terminal once anyone can name it.
Anything malformed gets a JSON-RPC error whose message names the problem.
"""

from __future__ import annotations

import threading
import uuid
from collections import OrderedDict
from typing import Any, Callable, Dict, List, Optional, Tuple

from .jsonrpc import (
    EXTENDED_CARD_NOT_CONFIGURED,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    PUSH_NOT_SUPPORTED,
    TASK_NOT_CANCELABLE,
    TASK_NOT_FOUND,
    UNSUPPORTED_OPERATION,
    VERSION_NOT_SUPPORTED,
    RpcError,
)
from .wire import V03, V10, Part, Task, invalid_params, payload_of, read_message, write_task

# Method name → operation, per version.
METHODS: Dict[str, Dict[str, str]] = {
    V03: {
        "message/send": "send",
        "message/stream": "stream",
        "tasks/get": "get",
        "tasks/cancel": "cancel",
        "tasks/resubscribe": "stream",
        "tasks/pushNotificationConfig/set": "push",
        "tasks/pushNotificationConfig/get": "push",
        "tasks/pushNotificationConfig/list": "push",
        "tasks/pushNotificationConfig/delete": "push",
        "agent/getAuthenticatedExtendedCard": "extended_card",
    },
    V10: {
        "SendMessage": "send",
        "SendStreamingMessage": "stream",
        "GetTask": "get",
        "CancelTask": "cancel",
        "SubscribeToTask": "stream",
        "ListTasks": "list",
        "CreateTaskPushNotificationConfig": "push",
        "GetTaskPushNotificationConfig": "push",
        "ListTaskPushNotificationConfigs": "push",
        "DeleteTaskPushNotificationConfig": "push",
        "GetExtendedAgentCard": "extended_card",
    },
}


def protocol_version(header: Optional[str]) -> str:
    """The A2A version a request speaks, from its ``A2A-Version`` header (none means 0.3)."""
    value = (header or "").strip()
    if value in ("", "0.3", "0.3.0"):
        return V03
    if value in ("1", "1.0", "1.0.0"):
        return V10
    raise RpcError(
        VERSION_NOT_SUPPORTED,
        f"A2A-Version {value!r} is not supported; this agent speaks 0.3 (no header) and 1.0",
    )


def operation(version: str, method: object) -> str:
    """The operation a method names in this version; a clear error otherwise."""
    if not isinstance(method, str) or method == "":
        raise RpcError(INVALID_REQUEST, "Invalid request: 'method' must be a non-empty string")
    if method in METHODS[version]:
        return METHODS[version][method]
    if method in METHODS[V10]:
        raise RpcError(
            METHOD_NOT_FOUND, f"method {method!r} is A2A 1.0: send it with the header A2A-Version: 1.0"
        )
    if method in METHODS[V03]:
        raise RpcError(
            METHOD_NOT_FOUND,
            f"method {method!r} is A2A 0.3: send it without an A2A-Version header (or with A2A-Version: 0.3)",
        )
    known = ", ".join(name for name, op in METHODS[version].items() if op in ("send", "get", "cancel"))
    raise RpcError(
        METHOD_NOT_FOUND, f"Method not found: {method!r}; this agent answers {known} (A2A {version})"
    )


class TaskStore:
    """The most recent tasks, for tasks/get and tasks/cancel (older ones are forgotten)."""

    def __init__(self, limit: int = 1000):
        self._tasks: "OrderedDict[str, Task]" = OrderedDict()
        self._lock = threading.Lock()
        self._limit = limit

    def add(self, task: Task) -> None:
        with self._lock:
            self._tasks[task.id] = task
            while len(self._tasks) > self._limit:
                self._tasks.popitem(last=False)

    def get(self, task_id: object) -> Task:
        if not isinstance(task_id, str) or task_id == "":
            raise invalid_params("params.id must be a non-empty string (the task id)")
        with self._lock:
            task = self._tasks.get(task_id)
        if task is None:
            raise RpcError(TASK_NOT_FOUND, f"Task not found: {task_id!r}")
        return task


# The purple's answer to one message: (state, parts, whether the parts are the task's result).
Handler = Callable[[str, Optional[Dict[str, Any]]], Tuple[str, List[Part], bool]]


def _history_length(params: Dict[str, Any]) -> Optional[int]:
    value = params.get("historyLength")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise invalid_params(f"params.historyLength must be an integer >= 0, got {value!r}")
    return value


def dispatch(version: str, request: object, store: TaskStore, handle: Handler) -> Dict[str, Any]:
    """The JSON-RPC result of one request (raises RpcError for an error answer)."""
    if not isinstance(request, dict):
        raise RpcError(
            INVALID_REQUEST,
            "Invalid request: expected one JSON-RPC request object (batches are not supported)",
        )
    if request.get("jsonrpc") != "2.0":
        raise RpcError(
            INVALID_REQUEST, f"Invalid request: 'jsonrpc' must be \"2.0\", got {request.get('jsonrpc')!r}"
        )
    op = operation(version, request.get("method"))
    params = request.get("params", {})
    if op == "send":
        message = read_message(version, params)
        if message.task_id is not None:
            task = store.get(message.task_id)
            raise RpcError(
                UNSUPPORTED_OPERATION,
                f"task {task.id!r} is {task.state}; a finished task takes no more messages (send without taskId)",
            )
        context_id = message.context_id or str(uuid.uuid4())
        task = Task(str(uuid.uuid4()), context_id, [message])
        message.context_id, message.task_id = context_id, task.id
        store.add(task)
        state, parts, result = handle(context_id, payload_of(message))
        task.finish(state, parts, result)
        return write_task(version, task) if version == V03 else {"task": write_task(version, task)}
    if not isinstance(params, dict):
        raise invalid_params("params must be an object")
    if op == "get":
        return write_task(version, store.get(params.get("id")), _history_length(params))
    if op == "cancel":
        task = store.get(params.get("id"))
        raise RpcError(
            TASK_NOT_CANCELABLE,
            f"Task cannot be canceled: {task.id!r} is {task.state} (this agent finishes every task within its send)",
        )
    if op == "stream":
        raise RpcError(
            UNSUPPORTED_OPERATION,
            "streaming is not supported (the card says streaming: false); use a blocking send",
        )
    if op == "push":
        raise RpcError(PUSH_NOT_SUPPORTED, "push notifications are not supported")
    if op == "list":
        raise RpcError(UNSUPPORTED_OPERATION, "listing tasks is not supported; get a task by its id")
    raise RpcError(EXTENDED_CARD_NOT_CONFIGURED, "this agent has no extended card")
