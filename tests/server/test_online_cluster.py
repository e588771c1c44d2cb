"""An online session under the cluster (PostgreSQL and Redis, several ``serve`` processes): it is run
by the one process holding its lease; when that process is killed, another takes the lease, replays
the session's stored steps and runs it on from where it stood."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import httpx
import pytest
from server_support import run_bounded
from test_cluster import SCENARIO_PATIENCE, InProcess, cluster_env, start, until  # noqa: F401  (the fixture)
from test_online import Watching, _create, _director, _player_token, _recomputed, check_ann_held_up_and_left

from redouble.club.movement import mitchell
from redouble.club.store import ClubStore
from redouble.server import cluster as cluster_module
from redouble.server.club import ClubHub, MovementRequest
from redouble.server.online import Online, OnlineRequest, OnlineSession, PairRequest, RobotFill

SECRET = b"the club secret of every process"


class OnlineNode(InProcess):
    """A cluster process in this test's event loop with its online sessions (``Online``), which runs
    the sessions whose lease it takes only if ``drives``."""

    def __init__(self, db: str, prefix: str, node: str) -> None:
        super().__init__(db, prefix, node)
        self.club = ClubHub(db, secret=SECRET)
        self.cluster.club = self.club
        self.online = Online(self.club)

    async def start(self, *, drives: bool) -> None:
        await self.hub.start()
        self.online.attach(self.hub)
        if drives:
            self.hub.spawn(self.online.drive())

    async def close(self) -> None:
        await super().close()
        self.club.close()


def test_when_the_sessions_process_is_killed_another_runs_it_on(cluster_env: tuple[str, str]) -> None:  # noqa: F811
    db, prefix = cluster_env
    a, b = start(db, prefix, 2)
    try:
        pairs = {str(pair): {"kind": "robots"} for pair in mitchell(3, boards_per_round=1).pairs}
        pairs["1NS"] = {"kind": "person_robot", "players": ["Ann"]}
        created = _create(a, {"kind": "mitchell", "tables": 3, "boards_per_round": 1}, pairs,
                          seconds_per_board=900.0, warning_seconds=60.0)
        assert httpx.get(f"{b.http}/api/online/sessions/{created['id']}?token={created['director_token']}",
                         timeout=30).status_code == 200  # b does not run it (a does) but asks a

        async def on_a() -> tuple[dict[str, Any], Watching]:
            page = await Watching.open(a, created, _player_token(created, "1NS", 1))
            director = await Watching.open(a, created, created["director_token"])
            kept = await Watching.open(b, created, created["director_token"])  # a's frames, relayed by b
            assert _director(a, created, "start").status_code == 200
            await director.until(lambda f: f["round"] == 1 and [t["status"] for t in f["tables"]] ==
                                 ["playing", "done", "done"])
            assert _director(a, created, "decide", {
                "table": 1, "decision": "average", "reason": "Ann was called away"}).status_code == 200
            frame = await director.until(lambda f: f["round"] == 2 and [t["status"] for t in f["tables"]] ==
                                         ["playing", "done", "done"])
            await kept.until(lambda f: f["round"] == 2)
            await page.ws.close()
            await director.ws.close()
            return frame, kept

        async def on_b(before: dict[str, Any], kept: Watching) -> None:
            deadline = asyncio.get_running_loop().time() + 60
            while True:  # b answers once it has taken the session's lease, when a's lapses (seconds)
                answer = await asyncio.to_thread(
                    httpx.get, f"{b.http}/api/online/sessions/{created['id']}?token={created['director_token']}",
                    timeout=30)
                if answer.status_code == 200:
                    break
                assert asyncio.get_running_loop().time() < deadline, "no process took the session over"
                await asyncio.sleep(0.5)
            resumed = answer.json()
            assert resumed["round"] == 2
            assert [(t["table_id"], t["deadline"], t["status"]) for t in resumed["tables"]] == \
                [(t["table_id"], t["deadline"], t["status"]) for t in before["tables"]]
            director = await Watching.open(b, created, created["director_token"])
            assert _director(b, created, "robot", {"pair": "1NS", "reason": "Ann has gone home"}
                             ).status_code == 200
            await director.until(lambda f: f["finished"], 180)
            await kept.until(lambda f: f["finished"])  # the socket stayed open through the takeover
            await director.ws.close()
            await kept.ws.close()

        async def whole() -> None:
            before, kept = await on_a()
            await asyncio.to_thread(a.kill)
            await on_b(before, kept)

        asyncio.run(whole())
        check_ann_held_up_and_left(db, b.http, created["id"])
    finally:
        a.kill()
        b.kill()


def test_a_process_not_running_the_session_answers_as_its_runner(cluster_env: tuple[str, str]) -> None:  # noqa: F811
    """The director and a player use only the process that does not run the session (``b``): the reads,
    the pages, the director's commands (and their refusals) and both websockets work as on the runner."""
    db, prefix = cluster_env
    a, b = start(db, prefix, 2)
    try:
        pairs = {str(pair): {"kind": "robots"} for pair in mitchell(3, boards_per_round=1).pairs}
        pairs["1NS"] = {"kind": "person_robot", "players": ["Ann"]}
        created = _create(a, {"kind": "mitchell", "tables": 3, "boards_per_round": 1}, pairs,
                          seconds_per_board=900.0, warning_seconds=60.0)  # a runs it
        session, director_token = created["id"], created["director_token"]

        def read(node: Any, token: str) -> httpx.Response:
            return httpx.get(f"{node.http}/api/online/sessions/{session}?token={token}", timeout=30)

        assert read(b, director_token).json() == read(a, director_token).json()
        ann = _player_token(created, "1NS", 1)
        assert read(b, ann).json() == read(a, ann).json()
        for node in (a, b):  # the same refusal, keyed for the page's language, from either process
            wrong = read(node, "not-a-link")
            assert wrong.status_code == 403 and wrong.json()["error"]["key"] == "err_online_link"
            assert httpx.get(f"{node.http}/online/{session}/director", timeout=30).status_code == 200
            assert httpx.get(f"{node.http}/online/no-such-session/play", timeout=30).status_code == 404
        assert httpx.post(f"{b.http}/api/online/sessions/{session}/start?token={ann}",
                          timeout=30).json()["error"]["key"] == "err_director_only"

        async def on_b() -> None:
            page = await Watching.open(b, created, ann)
            director = await Watching.open(b, created, director_token)
            await director.until(lambda f: next(p for p in f["pairs"] if p["pair"] == "1NS")["present"] == [1])
            assert _director(b, created, "start").status_code == 200
            await director.until(lambda f: f["round"] == 1 and [t["status"] for t in f["tables"]] ==
                                 ["playing", "done", "done"])
            await page.until(lambda f: f["round"] == 1)
            not_playing = _director(b, created, "decide", {"table": 2, "decision": "average", "reason": "x"})
            assert not_playing.status_code == 422
            assert not_playing.json()["error"]["key"] == "err_online_not_playing"
            assert _director(b, created, "decide", {
                "table": 1, "decision": "average", "reason": "Ann was called away"}).status_code == 200
            await page.until(lambda f: f["round"] == 2)
            assert _director(b, created, "robot", {"pair": "1NS", "reason": "Ann has gone home"}
                             ).status_code == 200
            await director.until(lambda f: f["finished"], 180)
            await page.ws.close()
            await director.ws.close()

        asyncio.run(on_b())
        check_ann_held_up_and_left(db, b.http, session)  # every command acted once
        over = _director(b, created, "start")
        assert over.status_code == 409 and over.json()["error"]["key"] == "err_online_over"
        ran = read(a, director_token).json(), read(a, ann).json()
        a.kill()  # the session is over: b answers from the stored records, the runner gone

        def shown(view: dict[str, Any]) -> Any:
            """What is stored of a view: not the notes said only as it ran, nor who is here (Ann's
            page closed at b, which tells the runner a in the background: a may not have heard yet)."""
            return ({key: value for key, value in view.items() if key not in ("notes", "tables", "pairs")},
                    [{key: value for key, value in pair.items() if key != "present"} for pair in view["pairs"]],
                    [{key: value for key, value in table.items() if key not in ("remaining",)}
                     for table in view["tables"]])

        there = read(b, director_token).json()
        assert shown(there) == shown(ran[0])
        assert all(pair["present"] == [] for pair in there["pairs"])  # every page is closed
        ann_there = read(b, ann).json()
        assert ann_there["you"].pop("remaining") <= ran[1]["you"].pop("remaining")  # the clock ran on
        assert ann_there == ran[1]
    finally:
        a.kill()
        b.kill()


def test_boards_of_a_table_a_third_process_took_over_flow_into_the_session(
        cluster_env: tuple[str, str], monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    """Three processes: ``a`` runs the session and opens round 1's tables, then dies; ``c`` takes the
    tables over, ``b`` the session. ``b`` owns none of the tables it follows: the director's robots
    (asked at ``b``) take the seats at ``c``, the boards played at ``c`` are recorded by ``b``, the
    round ends there at ``b``'s word, and the session plays to its end, every board recorded once.
    ``b`` keeps its replicas of the session's tables loaded although no client of theirs is there
    (a replica nobody watches is unloaded at once in this test)."""
    db, prefix = cluster_env
    monkeypatch.setattr(cluster_module, "UNLOAD_AFTER", 0.0)

    async def scenario() -> None:
        a, c = OnlineNode(db, prefix, "a"), OnlineNode(db, prefix, "c")
        b = OnlineNode(db, prefix, "b")
        try:
            await a.start(drives=False)  # a runs the session it creates (it holds the lease)
            await c.start(drives=False)  # c takes tables over, never the session
            movement = MovementRequest.model_validate({"kind": "mitchell", "tables": 3, "boards_per_round": 1})
            pairs = {str(pair): PairRequest(kind="people", players=[f"P{pair}a", f"P{pair}b"])
                     for pair in mitchell(3, boards_per_round=1).pairs}
            created = await asyncio.to_thread(a.online.create, OnlineRequest(
                name="Online Tuesday", movement=movement, pairs=pairs, pace="fast",
                seconds_per_board=900.0))
            for pair in created.pairs:  # everyone here: people hold every seat, and nobody plays
                created.present.update({(pair, 1): 1, (pair, 2): 1})
            director = a.club.token(created.id, "director")
            await a.online.act(created.id, "start", director)
            first = sorted(t.table_id for t in created.tables.values())
            assert len(first) == 3 and all(a.cluster.owns(t) for t in first)
            await a.die()
            await until(lambda: all(c.cluster.owns(t) for t in first), 60, "c did not take the tables")
            await b.start(drives=True)
            await until(lambda: b.online.running(created.id) is not None, 60, "b did not take the session")
            session = b.online.running(created.id)
            assert isinstance(session, OnlineSession)
            await until(lambda: all(t in b.hub.tables for t in first), 60, "b does not follow the tables")
            scans, looked = b.cluster.leases.orphans, []

            def counted(limit: int = 64) -> list[str]:  # b's scans, each followed by a look for replicas to unload
                looked.append(limit)
                return scans(limit)

            b.cluster.leases.orphans = counted  # type: ignore[method-assign]
            await until(lambda: len(looked) >= 3, 60, "b did not look for tables to take")
            assert all(t in b.hub.tables for t in first)  # kept: no client of theirs is at b
            assert not any(b.cluster.owns(t) for t in first) and all(c.cluster.owns(t) for t in first)
            for pair in sorted(created.pairs):  # the pairs left: robots play for them, at c's tables
                await b.online.act(created.id, "robot", director,
                                   RobotFill(pair=str(pair), reason="gone home").model_dump_json())
            await until(lambda: session.finished, SCENARIO_PATIENCE - 30, "the session did not end")
            assert all(c.hub.tables[t].finished for t in first)  # ended at c at b's word
        finally:
            for node in (a, b, c):
                await node.close()

    run_bounded(scenario, SCENARIO_PATIENCE)
    expected, state = _recomputed(db, next(iter(_online_ids(db))))
    assert len(state.slots) == 9 and all(slot.result is not None for slot in state.slots.values())
    assert len(expected) == 6
    store = ClubStore(db)
    try:
        records = store.load(next(iter(_online_ids(db)))).records
    finally:
        store.close()
    entered = [record.key for record in records if record.kind == "result_entered"]
    assert len(entered) == len(set(entered)) == 9  # each board once, whoever owned its table


def _online_ids(db: str) -> list[str]:
    store = ClubStore(db)
    try:
        return store.with_kind("online_opened")
    finally:
        store.close()


def test_a_players_page_on_another_process_counts_after_a_takeover(cluster_env: tuple[str, str]) -> None:  # noqa: F811
    """Ann's page is open on ``b`` while ``a`` runs the session: she counts as here at ``a``; ``a`` is
    killed before the start and ``b`` takes the session over: she still counts (the pages open on
    every process are counted, not only the runner's own), so when the director starts, she plays
    her own seat; nobody counts for a process that died."""
    db, prefix = cluster_env
    a, b = start(db, prefix, 2)
    try:
        pairs = {str(pair): {"kind": "robots"} for pair in mitchell(3, boards_per_round=1).pairs}
        pairs["1NS"] = {"kind": "person_robot", "players": ["Ann"]}
        pairs["2NS"] = {"kind": "person_robot", "players": ["Bob"]}
        created = _create(a, {"kind": "mitchell", "tables": 3, "boards_per_round": 1}, pairs,
                          seconds_per_board=900.0, warning_seconds=60.0)  # a runs it

        def present(frame: dict[str, Any], pair: str) -> list[int]:
            found: list[int] = next(p for p in frame["pairs"] if p["pair"] == pair)["present"]
            return found

        async def scenario() -> None:
            ann = await Watching.open(b, created, _player_token(created, "1NS", 1))
            bob = await Watching.open(a, created, _player_token(created, "2NS", 1))  # dies with a
            director = await Watching.open(b, created, created["director_token"])
            await director.until(lambda f: present(f, "1NS") == [1] and present(f, "2NS") == [1])
            await asyncio.to_thread(a.kill)
            with contextlib.suppress(Exception):
                await bob.ws.close()
            await director.until(lambda f: present(f, "2NS") == [] and present(f, "1NS") == [1], 90)
            assert _director(b, created, "start").status_code == 200
            frame = await ann.until(lambda f: f["round"] == 1 and f["you"] is not None)
            assert not frame["you"]["robot"] and frame["you"]["token"] is not None  # she plays her seat
            notes = (await director.until(lambda f: f["round"] == 1))["notes"]
            absent = [n["fields"]["pair"] for n in notes if n["key"] == "online_note_absent"]
            assert absent == ["2NS"]  # Bob's page went with a: a robot plays for him
            await ann.ws.close()
            await director.ws.close()

        asyncio.run(scenario())
    finally:
        a.kill()
        b.kill()
