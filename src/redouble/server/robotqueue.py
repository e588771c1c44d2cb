"""Robots in worker processes fed from a Redis stream (``redouble robots worker``).

The table's owner puts a ``RobotJob`` on the stream: the kind of decision and the robot's
``View`` only (rule 5: never the deal). A worker (any number, on any machine) takes it with a
consumer group, thinks with the same ``think`` as the server's own pool, and sends the answer
to the owner's inbox; the owner then checks it like anyone's command (``Hub._robot_turn``).
A job not answered in time (a worker died) is put on the stream again.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from typing import TYPE_CHECKING, Any

from redouble.calls import Call, Contract
from redouble.cards import Card, Suit
from redouble.play import Trick
from redouble.seats import Seat, Vulnerability
from redouble.server.bus import Bus, RobotAnswer, RobotJob
from redouble.server.robotpool import RobotPool, think
from redouble.view import AuctionEntry, Phase, View

if TYPE_CHECKING:
    from redouble.server.cluster import Cluster

__all__ = ["JOB_PATIENCE", "RobotQueue", "run_worker", "view_from_wire", "view_to_wire"]

log = logging.getLogger("redouble.server")

JOB_PATIENCE = 20.0
"""Seconds the owner waits for a worker's answer before putting the job on the stream again."""
JOB_TRIES = 3
GROUP = "workers"


# --- a view on the wire ---------------------------------------------------------------------------

def _cards(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def _trick(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader.letter(), "cards": _cards(trick.cards),
            "trump": None if trick.trump is None else trick.trump.name}


def _trick_from(data: dict[str, Any]) -> Trick:
    return Trick(leader=Seat.parse(data["leader"]),
                 cards=tuple(Card.parse(card) for card in data["cards"]),
                 trump=None if data["trump"] is None else Suit[data["trump"]])


def view_to_wire(view: View) -> dict[str, Any]:
    """A robot's view as JSON, losslessly; a view that shows the deal is never sent (rule 5).

    >>> from redouble.board import Board
    >>> from redouble.deal import Deal
    >>> from redouble.state import BoardState
    >>> state = BoardState(Board(Deal.from_seed("00", 1), Seat.NORTH, Vulnerability.NONE, 1))
    >>> view = state.view(Seat.NORTH)
    >>> view_from_wire(view_to_wire(view)) == view
    True
    """
    if view.deal is not None:
        raise ValueError("a view showing the whole deal is not a robot's to think with")
    contract = view.contract
    return {
        "seat": None if view.seat is None else view.seat.letter(),
        "board": view.board_number, "dealer": view.dealer.letter(),
        "vulnerability": view.vulnerability.value, "phase": view.phase.value,
        "hands": {seat.letter(): _cards(cards) for seat, cards in view.hands.items()},
        "auction": [{"seat": e.seat.letter(), "call": str(e.call), "alert": e.alert,
                     "explanation": e.explanation} for e in view.auction],
        "contract": None if contract is None else {
            "text": str(contract),
            "declarer": None if contract.declarer is None else contract.declarer.letter()},
        "tricks": [_trick(trick) for trick in view.tricks],
        "current_trick": None if view.current_trick is None else _trick(view.current_trick),
        "declarer_tricks": view.declarer_tricks, "defender_tricks": view.defender_tricks,
        "turn": None if view.turn is None else view.turn.letter(),
        "actor": None if view.actor is None else view.actor.letter(),
        "legal_calls": [str(call) for call in view.legal_calls],
        "legal_cards": _cards(view.legal_cards),
        "claim": view.claim,
        "played": [[seat.letter(), str(card)] for seat, card in view.played],
        "scoring": view.scoring,
    }


def _seat(text: str | None) -> Seat | None:
    return None if text is None else Seat.parse(text)


def view_from_wire(data: dict[str, Any]) -> View:
    """The ``View`` a worker thinks with, from ``view_to_wire``'s JSON."""
    contract = data["contract"]
    return View(
        seat=_seat(data["seat"]), board_number=data["board"], dealer=Seat.parse(data["dealer"]),
        vulnerability=Vulnerability(data["vulnerability"]), phase=Phase(data["phase"]),
        hands={Seat.parse(seat): tuple(Card.parse(c) for c in cards)
               for seat, cards in data["hands"].items()},
        auction=tuple(AuctionEntry(seat=Seat.parse(e["seat"]), call=Call.parse(e["call"]),
                                   alert=e["alert"], explanation=e["explanation"])
                      for e in data["auction"]),
        contract=None if contract is None else Contract.parse(
            contract["text"], declarer=_seat(contract["declarer"])),
        tricks=tuple(_trick_from(trick) for trick in data["tricks"]),
        current_trick=None if data["current_trick"] is None else _trick_from(data["current_trick"]),
        declarer_tricks=data["declarer_tricks"], defender_tricks=data["defender_tricks"],
        turn=_seat(data["turn"]), actor=_seat(data["actor"]),
        legal_calls=tuple(Call.parse(c) for c in data["legal_calls"]),
        legal_cards=tuple(Card.parse(c) for c in data["legal_cards"]),
        claim=data["claim"], deal=None,
        played=tuple((Seat.parse(seat), Card.parse(card)) for seat, card in data["played"]),
        scoring=data["scoring"])


# --- the owner's side -----------------------------------------------------------------------------

class RobotQueue(RobotPool):
    """A robot pool whose thinking is done by worker processes fed from Redis."""

    def __init__(self, cluster: Cluster, *, factory: str | None = None) -> None:
        super().__init__(workers=0, factory=factory)
        self.cluster = cluster

    async def think(self, kind: str, view: View, extra: Any = None) -> Any:
        """Put the job on the stream and wait for a worker's answer (again if none comes)."""
        cluster = self.cluster
        bus = cluster.bus
        for _ in range(JOB_TRIES):
            job = RobotJob(job=secrets.token_hex(8), owner=cluster.node, kind=kind,
                           view=view_to_wire(view), extra=extra, factory=self.factory)
            future: asyncio.Future[RobotAnswer] = asyncio.get_running_loop().create_future()
            cluster.robot_answers[job.job] = future
            try:
                await bus.redis.xadd(bus.robot_jobs, {"data": job.model_dump_json()},
                                     maxlen=10_000, approximate=True)
                async with asyncio.timeout(JOB_PATIENCE):  # not wait_for: it may lose a cancellation
                    answer = await future
            except TimeoutError:
                log.warning("no robot worker answered job %s in %.0f s; asking again",
                            job.job, JOB_PATIENCE)
                continue
            finally:
                cluster.robot_answers.pop(job.job, None)
            if answer.failed is not None:
                raise RuntimeError(f"the robot worker failed: {answer.failed}")
            return _answer_from_wire(kind, answer.answer)
        raise RuntimeError("no robot worker answered")


def _answer_from_wire(kind: str, answer: Any) -> Any:
    """``think``'s answer back from JSON (a call's triple was a list)."""
    if kind == "call" and isinstance(answer, list):
        return tuple(answer)
    return answer


# --- the worker's side ----------------------------------------------------------------------------

async def run_worker(redis: str, *, prefix: str = "redouble", stop: asyncio.Event | None = None,
                     block_ms: int = 1000) -> None:
    """Take robot jobs from the stream and answer them until ``stop`` is set."""
    consumer = f"{socket.gethostname()[:24]}-{os.getpid()}"
    bus = Bus(redis, prefix=prefix, node=consumer)
    try:
        try:
            await bus.redis.xgroup_create(bus.robot_jobs, GROUP, id="0", mkstream=True)
        except Exception as error:  # the group exists already
            if "BUSYGROUP" not in str(error):
                raise
        while stop is None or not stop.is_set():
            answer: Any = await bus.redis.xreadgroup(GROUP, consumer, {bus.robot_jobs: ">"},
                                                count=1, block=block_ms)
            for _key, entries in answer or []:
                for stream_id, fields in entries:
                    job = RobotJob.model_validate_json(fields["data"])
                    reply = await asyncio.to_thread(_think, job)
                    await bus.send(job.owner, reply)
                    await bus.redis.xack(bus.robot_jobs, GROUP, stream_id)
    finally:
        await bus.close()


def _think(job: RobotJob) -> RobotAnswer:
    """One job's decision (the worker's robot is built once per factory)."""
    import redouble.server.robotpool as robotpool

    try:
        if robotpool._factory != job.factory:
            robotpool._init_worker(job.factory)
        return RobotAnswer(job=job.job, answer=think(job.kind, view_from_wire(job.view), job.extra))
    except Exception as error:  # reported to the owner, which falls back like for its own pool
        log.exception("robot job %s failed", job.job)
        return RobotAnswer(job=job.job, failed=f"{type(error).__name__}: {error}")
