"""An online session seen from a cluster process that does not run it: its reads, the director's
commands and its websocket go to the runner over Redis, so any process answers as the runner does.

- ``…:online:ask:<node>`` (a channel per process): a request for the process running a session
  (the holder of its lease, ``online.lease_key``): a view for a token, a director's command with
  its typed body, or a player's page opened or closed elsewhere (who is here). A retried request
  keeps its id, and the runner answers it from the first try's result: a command acts once.
- ``…:online:answer:<node>``: the runner's answer, the view (JSON) or the refusal keyed as its own.
- ``…:online:frames`` (one channel): each time the runner sends its watchers their frames, it
  publishes the director's frame and every person's, built by ``onlinepresenter`` as for its own
  sockets; each process hands each of its sockets its own viewer's frame, nothing else.
- ``…:online:pages:<session>`` (a hash, a field per process): how many of each player's pages are
  open on that process; the runner adds up those of the live processes (who is here), whichever
  process runs the session.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections import OrderedDict
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, TypeAdapter

from redouble.server.errors import ServerError
from redouble.server.watching import Watcher

if TYPE_CHECKING:
    from redouble.server.cluster import Cluster
    from redouble.server.online import Online, OnlineSession, PlayerViewer

__all__ = ["Action", "OnlineAnswer", "OnlineAsk", "OnlineFrames", "OnlineRemote", "Refused", "viewer_key"]

log = logging.getLogger("redouble.server.online")

Action = Literal["view", "start", "pairs", "robot", "decide", "here", "gone"]
ASK_TIMEOUT = 3.0
"""Seconds a request waits for the runner's answer before it is sent again (same id)."""
PATIENCE = 15.0
"""Seconds a request may wait for the session to have a runner (a takeover takes ~5 s)."""
ANSWERS_KEPT = 1000
"""Answers the runner keeps by request id, for retries."""
PAGES_KEPT = 86_400
"""Seconds a session's count of open pages is kept in Redis after its last change."""
_PAGES: TypeAdapter[dict[str, int]] = TypeAdapter(dict[str, int])


class _Message(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class OnlineAsk(_Message):
    """A request for the process running an online session, from the process ``node``."""

    rid: str
    node: str
    session: str
    action: Action
    token: str | None = None
    #: the director's command's request (``PairChange``, ``RobotFill``, ``Decision``) as JSON
    body: str = ""


class Refused(_Message):
    """A refusal as the protocol sends it (``ServerError.to_json``): code, English message, catalogue key."""

    code: str
    message: str
    key: str | None = None
    fields: dict[str, str] = {}

    def error(self) -> ServerError:
        """The refusal, raised again where the request came in."""
        return ServerError(self.code, self.message, key=self.key, fields=tuple(self.fields.items()))


class OnlineAnswer(_Message):
    """The runner's answer: the view as JSON and whose it is, or its refusal."""

    rid: str
    view: str = ""
    viewer: str = ""
    error: Refused | None = None


class OnlineFrames(_Message):
    """The frames the runner just sent its watchers, by viewer (``viewer_key``)."""

    session: str
    frames: dict[str, str]


def viewer_key(viewer: PlayerViewer) -> str:
    """The name of a viewer in ``OnlineFrames``: ``director``, or the pair and player (``1NS 1``)."""
    return "director" if viewer.director else f"{viewer.pair} {viewer.player}"


class OnlineRemote:
    """This process's side of the online sessions it does not run: asking the runner, serving the
    requests of the others for the sessions it runs, and relaying the runner's frames to its sockets."""

    def __init__(self, online: Online, cluster: Cluster) -> None:
        self.online = online
        self.cluster = cluster
        bus = cluster.bus
        self.asks = f"{bus.prefix}:online:ask:"
        self.answers = f"{bus.prefix}:online:answer:{bus.node}"
        self.frames_channel = f"{bus.prefix}:online:frames"
        self.waiting: dict[str, asyncio.Future[OnlineAnswer]] = {}
        self.served: OrderedDict[str, asyncio.Task[OnlineAnswer]] = OrderedDict()
        #: frames to publish, in the order the runner made them
        self.outbox: asyncio.Queue[str] = asyncio.Queue()
        #: sockets here watching sessions run elsewhere, by session, each with its viewer's key
        self.watchers: dict[str, set[Watcher[str]]] = {}

    async def listen(self) -> None:
        """Hear requests for this process, answers to its own, and every runner's frames (Redis away for a
        moment: listen again), until the server closes."""
        while not self.cluster.hub.closing:
            try:
                await self._listen()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("online: listening on the bus failed; listening again")
                await asyncio.sleep(0.5)

    async def _listen(self) -> None:
        pubsub: Any = self.cluster.bus.redis.pubsub()
        await pubsub.subscribe(self.asks + self.cluster.node, self.answers, self.frames_channel)
        try:
            async for message in pubsub.listen():
                if message.get("type") != "message":
                    continue
                try:
                    self._heard(message["channel"], message["data"])
                except ValueError as error:  # a malformed message: said, and the others go on
                    log.error("an online message on %s could not be read: %s", message["channel"], error)
        finally:
            with contextlib.suppress(Exception):
                await pubsub.aclose()

    def _heard(self, channel: str, data: str) -> None:
        if channel == self.answers:
            answer = OnlineAnswer.model_validate_json(data)
            future = self.waiting.get(answer.rid)
            if future is not None and not future.done():
                future.set_result(answer)
        elif channel == self.frames_channel:
            self._relay(OnlineFrames.model_validate_json(data))
        else:
            ask = OnlineAsk.model_validate_json(data)
            self.cluster.hub.spawn(self._serve(ask))

    # -- the runner's side --

    async def _serve(self, ask: OnlineAsk) -> None:
        """Carry out a request as the session's runner (a retry gets the first try's answer)."""
        task = self.served.get(ask.rid)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._answer(ask))
            self.served[ask.rid] = task
            while len(self.served) > ANSWERS_KEPT:
                self.served.popitem(last=False)
        answer = await asyncio.shield(task)
        await self.cluster.bus.redis.publish(f"{self.cluster.bus.prefix}:online:answer:{ask.node}",
                                             answer.model_dump_json())

    async def _answer(self, ask: OnlineAsk) -> OnlineAnswer:
        try:
            view, viewer = await self.online.act(ask.session, ask.action, ask.token, ask.body, local=True)
        except ServerError as error:
            return OnlineAnswer(rid=ask.rid, error=Refused.model_validate(error.to_json()))
        except Exception:  # logged here; the asker says the server failed, nothing is stored as a fact
            log.exception("online session %s: a forwarded %s failed", ask.session, ask.action)
            return OnlineAnswer(rid=ask.rid, error=Refused(
                code="internal", message="the server running the session failed to answer"))
        return OnlineAnswer(rid=ask.rid, view=view, viewer=viewer)

    def publish(self, online: OnlineSession, *, director_only: bool) -> None:
        """Publish the frames of every viewer (or the director's only) for the other processes' sockets."""
        from redouble.server.online import PlayerViewer

        viewers = [PlayerViewer(director=True)]
        if not director_only:
            viewers += [PlayerViewer(pair=pair, player=player) for pair, setup in online.pairs.items()
                        for player in (1, 2) if setup.person(player)]
        frames = OnlineFrames(session=online.id, frames={
            viewer_key(viewer): self.online.frame(online, viewer) for viewer in viewers})
        self.outbox.put_nowait(frames.model_dump_json())

    async def send_frames(self) -> None:
        """Publish the frames in the order they were made (one at a time: a socket's last frame is the newest),
        until the server closes."""
        while not self.cluster.hub.closing:
            text = await self.outbox.get()
            try:
                await self.cluster.bus.redis.publish(self.frames_channel, text)
            except Exception as error:  # the next change sends every frame whole again
                log.error("online: could not publish frames: %r", error)

    # -- who is here --

    def _pages_key(self, session_id: str) -> str:
        return f"{self.cluster.bus.prefix}:online:pages:{session_id}"

    async def write_pages(self, session_id: str, counts: dict[str, int]) -> None:
        """This process's count of a session's players' pages open here (by ``viewer_key``), in the
        session's hash ``…:online:pages:<id>`` (a field per process; kept a day after the last change)."""
        key = self._pages_key(session_id)
        async with self.cluster.bus.redis.pipeline(transaction=True) as pipe:
            if counts:
                pipe.hset(key, self.cluster.node, json.dumps(counts, separators=(",", ":")))
            else:
                pipe.hdel(key, self.cluster.node)
            pipe.expire(key, PAGES_KEPT)
            await pipe.execute()

    async def read_pages(self, session_id: str) -> dict[str, dict[str, int]]:
        """Every process's count of a session's players' pages, by process (its own included)."""
        found = await self.cluster.bus.redis.hgetall(self._pages_key(session_id))
        counts: dict[str, dict[str, int]] = {}
        for node, text in found.items():
            try:
                counts[str(node)] = _PAGES.validate_json(text)
            except ValueError as error:  # a malformed count: said, and the others count
                log.error("process %s's page count for online session %s could not be read: %s",
                          node, session_id, error)
        return counts

    # -- the asker's side --

    async def ask(self, session_id: str, action: Action, token: str | None, body: str = "") -> tuple[str, str]:
        """Have the session's runner carry out a request: its view and viewer, or its refusal raised here."""
        from redouble.server.online import lease_key

        ask = OnlineAsk(rid=secrets.token_hex(8), node=self.cluster.node, session=session_id, action=action,
                        token=token, body=body)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + PATIENCE
        while True:
            runner = await asyncio.to_thread(self.cluster.leases.owner, lease_key(session_id))
            if runner is None and not await self.online.stored(session_id):
                from redouble.server.messages import refusal

                raise refusal("not_found", "err_no_online_session", session=session_id)
            if runner is not None:
                answer = await self._send(runner, ask)
                if answer is not None:
                    if answer.error is not None:
                        raise answer.error.error()
                    return answer.view, answer.viewer
            if loop.time() > deadline or self.cluster.closing:
                raise ServerError("unavailable", "the server running this online session does not answer; "
                                                 "try again")
            await asyncio.sleep(0.2)

    async def _send(self, runner: str, ask: OnlineAsk) -> OnlineAnswer | None:
        future: asyncio.Future[OnlineAnswer] = asyncio.get_running_loop().create_future()
        self.waiting[ask.rid] = future
        try:
            await self.cluster.bus.redis.publish(self.asks + runner, ask.model_dump_json())
            async with asyncio.timeout(ASK_TIMEOUT):  # not wait_for: it may lose a cancellation
                return await future
        except TimeoutError:
            log.warning("process %s did not answer for online session %s in %.0f s: asking again",
                        runner, ask.session, ASK_TIMEOUT)
            return None
        finally:
            self.waiting.pop(ask.rid, None)

    def _relay(self, frames: OnlineFrames) -> None:
        """Hand each socket here watching the session its own viewer's frame."""
        for watcher in list(self.watchers.get(frames.session, ())):
            frame = frames.frames.get(watcher.viewer)
            if frame is not None:
                watcher.queue.put_nowait(frame)
        self.online.relay_stale(frames.session, frames.frames)

    def watch(self, session_id: str, watcher: Watcher[str]) -> None:
        """A socket here watches a session run elsewhere."""
        self.watchers.setdefault(session_id, set()).add(watcher)

    def unwatch(self, session_id: str, watcher: Watcher[str]) -> None:
        """A socket here stopped watching."""
        watching = self.watchers.get(session_id)
        if watching is not None:
            watching.discard(watcher)
            if not watching:
                del self.watchers[session_id]

