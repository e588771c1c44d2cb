"""Reading PBN: MB/s and games/s on a large generated file, redouble against endplay's parser.

The file holds boards bid and played by the core engine with random legal calls and cards
(alerts as notes, full play sections, claims), written by ``redouble.formats.pbn`` in export
format, plus hand-record-only games as dealers write them. Both readers parse the same file
from disk into their game objects, alternately, three rounds; the figure is the median.
redouble's streaming reader then reads a 100,000-game file in a fresh process, and again stopping
after 10,000 games: equal peak resident memory shows the reader's memory stays constant. The same
is measured in recovery mode (``recover=True``) on the same file with one game in a hundred broken,
each read past with its error recorded, against the strict reader on the clean file in the same run.
"""

from __future__ import annotations

import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from redouble import PASS, Board, BoardState, Deal, Phase
from redouble.formats import pbn

GAMES = 20_000
STREAM_GAMES = 100_000
ROUNDS = 5
DISTINCT = 400


def _played(rng: random.Random, number: int) -> BoardState:
    state = BoardState(Board.numbered(number, deal=Deal.from_seed(f"bench {number}")))
    while state.phase is Phase.AUCTION:
        call = rng.choice(list(state.auction.legal_calls()))
        if call.is_bid and rng.random() < 0.6:
            call = PASS
        alert = call.is_bid and rng.random() < 0.15
        state.make_call(call, alert=alert, explanation="artificial" if alert else None)
    stop = rng.randint(30, 60)
    while state.phase is Phase.PLAY and len(state.play.cards_played if state.play else ()) < stop:
        state.play_card(rng.choice(state.legal_cards()))
    if state.phase is Phase.PLAY and state.play is not None:
        play = state.play
        state.claim(play.declarer, rng.randint(0, play.remaining_tricks))
        pending = play.pending_claim
        if pending is not None:
            for seat in sorted(pending.needs):
                state.accept_claim(seat)
    return state


def _games(count: int) -> Iterator[pbn.Game]:
    """``count`` games: played boards and hand records, from a pool of distinct ones."""
    rng = random.Random(2024)
    pool: list[str] = []
    for index in range(DISTINCT):
        state = _played(rng, index + 1)
        game = pbn.from_board_state(state, tags={"Event": "Bench", "Site": "Utrecht", "Date": "2024.01.05"})
        if index % 4 == 3:  # a hand record: deal only
            game = pbn.Game(tags={key: game.tags[key] for key in ("Event", "Board", "Dealer", "Vulnerable",
                                                                  "Deal")})
        pool.append(pbn.dumps([game]))
    for index in range(count):
        (game,) = pbn.loads(pool[index % DISTINCT])
        game.tags["Board"] = str(index + 1)
        yield game


BAD_EVERY = 100


def _write(path: Path, count: int, *, bad_every: int = 0) -> None:
    """``count`` games; with ``bad_every``, every so many has a declarer that is no seat."""
    with open(path, "w", encoding="utf-8", newline="") as handle:
        pool = [pbn.dumps([game]) for game in _games(min(count, DISTINCT))]
        for index in range(count):
            text = pool[index % DISTINCT]
            board = f'[Board "{index + 1}"]'
            if bad_every and index % bad_every == bad_every - 1:
                board = '[Declarer "Q"]\r\n' + board
            text = text.replace(f'[Board "{index % DISTINCT + 1}"]', board, 1)
            handle.write(("\r\n" if index else "") + text)


def _redouble(path: Path) -> int:
    return sum(1 for _ in pbn.iter_games(path))


def _endplay(path: Path) -> int:
    from endplay.parsers import pbn as endplay_pbn

    with open(path, encoding="utf-8") as handle:
        return len(endplay_pbn.load(handle))


def _time(run: Callable[[Path], int], path: Path) -> tuple[float, int]:
    start = time.perf_counter()
    count = run(path)
    return time.perf_counter() - start, count


_STREAM = """
import sys, time
from redouble.formats import pbn
limit, recover = int(sys.argv[2]), sys.argv[3] == "recover"
start = time.perf_counter()
count = failed = 0
for game in pbn.iter_games(sys.argv[1], recover=recover):
    count += 1
    failed += bool(game.errors)
    if count == limit:
        break
peak = next(line for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(count, time.perf_counter() - start, int(peak.split()[1]) / 1024, failed)
"""


def _stream(path: Path, limit: int, *, recover: bool = False) -> tuple[int, float, float, int]:
    """Stream ``limit`` games in a fresh process: (games, seconds, peak RSS in MB, games with errors)."""
    output = subprocess.run([sys.executable, "-c", _STREAM, str(path), str(limit),
                             "recover" if recover else "strict"], capture_output=True,
                            text=True, check=True).stdout.split()
    return int(output[0]), float(output[1]), float(output[2]), int(output[3])


def run() -> str:
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.pbn"
        _write(path, GAMES)
        size = path.stat().st_size / 1e6
        ours: list[float] = []
        theirs: list[float] = []
        endplay_note = ""
        for _ in range(ROUNDS):
            seconds, count = _time(_redouble, path)
            assert count == GAMES, count
            ours.append(seconds)
            try:
                seconds, count = _time(_endplay, path)
                theirs.append(seconds)
            except Exception as error:  # the peer failing is a result too
                endplay_note = f"endplay failed on the file: {type(error).__name__}: {error}"
        big = Path(folder) / "stream.pbn"
        _write(big, STREAM_GAMES)
        big_size = big.stat().st_size / 1e6
        small_count, _, small_rss, _ = _stream(big, STREAM_GAMES // 10)
        streamed, stream_seconds, big_rss, _ = _stream(big, STREAM_GAMES)
        assert small_count == STREAM_GAMES // 10
        broken = Path(folder) / "broken.pbn"
        _write(broken, STREAM_GAMES, bad_every=BAD_EVERY)
        _, _, recover_small_rss, small_failed = _stream(broken, STREAM_GAMES // 10, recover=True)
        recovered, recover_seconds, recover_rss, failed = _stream(broken, STREAM_GAMES, recover=True)
        assert small_failed == STREAM_GAMES // 10 // BAD_EVERY and failed == STREAM_GAMES // BAD_EVERY
    mine = statistics.median(ours)
    rows = [
        "| reader | games/s | MB/s |",
        "|---|---:|---:|",
        f"| redouble.formats.pbn (Game objects: tags, deal, auction, play, notes) | {GAMES / mine:,.0f} | "
        f"{size / mine:.2f} |",
    ]
    if theirs:
        peer = statistics.median(theirs)
        rows.append(f"| endplay.parsers.pbn 0.5.12 (Board objects) | {GAMES / peer:,.0f} | {size / peer:.2f} |")
        ratio = f"redouble reads {peer / mine:.2f}× as fast as endplay."
    else:
        ratio = endplay_note
    return "\n".join([
        "## Formats: reading PBN",
        "",
        f"Load average at start: {load:.1f} on the shared machine (other work was running; speeds are "
        "comparable within this run only).",
        "",
        f"A generated file of {GAMES:,} games ({size:.1f} MB, export format: three in four boards with "
        "an auction with alert notes, a play section and a claim, one in four a hand record), read "
        f"from disk into game objects; median of {ROUNDS} alternating rounds.",
        "",
        *rows,
        "",
        ratio,
        "",
        f"Streaming (`pbn.iter_games`) a {STREAM_GAMES:,}-game file ({big_size:.0f} MB) in a fresh process: "
        f"{streamed:,} games in {stream_seconds:.1f} s ({streamed / stream_seconds:,.0f} games/s), peak "
        f"resident memory {big_rss:.0f} MB; the same process stopped after {STREAM_GAMES // 10:,} games "
        f"peaks at {small_rss:.0f} MB: memory does not grow with the file.",
        "",
        "Recovery mode (`pbn.iter_games(path, recover=True)`) on the same file with one game in "
        f"{BAD_EVERY} broken (a `Declarer` that is no seat), each bad game returned with its error and "
        "the reading going on, against the strict reader on the clean file (peak resident memory of "
        "a fresh process, `VmHWM`; `getrusage` would count the parent's peak, kept across `exec`):",
        "",
        f"| reader | games | games with an error | peak RSS after {STREAM_GAMES // 10:,} | "
        f"peak RSS after {STREAM_GAMES:,} |",
        "|---|---:|---:|---:|---:|",
        f"| strict, clean file | {streamed:,} | 0 | {small_rss:.0f} MB | {big_rss:.0f} MB |",
        f"| recovery mode, broken file | {recovered:,} | {failed:,} | {recover_small_rss:.0f} MB | "
        f"{recover_rss:.0f} MB |",
        "",
        f"The recovery run took {recover_seconds:.1f} s; its speed is not compared with the strict run's: "
        "they ran at different times on a shared machine whose load varies.",
    ])


if __name__ == "__main__":
    print(run())
