"""The purple over HTTP: the card, both A2A versions, and a clear JSON-RPC error for bad input."""

from __future__ import annotations

import http.client
import json
import unittest

from support import START, TURN, RunningPurple, rpc_error

from ues_purple import turn_complete


def quiet_turn(turn, ues, memory):
    memory["turns"] = memory.get("turns", 0) + 1
    return turn_complete("PT30M", notes=f"turn {turn.number}, {memory['turns']} in this assessment")


class CardTest(unittest.TestCase):
    def test_v03_and_v10_cards(self) -> None:
        with RunningPurple(quiet_turn) as purple:
            status, legacy = purple.get("/.well-known/agent-card.json")
            self.assertEqual(status, 200)
            self.assertEqual(legacy["url"], purple.url)
            self.assertEqual(legacy["protocolVersion"], "0.3.0")
            self.assertEqual(legacy["preferredTransport"], "JSONRPC")
            self.assertFalse(legacy["capabilities"]["streaming"])
            self.assertTrue(legacy["skills"])
            _, current = purple.get("/.well-known/agent-card.json", "1.0")
            self.assertNotIn("url", current)
            self.assertEqual(
                [(i["protocolVersion"], i["url"]) for i in current["supportedInterfaces"]],
                [("1.0", purple.url), ("0.3", purple.url)],
            )
            self.assertEqual(purple.get("/.well-known/agent.json")[1], legacy)
            status, body = purple.get("/.well-known/agent-card.json", "2.0")
            self.assertEqual(status, 400)
            self.assertIn("A2A-Version '2.0' is not supported", body["error"])
            status, body = purple.get("/elsewhere")
            self.assertEqual(status, 404)
            self.assertIn("the agent card is at /.well-known/agent-card.json", body["error"])

    def test_a_v03_only_card_never_lists_v10(self) -> None:
        with RunningPurple(quiet_turn, card_protocol="0.3", card_url="http://purple.example:9009/") as purple:
            _, card = purple.get("/.well-known/agent-card.json", "1.0")
            self.assertEqual(card["url"], "http://purple.example:9009/")
            self.assertNotIn("supportedInterfaces", card)


class ExchangeTest(unittest.TestCase):
    def test_an_assessment_over_v03(self) -> None:
        with RunningPurple(quiet_turn) as purple:
            started = purple.send(START)["result"]
            self.assertEqual(started["kind"], "task")
            self.assertEqual(started["status"]["state"], "completed")
            context = started["contextId"]
            turn = purple.send(TURN, context_id=context)["result"]
            self.assertEqual(turn["contextId"], context)
            self.assertEqual(turn["status"]["state"], "completed")
            reply = turn["artifacts"][0]
            self.assertEqual(reply["name"], "Result")
            self.assertEqual(
                reply["parts"][0],
                {
                    "kind": "data",
                    "data": {
                        "message_type": "turn_complete",
                        "time_step": "PT30M",
                        "notes": "turn 1, 1 in this assessment",
                    },
                },
            )
            self.assertEqual(turn["status"]["message"]["role"], "agent")
            self.assertEqual([m["role"] for m in turn["history"]], ["user", "agent"])
            again = purple.send({**TURN, "turn_number": 2}, context_id=context)["result"]
            self.assertEqual(
                again["artifacts"][0]["parts"][0]["data"]["notes"], "turn 2, 2 in this assessment"
            )

            _, got = purple.post(
                {
                    "jsonrpc": "2.0",
                    "id": "g",
                    "method": "tasks/get",
                    "params": {"id": turn["id"], "historyLength": 1},
                }
            )
            self.assertEqual(got["id"], "g")
            self.assertEqual(got["result"]["id"], turn["id"])
            self.assertEqual(len(got["result"]["history"]), 1)
            _, canceled = purple.post(
                {"jsonrpc": "2.0", "id": 3, "method": "tasks/cancel", "params": {"id": turn["id"]}}
            )
            self.assertEqual(rpc_error(canceled)[0], -32002)
            _, unknown = purple.post(
                {"jsonrpc": "2.0", "id": 4, "method": "tasks/get", "params": {"id": "nope"}}
            )
            self.assertEqual(rpc_error(unknown), (-32001, "Task not found: 'nope'"))
            done = purple.send(
                {"message_type": "assessment_complete", "reason": "scenario_complete"}, context_id=context
            )
            self.assertEqual(done["result"]["status"]["state"], "completed")
            # The session is gone: a turn in that context is out of order now.
            late = purple.send(TURN, context_id=context)["result"]
            self.assertEqual(late["status"]["state"], "rejected")

    def test_an_assessment_over_v10(self) -> None:
        with RunningPurple(quiet_turn) as purple:
            started = purple.send(START, version="1.0")["result"]["task"]
            self.assertNotIn("kind", started)
            self.assertEqual(started["status"]["state"], "TASK_STATE_COMPLETED")
            turn = purple.send(TURN, version="1.0", context_id=started["contextId"])["result"]["task"]
            self.assertEqual(turn["status"]["state"], "TASK_STATE_COMPLETED")
            self.assertEqual(turn["status"]["message"]["role"], "ROLE_AGENT")
            self.assertEqual(turn["artifacts"][0]["parts"][0]["data"]["time_step"], "PT30M")
            self.assertEqual(turn["history"][0]["parts"][0], {"data": TURN})
            _, got = purple.post(
                {"jsonrpc": "2.0", "id": 2, "method": "GetTask", "params": {"id": turn["id"]}}, "1.0"
            )
            self.assertEqual(got["result"]["status"]["state"], "TASK_STATE_COMPLETED")

    def test_a_task_reads_back_in_either_version_file_parts_included(self) -> None:
        with RunningPurple(quiet_turn) as purple:
            file = {"kind": "file", "file": {"uri": "https://x.example/a.pdf", "mimeType": "application/pdf"}}
            message = {
                "kind": "message",
                "messageId": "m",
                "role": "user",
                "parts": [file, {"kind": "data", "data": START}],
            }
            _, sent = purple.post(
                {"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {"message": message}}
            )
            task_id = sent["result"]["id"]
            _, got = purple.post(
                {"jsonrpc": "2.0", "id": 2, "method": "GetTask", "params": {"id": task_id}}, "1.0"
            )
            self.assertEqual(
                got["result"]["history"][0]["parts"],
                [{"url": "https://x.example/a.pdf", "mediaType": "application/pdf"}, {"data": START}],
            )
            self.assertEqual(got["result"]["status"]["state"], "TASK_STATE_COMPLETED")

    def test_a_text_part_holding_json_is_read_too(self) -> None:
        with RunningPurple(quiet_turn) as purple:
            _, answer = purple.post(
                {
                    "jsonrpc": "2.0",
                    "id": 1,
                    "method": "message/send",
                    "params": {
                        "message": {
                            "kind": "message",
                            "messageId": "m",
                            "role": "user",
                            "parts": [
                                {
                                    "kind": "text",
                                    "text": ' {"message_type": "assessment_start", "ues_url": "http://u/",'
                                    ' "api_key": "k", "current_time": "2026-01-28T06:00:00+01:00"} ',
                                }
                            ],
                        }
                    },
                }
            )
            self.assertEqual(answer["result"]["status"]["state"], "completed")


class GreenMessageTest(unittest.TestCase):
    def state_and_text(self, answer):
        status = answer["result"]["status"]
        return status["state"], status["message"]["parts"][0]["text"]

    def test_out_of_order_malformed_or_unknown_messages_are_rejected_with_the_reason(self) -> None:
        with RunningPurple(quiet_turn) as purple:
            self.assertEqual(
                self.state_and_text(purple.send(TURN, context_id="c1")),
                (
                    "rejected",
                    "rejected: turn_start in context 'c1': turn 1 arrived before assessment_start; the "
                    "green must send assessment_start (with the UES URL and key) first in this context",
                ),
            )
            cases = [
                ({"message_type": "hello"}, "unknown message_type 'hello'; expected one of assessment_start"),
                ([1, 2], "no AgentBeats message"),
                (
                    {**START, "ues_url": "ftp://x"},
                    "assessment_start.ues_url: 'ftp://x' is not an http(s) URL",
                ),
                ({**START, "api_key": ""}, "assessment_start.api_key: expected a non-empty string"),
                (
                    {**START, "current_time": "06:00"},
                    "assessment_start.current_time: '06:00' is not an ISO 8601",
                ),
            ]
            for payload, reason in cases:
                state, text = self.state_and_text(purple.send(payload))
                self.assertEqual(state, "rejected")
                self.assertIn(reason, text)
            context = purple.send(START)["result"]["contextId"]
            state, text = self.state_and_text(purple.send({**TURN, "turn_number": 0}, context_id=context))
            self.assertEqual(
                (state, text),
                (
                    "rejected",
                    "rejected: invalid message: turn_start.turn_number: " "expected an integer >= 1, got 0",
                ),
            )

    def test_a_turn_without_a_step_advances_by_the_check_in_step(self) -> None:
        def stepless(turn, ues, memory):
            return turn_complete(notes="nothing new")

        with RunningPurple(stepless) as purple:
            told = purple.send({**START, "suggested_time_step": "PT20M"})["result"]["contextId"]
            data = purple.send(TURN, context_id=told)["result"]["artifacts"][0]["parts"][0]["data"]
            self.assertEqual(
                data, {"message_type": "turn_complete", "time_step": "PT20M", "notes": "nothing new"}
            )
            # The turn_start's own step wins; a green that says nothing gets PT1H.
            turn = {**TURN, "suggested_time_step": "PT15M"}
            data = purple.send(turn, context_id=told)["result"]["artifacts"][0]["parts"][0]["data"]
            self.assertEqual(data["time_step"], "PT15M")
            untold = purple.send(START)["result"]["contextId"]
            data = purple.send(TURN, context_id=untold)["result"]["artifacts"][0]["parts"][0]["data"]
            self.assertEqual(data["time_step"], "PT1H")
            bad = purple.send({**START, "suggested_time_step": "soon"})["result"]
            self.assertEqual(bad["status"]["state"], "rejected")

    def test_a_failing_decide_turn_fails_only_that_turn(self) -> None:
        replies = iter(
            [
                lambda: {}["missing"],
                lambda: turn_complete("one hour"),
                lambda: None,
                lambda: turn_complete("PT1H"),
            ]
        )

        def flaky(turn, ues, memory):
            return next(replies)()

        with RunningPurple(flaky) as purple:
            context = purple.send(START)["result"]["contextId"]
            expected = [
                ("failed", "failed: turn 1: decide_turn raised KeyError: 'missing'"),
                ("failed", "failed: turn 1: turn_complete.time_step: 'one hour' is not an ISO 8601 duration"),
                (
                    "failed",
                    "failed: turn 1: decide_turn returned None; return turn_complete(...) or early_completion(...)",
                ),
            ]
            for state, text in expected:
                got_state, got_text = self.state_and_text(purple.send(TURN, context_id=context))
                self.assertEqual(got_state, state)
                self.assertTrue(got_text.startswith(text), got_text)
            self.assertEqual(purple.send(TURN, context_id=context)["result"]["status"]["state"], "completed")


class BadRequestTest(unittest.TestCase):
    def test_each_malformed_request_gets_a_json_rpc_error_naming_the_problem(self) -> None:
        send = {"jsonrpc": "2.0", "id": 7, "method": "message/send"}
        message = {
            "kind": "message",
            "messageId": "m",
            "role": "user",
            "parts": [{"kind": "text", "text": "hi"}],
        }
        with RunningPurple(quiet_turn) as purple:
            cases = [
                (dict(raw=b'{"jsonrpc": "2.0", "id": 1,'), -32700, "Parse error: the body is not valid JSON"),
                (dict(raw=b"\xff\xfe"), -32700, "Parse error"),
                (dict(body=[send]), -32600, "batches are not supported"),
                (dict(body={"id": 1, "method": "message/send"}), -32600, "'jsonrpc' must be \"2.0\""),
                (
                    dict(body={"jsonrpc": "2.0", "id": {"a": 1}, "method": "x"}),
                    -32600,
                    "'id' must be a string",
                ),
                (dict(body={"jsonrpc": "2.0", "id": 1}), -32600, "'method' must be a non-empty string"),
                (
                    dict(body={**send, "method": "tasks/list"}),
                    -32601,
                    "Method not found: 'tasks/list'; this agent "
                    "answers message/send, tasks/get, tasks/cancel",
                ),
                (
                    dict(body={**send, "method": "SendMessage"}),
                    -32601,
                    "is A2A 1.0: send it with the header A2A-Version: 1.0",
                ),
                (dict(body=send, version="1.0"), -32601, "is A2A 0.3: send it without an A2A-Version header"),
                (dict(body=send, version="9.9"), -32009, "A2A-Version '9.9' is not supported"),
                (dict(body={**send, "params": "m"}), -32602, "params must be an object holding 'message'"),
                (dict(body={**send, "params": {}}), -32602, "params.message is required"),
                (
                    dict(body={**send, "params": {"message": {**message, "messageId": ""}}}),
                    -32602,
                    "messageId",
                ),
                (
                    dict(body={**send, "params": {"message": {**message, "role": "agent"}}}),
                    -32602,
                    "params.message.role must be 'user', got 'agent'",
                ),
                (
                    dict(body={**send, "params": {"message": {**message, "parts": []}}}),
                    -32602,
                    "non-empty array",
                ),
                (
                    dict(body={**send, "params": {"message": {**message, "parts": [{"kind": "video"}]}}}),
                    -32602,
                    "params.message.parts[0] must be",
                ),
                (
                    dict(body={**send, "params": {"message": {**message, "taskId": "t-unknown"}}}),
                    -32001,
                    "Task not found",
                ),
                (
                    dict(body={**send, "method": "message/stream", "params": {"message": message}}),
                    -32004,
                    "streaming",
                ),
                (
                    dict(body={**send, "method": "tasks/pushNotificationConfig/set", "params": {}}),
                    -32003,
                    "push",
                ),
                (
                    dict(body={**send, "method": "tasks/get", "params": {"id": 5}}),
                    -32602,
                    "params.id must be",
                ),
                (
                    dict(body={**send, "method": "ListTasks", "params": {}}, version="1.0"),
                    -32004,
                    "listing tasks",
                ),
            ]
            for request, code, text in cases:
                status, answer = purple.post(request.get("body"), request.get("version"), request.get("raw"))
                self.assertEqual(status, 200)
                self.assertEqual(answer["jsonrpc"], "2.0")
                self.assertEqual(answer["error"]["code"], code, (request, answer))
                self.assertIn(text, answer["error"]["message"])

    def test_bodies_without_length_or_too_large_are_refused_before_reading(self) -> None:
        with RunningPurple(quiet_turn) as purple:
            host, port = purple.server.server_address[:2]
            connection = http.client.HTTPConnection(host, port, timeout=10)
            connection.putrequest("POST", "/")
            connection.putheader("Content-Length", str(64 * 1024 * 1024))
            connection.endheaders()
            response = connection.getresponse()
            self.assertEqual(response.status, 413)
            self.assertIn(b"exceeds the 20971520 byte limit", response.read())
            connection.close()
            connection = http.client.HTTPConnection(host, port, timeout=10)
            connection.putrequest("POST", "/")
            connection.endheaders()
            response = connection.getresponse()
            self.assertIn(b"a JSON-RPC body with a Content-Length is required", response.read())
            connection.close()
            # Chunked bodies are read too.
            connection = http.client.HTTPConnection(host, port, timeout=10)
            connection.request("POST", "/", body=iter([b'{"jsonrpc": "2.0", ', b'"id": 1, "method": "x"}']))
            self.assertIn(b"Method not found: 'x'", connection.getresponse().read())
            connection.close()
            connection = http.client.HTTPConnection(host, port, timeout=10)
            connection.request("PUT", "/", body=b"{}")
            response = connection.getresponse()
            self.assertEqual(
                (response.status, json.loads(response.read())["error"]),
                (405, "PUT is not served: GET the agent card, POST JSON-RPC to /"),
            )
            connection.close()
            # The server still answers afterwards.
            self.assertEqual(purple.send(START)["result"]["status"]["state"], "completed")


if __name__ == "__main__":
    unittest.main()
