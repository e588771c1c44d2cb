"""Failures that heal: a table whose log no longer replays is quarantined and the server starts;
a broken robot pool is rebuilt; workers die with the server (kill -9); a failed par is retried
and never recorded as a par of 0; identical analysis requests share one job."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from server_support import free_port

from redouble.board import Board
from redouble.deal import Deal, new_seed
from redouble.seats import Seat, Vulnerability
from redouble.server import jobs
from redouble.server.commands import parse_table_request
from redouble.server.events import ParFound
from redouble.server.hub import PAR_PATIENCE, Hub
from redouble.server.robotpool import RobotPool, WorkerPool
from redouble.server.store import Store
from redouble.state import BoardState

ROBOTS = dict.fromkeys("NESW", "robot")
HUMANS = dict.fromkeys("NESW", "human")
NAIVE = "redouble.robots:NaiveRobot"


def test_a_table_whose_log_does_not_replay_is_quarantined_and_the_server_starts(
        serve: Any, sqlite_url: str) -> None:
    running = serve(sqlite_url)
    good = running.create(form="rubber", seats=HUMANS)
    bad = running.create(form="rubber", seats=HUMANS)
    running.stop()
    path = sqlite_url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:  # a card in the auction: the log no longer replays
        db.execute("INSERT INTO rd_events (table_id, seq, data) VALUES (?, 2, ?)",
                   (bad["id"], json.dumps({"type": "card", "seat": "N", "card": "SA"})))
    again = serve(sqlite_url)
    lobby = httpx.get(again.http + "/api/tables", timeout=30).json()
    assert [t["id"] for t in lobby["tables"]] == [good["id"]]
    assert lobby["quarantined"] == [{"id": bad["id"], "status": "quarantined"}]
    refused = httpx.get(f"{again.http}/api/tables/{bad['id']}", timeout=30)
    assert refused.status_code == 503 and refused.json()["error"]["code"] == "quarantined"
    assert httpx.get(f"{again.http}/api/tables/{good['id']}", timeout=30).status_code == 200


def _view() -> Any:
    board = Board(deal=Deal.from_seed(new_seed(), 1), dealer=Seat.NORTH,
                  vulnerability=Vulnerability.NONE, number=1)
    return BoardState(board).view(Seat.NORTH)


def test_a_broken_robot_pool_is_rebuilt() -> None:
    async def main() -> None:
        pool = RobotPool(workers=1, factory=NAIVE)
        try:
            first = await pool.think("call", _view())
            (pid,) = pool.pids()
            os.kill(pid, signal.SIGKILL)
            deadline = time.monotonic() + 10
            while True:  # the dead worker breaks the pool; the next decision heals it
                answer = await pool.think("call", _view())
                if pool.rebuilt or time.monotonic() > deadline:
                    break
                await asyncio.sleep(0.05)
            assert pool.rebuilt == 1 and type(answer) is type(first)
            assert pool.pids() and pid not in pool.pids()
        finally:
            pool.close()

    asyncio.run(main())


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_workers_die_with_the_server_after_kill_9(tmp_path: Path) -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", "from redouble.cli import main; main()", "serve", "--port", str(port),
         "--db", f"sqlite:///{tmp_path / 'orphans.db'}", "--robot-workers", "2", "--robot", NAIVE],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    workers: set[int] = set()
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline and server.poll() is None
            time.sleep(0.1)
        for _ in range(3):  # robots thinking: the pool's processes start
            httpx.post(base + "/api/tables", json={"form": "rubber", "seats": ROBOTS}, timeout=30)
        while len(workers) < 2:
            workers = {pid for pid in _children(server.pid)
                       if "multiprocessing" in (Path("/proc") / str(pid) / "cmdline").read_text()}
            assert time.monotonic() < deadline, "the robot workers did not start"
            time.sleep(0.1)
        os.kill(server.pid, signal.SIGKILL)
        server.wait(timeout=30)
        # a worker spawned just before the kill may still be importing under load: its watch
        # thread starts after that, so the wait is generous (it ends as soon as all are gone)
        deadline = time.monotonic() + 60
        while any(_alive(pid) for pid in workers):
            assert time.monotonic() < deadline, f"orphans: {[p for p in workers if _alive(p)]}"
            time.sleep(0.1)
    finally:
        for pid in workers:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)


class FlakyPool(WorkerPool):
    """Analysis in a thread that fails its first ``failures`` jobs (``None``: every job)."""

    def __init__(self, failures: int | None) -> None:
        super().__init__(workers=0, name="flaky")
        self.failures = failures
        self.calls = 0

    async def run(self, fn: Any, *args: Any) -> Any:
        self.calls += 1
        if self.failures is None or self.calls <= self.failures:
            raise RuntimeError("DDS is unavailable")
        return await super().run(fn, *args)


def _play(url: str, pool: FlakyPool, boards: int, *, wait_for_par: bool = True) -> tuple[Hub, Any]:
    """Four robots play ``boards`` (imps-vs-par) until the table is finished and, if
    ``wait_for_par``, every par job has ended (a par that keeps failing is tried for ever)."""

    async def main() -> tuple[Hub, Any]:
        hub = Hub(Store(url), RobotPool(workers=0, factory=NAIVE), analysis=pool)
        hub.par_delays = (0.01,)
        await hub.start()
        table, _ = await hub.create(parse_table_request({
            "form": "duplicate", "scoring": "imps-vs-par", "boards": boards, "seats": ROBOTS}))
        deadline = time.monotonic() + 60
        while not (table.finished and not (wait_for_par and hub.par_jobs)) and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        await hub.close()
        hub.pool.close()
        return hub, table

    return asyncio.run(main())


def test_a_failed_par_is_retried_and_never_recorded_as_zero(tmp_path: Path) -> None:
    hub, table = _play(f"sqlite:///{tmp_path / 'par.db'}", FlakyPool(failures=2), boards=1)
    pars = [event for event in table.log if isinstance(event, ParFound)]
    board, _state = table.ended_boards[0]
    truth = jobs.board_par(board.deal.to_pbn(), board.vulnerability.value, board.dealer.letter())
    assert [(p.board, p.score) for p in pars] == [(1, truth["score"])]
    assert table.results()[0]["par"]["score"] == truth["score"]
    hub.store.close()


def test_a_par_that_keeps_failing_is_not_recorded_and_the_table_goes_on(tmp_path: Path) -> None:
    pool = FlakyPool(failures=None)
    hub, table = _play(f"sqlite:///{tmp_path / 'nopar.db'}", pool, boards=2, wait_for_par=False)
    assert table.finished and not any(isinstance(e, ParFound) for e in table.log)
    assert table.par_late == {1, 2} and pool.calls >= 2 * PAR_PATIENCE
    assert [r["par"] for r in table.results()] == [None, None]
    assert [r["imps_ns"] for r in table.results()] == [None, None]
    hub.store.close()


def test_identical_analysis_requests_share_one_job(tmp_path: Path) -> None:
    class Counting(WorkerPool):
        def __init__(self) -> None:
            super().__init__(workers=0, name="counting")
            self.jobs = 0

        async def run(self, fn: Any, *args: Any) -> Any:
            self.jobs += 1
            await asyncio.sleep(0.2)
            return await super().run(fn, *args)

    counting = Counting()

    async def main() -> None:
        hub = Hub(Store(f"sqlite:///{tmp_path / 'a.db'}"), RobotPool(workers=0, factory=NAIVE),
                  analysis=counting)
        await hub.start()
        table, _ = await hub.create(parse_table_request({"form": "rubber", "seats": ROBOTS}))
        while not table.ended_boards:
            await asyncio.sleep(0.05)
        number = table.ended_boards[0][0].number or 0
        before = counting.jobs
        answers = await asyncio.gather(*(hub.analysis(table, number) for _ in range(12)))
        assert counting.jobs == before + 1 and all(a == answers[0] for a in answers)
        await hub.close()
        hub.pool.close()
        hub.store.close()

    asyncio.run(main())
