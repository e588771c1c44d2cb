"""Asking the runner of an online session over the bus: a retried request acts once, and a refusal
comes back as the runner worded it."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from redouble.server.errors import ServerError
from redouble.server.messages import refusal
from redouble.server.onlineremote import OnlineAnswer, OnlineAsk, OnlineRemote


class Runner:
    """The runner's ``Online.act``, counting what it carries out."""

    def __init__(self) -> None:
        self.done: list[str] = []

    async def act(self, session_id: str, action: str, token: str | None, body: str, *, local: bool) -> tuple[str, str]:
        assert local  # the runner's part is never passed on again
        self.done.append(action)
        if action == "decide":
            raise refusal("bad_request", "err_online_not_playing", table=2, round=1)
        return '{"round":1}', "director"


class Redis:
    def __init__(self) -> None:
        self.published: list[tuple[str, str]] = []

    async def publish(self, channel: str, text: str) -> None:
        self.published.append((channel, text))


def _remote() -> tuple[OnlineRemote, Runner, Redis]:
    runner, redis = Runner(), Redis()
    cluster: Any = SimpleNamespace(node="runner", bus=SimpleNamespace(prefix="p", node="runner", redis=redis))
    return OnlineRemote(runner, cluster), runner, redis  # type: ignore[arg-type]


def test_a_retried_command_acts_once_and_gets_the_first_answer() -> None:
    remote, runner, redis = _remote()
    ask = OnlineAsk(rid="r1", node="asker", session="s", action="start", token="t")

    async def twice() -> None:
        await asyncio.gather(remote._serve(ask), remote._serve(ask))  # the retry while the first runs
        await remote._serve(ask)  # and after

    asyncio.run(twice())
    assert runner.done == ["start"]
    assert [channel for channel, _ in redis.published] == ["p:online:answer:asker"] * 3
    answers = {OnlineAnswer.model_validate_json(text) for _, text in redis.published}
    assert answers == {OnlineAnswer(rid="r1", view='{"round":1}', viewer="director")}


def test_a_refusal_comes_back_keyed_as_the_runner_worded_it() -> None:
    remote, _runner, redis = _remote()
    asyncio.run(remote._serve(OnlineAsk(rid="r2", node="asker", session="s", action="decide", token="t",
                                        body='{"table": 2, "decision": "average", "reason": "x"}')))
    answer = OnlineAnswer.model_validate_json(redis.published[0][1])
    assert answer.error is not None
    with pytest.raises(ServerError) as raised:
        raise answer.error.error()
    expected = refusal("bad_request", "err_online_not_playing", table=2, round=1)
    assert raised.value.to_json() == expected.to_json()
    assert raised.value.to_json()["key"] == "err_online_not_playing"
