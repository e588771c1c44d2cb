"""Online sessions: a pairs session of the club library played at the web table, the server running
the movement (rounds, boards moving, the round timer, the director's average-for-not-played), each
finished board flowing into the club session, and no table seeing a board before it has played it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import httpx
from server_support import Client, LeakChecker, Running
from test_disclosure import act
from websockets.asyncio.client import ClientConnection, connect

from redouble.club.movement import PairId, howell, mitchell
from redouble.club.scoring import score_session
from redouble.club.store import ClubStore
from redouble.deal import new_seed
from redouble.robots import RandomRobot
from redouble.seats import Seat
from redouble.server import presenter
from redouble.server.events import BoardStarted
from redouble.server.presenter import Viewer
from redouble.server.store import SeatRecord, TableRecord, commitment_of
from redouble.server.table import Table

ROBOT = "server_support:ClaimingRobot"  # plays at once and claims the last tricks: boards take moments


def _create(running: Running, movement: dict[str, Any], pairs: dict[str, Any], **extra: Any) -> dict[str, Any]:
    body = {"name": "Online Tuesday", "movement": movement, "pairs": pairs, "pace": "fast", **extra}
    answer = httpx.post(f"{running.http}/api/online/sessions", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def _director(running: Running, created: dict[str, Any], action: str, body: dict[str, Any] | None = None
              ) -> httpx.Response:
    return httpx.post(f"{running.http}/api/online/sessions/{created['id']}/{action}"
                      f"?token={created['director_token']}", json=body, timeout=30)


class Watching:
    """An online session's websocket (the director's or a player's), keeping the newest frame."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.frame: dict[str, Any] = {}
        self.frames: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, running: Running, created: dict[str, Any], token: str) -> Watching:
        ws = await connect(f"{running.ws}/ws/online/{created['id']}?token={token}", max_size=None)
        watching = cls(ws)
        await watching.next()
        return watching

    async def next(self, timeout: float = 60) -> dict[str, Any]:
        self.frame = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(self.frame)
        return self.frame

    async def until(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 120) -> dict[str, Any]:
        deadline = asyncio.get_running_loop().time() + timeout
        while not predicate(self.frame):
            await self.next(max(deadline - asyncio.get_running_loop().time(), 0.01))
        return self.frame


def _ranking(api: dict[str, Any]) -> list[tuple[str, float]]:
    return sorted((line["pair"], line["total"]) for field in api["ranking"]["fields"] for line in field["lines"])


def _recomputed(db: str, session_id: str) -> tuple[list[tuple[str, float]], Any]:
    """The club library's ranking from the stored records alone (a fresh store, the scorer from scratch)."""
    store = ClubStore(db)
    try:
        session = store.load(session_id)
    finally:
        store.close()
    state = session.state
    score = score_session(state.scored_results(), method=state.method, winners=state.winners,
                          penalties=state.penalties)
    return sorted((str(pair.pair), round(pair.total, 2)) for pair in score.ranking()), state


async def _spectate(running: Running, table_id: str, spectators: dict[str, Client],
                    checkers: dict[str, LeakChecker]) -> None:
    """Watch a table of the session as a spectator, every frame through the leak checker."""
    client = await Client.open(f"{running.ws}/ws/{table_id}", keep=None)
    spectators[table_id] = client
    checkers[table_id] = LeakChecker()
    checkers[table_id].add(None, client.frames[0])

    async def pump() -> None:
        try:
            while True:
                checkers[table_id].add(None, await client.recv(600))
        except Exception:  # closed at the end of the test
            return

    asyncio.get_running_loop().create_task(pump())


def test_a_robot_howell_plays_every_round_and_ranks_as_the_club_scorer_does(serve: Any, sqlite_url: str) -> None:
    """Three tables of robots play a Howell through the web table; every board flows into the club
    session; the live ranking equals the club scorer's recomputation from the stored records; no
    spectator sees a board, nor any table's record of it, before every table of the movement has played it."""
    running = serve(sqlite_url, robot=ROBOT)
    movement = howell(3, boards_per_round=2)  # the complete Howell: 5 rounds, boards (5, 7) and the like
    pairs = {str(n): {"kind": "robots", "players": [f"Robot {n}a", f"Robot {n}b"]} for n in range(1, 7)}
    created = _create(running, {"kind": "howell", "tables": 3, "boards_per_round": 2}, pairs)
    last_round = {board: max(s.round for s in movement.seatings if board in s.boards) for board in movement.boards}
    spectators: dict[str, Client] = {}
    checkers: dict[str, LeakChecker] = {}
    probes = 0

    async def main() -> dict[str, Any]:
        nonlocal probes
        director = await Watching.open(running, created, created["director_token"])
        assert director.frame["round"] == 0 and director.frame["role"] == "director"
        assert _director(running, created, "start").status_code == 200
        seen_rounds: dict[int, dict[int, str]] = {}
        async with httpx.AsyncClient(base_url=running.http, timeout=30) as http:
            while True:
                frame = await director.until(lambda f: f["finished"] or (f["round"] and (
                    f["round"] not in seen_rounds or any(t["table_id"] not in spectators for t in f["tables"]))))
                if frame["finished"]:
                    break
                round_ = frame["round"]
                seen_rounds[round_] = {t["table"]: t["table_id"] for t in frame["tables"]}
                for table in frame["tables"]:
                    assert (table["boards"], table["ns"], table["ew"]) == (
                        list(movement.at(table["table"], round_).boards), str(movement.at(table["table"], round_).ns),
                        str(movement.at(table["table"], round_).ew))
                    if table["table_id"] not in spectators:
                        await _spectate(running, table["table_id"], spectators, checkers)
                # a board still to be played in a later round stays hidden at every table that played it
                for ids in seen_rounds.values():
                    for table_id in ids.values():
                        info = (await http.get(f"/api/tables/{table_id}")).json()
                        for result in info["results"]:
                            if last_round[result["board"]] > round_:
                                probes += 1
                                assert result == {"board": result["board"], "hidden": True}, result
                                record = await http.get(f"/api/tables/{table_id}/boards/{result['board']}")
                                assert record.status_code == 404
                                pbn = (await http.get(f"/api/tables/{table_id}/boards.pbn")).text
                                assert f'[Board "{result["board"]}"]' not in pbn
        assert sorted(seen_rounds) == [1, 2, 3, 4, 5]
        await director.ws.close()
        return seen_rounds

    seen_rounds = asyncio.run(main())
    # every board's seed is revealed now: check every frame every spectator got against the deals
    for table_id, checker in checkers.items():
        info = running.info(table_id)
        assert info["status"] == "finished" and not any(r.get("hidden") for r in info["results"]), info
        for commitment in info["commitments"]:
            checker.reveal(commitment["board"], commitment["seed"], commitment["sha256"])
        assert checker.checked_boards >= {r["board"] for r in info["results"]}
    assert sum(checker.checked_frames for checker in checkers.values()) > 0
    veiled = [frame for client in spectators.values() for frame in client.frames
              if (frame.get("view") or {}).get("hidden")]
    assert veiled, "the spectators saw no board being played hidden"
    # the ranking the live page shows is the club scorer's, from the stored records alone
    api = httpx.get(f"{running.http}/api/club/sessions/{created['id']}", timeout=30).json()
    expected, state = _recomputed(sqlite_url, created["id"])
    assert _ranking(api) == expected and len(expected) == 6
    # one confirmed line per board per table per round, each the web table's own result
    assert len(state.slots) == sum(len(s.boards) for s in movement.seatings) == 30
    for (table, round_), table_id in ((key, ids[key[0]]) for round_, ids in seen_rounds.items()
                                      for key in [(t, round_) for t in ids]):
        info = running.info(table_id)
        for result in info["results"]:
            line = state.result(table=table, round=round_, board=result["board"])
            assert line.ns_score == result["score_ns"] and (line.lead is None) == (line.contract is None)
            assert (None if line.contract is None else line.contract.declarer.letter()) == result["declarer"]
            assert line.tricks == result["tricks"]
            tricks = httpx.get(f"{running.http}/api/tables/{table_id}/boards/{result['board']}",
                               timeout=30).json()["view"]["tricks"]
            assert (str(line.lead) if line.lead else None) == (tricks[0]["cards"][0] if tricks else None)
            assert line.ns == movement.at(table, round_).ns and line.ew == movement.at(table, round_).ew
    # the hand records went into the session once every table had finished
    assert sorted(state.boards) == list(movement.boards)
    assert probes > 0
    assert PairId(1) in state.pairs and state.pairs[PairId(1)].players == ("Robot 1a", "Robot 1b")


def _player_token(created: dict[str, Any], pair: str, player: int) -> str:
    link: str = created["players"][pair][str(player)]
    return link.split("token=", 1)[1]


def _choose(view: dict[str, Any] | None, seat: Seat) -> dict[str, Any] | None:
    """A person's simple play: pass, the first legal card, agree to claims."""
    if view is None or view.get("hidden"):
        return None
    if view["phase"] == "claim":
        claim = view["claim"]
        mine = seat.letter() in claim["needs"] and seat.letter() not in claim["accepted_by"]
        return {"type": "accept_claim"} if mine else None
    if view["actor"] != seat.letter():
        return None
    if view["phase"] == "auction":
        return {"type": "call", "call": "Pass" if "Pass" in view["legal_calls"] else view["legal_calls"][0]}
    if view["phase"] == "play":
        return {"type": "card", "card": view["legal_cards"][0]}
    return None


async def _play_table(running: Running, you: dict[str, Any], checker: LeakChecker) -> int:
    """A person at the web table: play every board of the round, ready after each; the boards played."""
    seat = Seat.parse(you["seat"])
    client = await Client.open(f"{running.ws}/ws/{you['table_id']}?token={you['token']}", seat)
    frame = client.frames[0]
    acted = -1
    boards = 0
    while True:
        checker.add(seat, frame)
        event = frame.get("event") or {}
        if event.get("type") == "board_end":
            boards += 1
            await client.send({"type": "ready", "id": f"ready-{event['board']}"})
        if event.get("type") == "table_end":
            await client.close()
            return boards
        action = None if frame.get("more") else _choose(frame.get("view"), seat)
        if action is not None and client.seq != acted:
            acted = client.seq
            await client.send({**action, "id": f"{seat.letter()}-{client.seq}"})
        frame = await client.until(lambda m: m["type"] in ("event", "sync", "welcome"), 60)


def test_people_at_one_table_follow_the_movement_and_robots_play_the_rest(serve: Any, sqlite_url: str) -> None:
    """Two people (websocket clients) are pair 1EW of a 3-table Mitchell, robots the other pairs: each
    round their pages name their table, direction and boards, they play them at the web table and move
    on with the movement; their boards count in the ranking like the robots'."""
    running = serve(sqlite_url, robot=ROBOT)
    movement = mitchell(3, boards_per_round=1)
    pairs = {str(pair): {"kind": "robots"} for pair in movement.pairs}
    pairs["1EW"] = {"kind": "people", "players": ["Ann", "Bob"]}
    created = _create(running, {"kind": "mitchell", "tables": 3, "boards_per_round": 1}, pairs)
    assert sorted(created["players"]) == ["1EW"]
    checkers = {1: LeakChecker(), 2: LeakChecker()}

    async def person(player: int) -> list[dict[str, Any]]:
        page = await Watching.open(running, created, _player_token(created, "1EW", player))
        assert page.frame["role"] == "player" and page.frame["names"] == "Ann – Bob"
        places = []
        for round_ in movement.rounds:
            frame = await page.until(lambda f, r=round_: f["round"] == r and f["you"] is not None)
            you = frame["you"]
            places.append(you)
            assert not you["robot"] and you["token"]
            played = await _play_table(running, you, checkers[player])
            assert played == len(you["boards"])
            following = await page.until(lambda f, r=round_: f["round"] != r or f["finished"])
            if not following["finished"]:
                assert following["you"]["round"] == round_ + 1
        await page.until(lambda f: f["finished"])
        await page.ws.close()
        return places

    async def main() -> list[list[dict[str, Any]]]:
        ann = asyncio.create_task(person(1))
        bob = asyncio.create_task(person(2))
        director = await Watching.open(running, created, created["director_token"])
        await director.until(lambda f: [p["present"] for p in f["pairs"] if p["pair"] == "1EW"] == [[1, 2]])
        assert _director(running, created, "start").status_code == 200
        places = await asyncio.gather(ann, bob)
        await director.ws.close()
        return places

    ann, bob = asyncio.run(main())
    for places, seat in ((ann, "E"), (bob, "W")):
        for you in places:
            seating = movement.at(you["table"], you["round"])
            assert seating.ew == PairId.parse("1EW") and you["side"] == "EW" and you["seat"] == seat
            assert you["boards"] == list(seating.boards)
    assert [you["table"] for you in ann] == [1, 2, 3]  # East-West move up a table each round
    api = httpx.get(f"{running.http}/api/club/sessions/{created['id']}", timeout=30).json()
    expected, state = _recomputed(sqlite_url, created["id"])
    assert _ranking(api) == expected and len(state.slots) == 9
    assert all(state.slots[slot].result is not None for slot in state.slots)
    for player, checker in checkers.items():
        for you in (ann if player == 1 else bob):
            info = running.info(you["table_id"])
            for commitment in info["commitments"]:
                if commitment["seed"] is not None:
                    checker.reveal(commitment["board"], commitment["seed"], commitment["sha256"])
        assert checker.checked_frames > 0 and not checker.pending


def test_time_up_then_the_director_gives_late_play_then_average_for_not_played(serve: Any, sqlite_url: str) -> None:
    """A person who does not play holds up table 1: the clock warns, then the table waits for the
    director, who first lets it play late, then awards A+ to North-South and A- to East-West for the
    board not played (Law 12C2) and has robots play for that pair from the next round; an absent pair's
    seats are played by robots."""
    running = serve(sqlite_url, robot=ROBOT)
    pairs = {str(pair): {"kind": "robots"} for pair in mitchell(3, boards_per_round=1).pairs}
    pairs["1EW"] = {"kind": "person_robot", "players": ["Cat"]}
    pairs["2EW"] = {"kind": "people", "players": ["Dan", "Eve"]}  # nobody comes
    # 6 s a board: tables 2 and 3 (robots) must have finished their board when table 1's clock runs
    # out, the moment the test looks at them; they took up to 1 s with two CPU burners beside the
    # tests (load 9-13), so 2 s left CI too little room
    created = _create(running, {"kind": "mitchell", "tables": 3, "boards_per_round": 1}, pairs,
                      seconds_per_board=6.0, warning_seconds=5.0)
    cat = _player_token(created, "1EW", 1)

    async def main() -> None:
        page = await Watching.open(running, created, cat)
        director = await Watching.open(running, created, created["director_token"])
        early = _director(running, created, "decide", {"table": 1, "decision": "average", "reason": "x"})
        assert early.json()["error"]["code"] == "bad_request"  # not begun: nothing to decide
        assert _director(running, created, "start").status_code == 200
        assert _director(running, created, "start").json()["error"]["code"] == "phase"
        frame = await page.until(lambda f: f["you"] is not None and f["you"]["warning"])
        assert frame["you"]["table"] == 1 and frame["you"]["status"] == "playing"
        await director.until(lambda f: f["tables"] and f["tables"][0]["status"] == "overdue")
        assert {t["status"] for t in director.frame["tables"][1:]} <= {"playing", "done"}
        late = _director(running, created, "decide", {"table": 1, "decision": "late", "seconds": 1,
                                                      "reason": "slow play, one more minute"})
        assert late.status_code == 200 and late.json()["tables"][0]["status"] == "late"
        await director.until(lambda f: f["tables"][0]["status"] == "late")
        await director.until(lambda f: f["tables"][0]["status"] == "overdue")
        refused = httpx.post(f"{running.http}/api/online/sessions/{created['id']}/decide?token={cat}", timeout=30,
                             json={"table": 1, "decision": "average", "reason": "mine"})
        assert refused.status_code == 403
        unknown = _director(running, created, "robot", {"pair": "9EW", "reason": "x"})
        assert "not in the movement" in unknown.json()["error"]["message"]
        answer = _director(running, created, "decide", {"table": 1, "decision": "average", "ns": "A+",
                                                        "ew": "A-", "reason": "East-West did not play"})
        assert answer.status_code == 200, answer.text
        assert _director(running, created, "robot", {"pair": "1EW", "reason": "Cat has gone home"}
                         ).status_code == 200
        frame = await page.until(lambda f: f["round"] == 2 and f["you"]["robot"])
        assert frame["you"]["token"] is None  # robots play for Cat now
        await director.until(lambda f: f["finished"], 120)
        notes = director.frame["notes"]
        assert {"key": "online_note_absent", "fields": {"round": "1", "pair": "2EW", "player": "1"},
                "text": "round 1: pair 2EW player 1 is not here: a robot plays for them"} in notes
        assert any(note["key"] == "online_note_average" and note["fields"]["score"] == "A+/A-" for note in notes)
        assert any(note["key"] == "online_note_late" and note["fields"]["reason"] == "slow play, one more minute"
                   for note in notes)
        await page.ws.close()
        await director.ws.close()

    asyncio.run(main())
    expected, state = _recomputed(sqlite_url, created["id"])
    api = httpx.get(f"{running.http}/api/club/sessions/{created['id']}", timeout=30).json()
    assert _ranking(api) == expected
    slot = next(slot for slot in state.slots if (slot.table, slot.round) == (1, 1))
    adjusted = state.slots[slot]
    assert adjusted.result is None and adjusted.adjustment is not None
    assert adjusted.adjustment.label() == "A+/A-"
    assert len(state.slots) == 9
    log = httpx.get(f"{running.http}/api/club/sessions/{created['id']}?token={created['director_token']}",
                    timeout=30).json()["grid"]["log"]
    assert any("not played in time: East-West did not play" in entry["text"] for entry in log)


def test_after_a_restart_the_director_sees_the_same_tables_and_notes(
        serve: Any, sqlite_url: str, monkeypatch: Any) -> None:
    """Ann (table 1) and Bob (table 2) hold up round 1: each table's time runs out, Ann's table gets
    late play and runs out again, then an average-for-not-played; the server restarts with Bob's
    table still waiting. The director then sees what they saw before: table 1 decided (not merely
    done), table 2 overdue, and the same notes in the same order, each time-up said once (they are
    stored, not re-said by the clock of the restarted server)."""
    monkeypatch.setenv("REDOUBLE_CLUB_SECRET", "the club's secret, the same after a restart")
    running = serve(sqlite_url, robot=ROBOT)
    pairs = {str(pair): {"kind": "robots"} for pair in mitchell(3, boards_per_round=1).pairs}
    pairs["1NS"] = {"kind": "person_robot", "players": ["Ann"]}
    pairs["2NS"] = {"kind": "person_robot", "players": ["Bob"]}
    created = _create(running, {"kind": "mitchell", "tables": 3, "boards_per_round": 1}, pairs,
                      seconds_per_board=2.0, warning_seconds=1.0)

    def statuses(frame: dict[str, Any]) -> list[str]:
        return [t["status"] for t in frame["tables"]]

    def time_ups(frame: dict[str, Any]) -> list[str]:  # round 1's at the tables of Ann and Bob
        return [note["fields"]["table"] for note in frame["notes"] if note["key"] == "online_note_time_up"
                and note["fields"]["round"] == "1" and note["fields"]["table"] in ("1", "2")]

    async def before() -> dict[str, Any]:
        pages = [await Watching.open(running, created, _player_token(created, pair, 1)) for pair in ("1NS", "2NS")]
        director = await Watching.open(running, created, created["director_token"])
        assert _director(running, created, "start").status_code == 200
        await director.until(lambda f: statuses(f) == ["overdue", "overdue", "done"])
        assert _director(running, created, "decide", {"table": 1, "decision": "late", "seconds": 1,
                                                      "reason": "one more go"}).status_code == 200
        await director.until(lambda f: statuses(f)[0] == "overdue" and sorted(time_ups(f)) == ["1", "1", "2"])
        assert _director(running, created, "decide", {"table": 1, "decision": "average", "ns": "A+", "ew": "A-",
                                                      "reason": "Ann never played"}).status_code == 200
        frame = await director.until(lambda f: statuses(f) == ["decided", "overdue", "done"])
        for watching in (*pages, director):
            await watching.ws.close()
        return frame

    stopped = asyncio.run(before())
    running.stop()
    running = serve(sqlite_url, robot=ROBOT)

    async def after() -> None:
        director = await Watching.open(running, created, created["director_token"])
        assert director.frame["round"] == 1 and statuses(director.frame) == ["decided", "overdue", "done"]
        assert director.frame["notes"] == stopped["notes"]
        assert _director(running, created, "decide", {"table": 2, "decision": "average",
                                                      "reason": "Bob never played"}).status_code == 200
        frame = await director.until(lambda f: f["round"] == 2)
        assert frame["notes"][:len(stopped["notes"])] == stopped["notes"]  # nothing said again
        assert time_ups(frame).count("1") == 2 and time_ups(frame).count("2") == 1
        await director.ws.close()

    asyncio.run(after())


def _movement_table(table_id: str, numbers: list[int], field: dict[str, int], group: list[Table],
                    seeds: dict[int, tuple[str, str]]) -> Table:
    record = TableRecord(
        id=table_id, created_at=datetime.now(UTC), form="duplicate", group_id="g",
        config={"scoring": "matchpoints", "boards": len(numbers), "board_numbers": numbers, "field": field},
        status="playing", seats=[SeatRecord(seat=s.letter(), kind="human", name=s.format(full=True), token_hash=None)
                                 for s in Seat],
        events=[BoardStarted(board=numbers[0])], seeds=dict(seeds))
    table = Table(record)
    table.group = lambda: group
    group.append(table)
    return table


def _play_out(table: Table, robot: RandomRobot) -> list[int]:
    """Play a table to its end; the boards it started, in order."""
    started = [table.board_no]
    while not table.finished:
        act(table, robot, False)
        if table.board_no != started[-1]:
            started.append(table.board_no)
    return started


def test_a_movement_table_plays_its_boards_in_order_and_the_group_rule_waits_for_later_rounds() -> None:
    """A round's table plays the movement's boards (3, then 1); board 1, which a later round's table
    still has to play, stays hidden from spectators — record and seed — until that table has played it."""
    seeds = {n: (seed, commitment_of(seed)) for n in (1, 2, 3) for seed in [new_seed()]}
    group: list[Table] = []
    field = {"1": 2, "3": 1}
    first = _movement_table("r1", [3, 1], field, group, seeds)
    assert first.total_boards() == 2 and first.plays(3) and not first.plays(2)
    assert _play_out(first, RandomRobot(5)) == [3, 1]
    spectator = Viewer.at(None)
    assert presenter.board_open(first, 3, spectator) and presenter.seed_revealed(first, 3)
    assert not presenter.board_open(first, 1, spectator) and not presenter.seed_revealed(first, 1)
    assert [r.get("hidden") for r in presenter.table_info(first, spectator)["results"]] == [None, True]
    later = _movement_table("r2", [1], field, group, seeds)
    assert not presenter.board_open(first, 1, spectator)
    assert _play_out(later, RandomRobot(6)) == [1]
    assert presenter.board_open(first, 1, spectator) and presenter.seed_revealed(later, 1)


def test_a_session_with_a_pair_not_in_the_movement_is_refused_and_nothing_is_stored(
        serve: Any, sqlite_url: str) -> None:
    running = serve(sqlite_url, robot=ROBOT)
    body = {"name": "Online Wrong", "movement": {"kind": "mitchell", "tables": 3, "boards_per_round": 1},
            "pairs": {"9EW": {"kind": "robots"}}}
    answer = httpx.post(f"{running.http}/api/online/sessions", json=body, timeout=30)
    assert answer.json()["error"] == {"code": "bad_request", "message": "pair 9EW is not in the movement",
                                      "key": "err_pair_not_in_movement", "fields": {"pair": "9EW"}}
    missing = httpx.get(f"{running.http}/api/club/sessions/online-wrong", timeout=30)
    assert missing.status_code == 404 and missing.json()["error"]["key"] == "err_no_club_session"
    body["pairs"] = {"1EW": {"kind": "aliens"}}
    assert httpx.post(f"{running.http}/api/online/sessions", json=body, timeout=30).status_code == 422


def test_a_restarted_server_resumes_the_session_in_its_round_with_its_clock(
        serve: Any, sqlite_url: str, monkeypatch: Any) -> None:
    """An online session's movement is stored, not kept in one process: Ann (pair 1NS, with a robot
    partner) holds up table 1; after round 1's average-for-not-played the server is stopped in round 2
    and a new one started on the same database. It resumes round 2 with the same tables, clock
    deadline and seat link; the director then has robots play for Ann at once (her table finishes its
    board without her), and the session ends ranked as the club scorer ranks the stored records,
    every board recorded once."""
    monkeypatch.setenv("REDOUBLE_CLUB_SECRET", "the club's secret, the same after a restart")
    running = serve(sqlite_url, robot=ROBOT)
    pairs = {str(pair): {"kind": "robots"} for pair in mitchell(3, boards_per_round=1).pairs}
    pairs["1NS"] = {"kind": "person_robot", "players": ["Ann"]}
    created = _create(running, {"kind": "mitchell", "tables": 3, "boards_per_round": 1}, pairs,
                      seconds_per_board=900.0, warning_seconds=60.0)
    ann = _player_token(created, "1NS", 1)

    async def before() -> tuple[dict[str, Any], dict[str, Any]]:
        page = await Watching.open(running, created, ann)
        director = await Watching.open(running, created, created["director_token"])
        assert _director(running, created, "start").status_code == 200
        await director.until(lambda f: f["round"] == 1 and [t["status"] for t in f["tables"]] ==
                             ["playing", "done", "done"])
        assert _director(running, created, "decide", {"table": 1, "decision": "average",
                                                      "reason": "Ann was called away"}).status_code == 200
        frame = await director.until(lambda f: f["round"] == 2 and [t["status"] for t in f["tables"]] ==
                                     ["playing", "done", "done"])
        mine = await page.until(lambda f: f["round"] == 2 and f["you"] is not None)
        await page.ws.close()
        await director.ws.close()
        return frame, mine["you"]

    stopped, you = asyncio.run(before())
    assert you["token"] is not None and not you["robot"]
    running.stop()
    running = serve(sqlite_url, robot=ROBOT)

    async def after() -> None:
        director = await Watching.open(running, created, created["director_token"])
        resumed = director.frame
        assert resumed["round"] == 2 and not resumed["finished"]
        assert [(t["table"], t["table_id"], t["deadline"], t["status"]) for t in resumed["tables"]] == \
            [(t["table"], t["table_id"], t["deadline"], t["status"]) for t in stopped["tables"]]
        assert abs(resumed["tables"][0]["remaining"] - stopped["tables"][0]["remaining"]) < 60  # the same clock
        page = await Watching.open(running, created, ann)
        assert page.frame["you"] == {**you, "remaining": page.frame["you"]["remaining"]}
        seat = await Client.open(f"{running.ws}/ws/{you['table_id']}?token={you['token']}", Seat.NORTH)
        assert seat.frames[0]["type"] == "welcome"  # her seat's link still works
        await seat.close()
        assert _director(running, created, "robot", {"pair": "1NS", "reason": "Ann has gone home"}
                         ).status_code == 200
        frame = await page.until(lambda f: f["round"] == 3)
        assert frame["you"]["robot"] and frame["you"]["token"] is None
        await director.until(lambda f: f["finished"], 120)
        notes = director.frame["notes"]
        assert [note["fields"]["round"] for note in notes if note["key"] == "online_note_robots"] == ["2"]
        await page.ws.close()
        await director.ws.close()

    asyncio.run(after())
    check_ann_held_up_and_left(sqlite_url, running.http, created["id"])


def check_ann_held_up_and_left(db: str, http: str, session_id: str) -> None:
    """The end of a 3-table Mitchell, a board a round, where pair 1NS (Ann) got an average at table 1 in
    round 1 and robots played her board of round 2 at the director's word: the live ranking is the
    club scorer's from the stored records, nothing lost, nothing doubled."""
    expected, state = _recomputed(db, session_id)
    api = httpx.get(f"{http}/api/club/sessions/{session_id}", timeout=30).json()
    assert _ranking(api) == expected
    assert len(state.slots) == 9  # three tables, three rounds, one board each: nothing lost
    filled = next(slot_state for slot, slot_state in state.slots.items() if (slot.table, slot.round) == (1, 2))
    assert filled.result is not None and filled.adjustment is None  # robots played Ann's board at once
    store = ClubStore(db)
    try:
        records = store.load(session_id).records
    finally:
        store.close()
    entered = [record.key for record in records if record.kind == "result_entered"]
    assert len(entered) == len(set(entered)) == 8  # nothing doubled (table 1, round 1: an average)
    assert [record.change.round for record in records if record.kind == "online_round_began"] == [1, 2, 3]
