"""A frozen robot: the bidding and card play of an earlier commit of redouble, side by side.

The commit's ``src/redouble`` is exported once with ``git archive`` into a cache folder
(``.bench-cache/baseline-<commit>`` at the top of the repository, git-ignored), its C core
compiled there if a compiler is at hand, and its robots run in a child process that imports
only that copy. The child answers one line per request: for a call, the dealer, the
vulnerability, the hand and the auction so far in, the call its rules choose out; for a card,
what the seat sees of the play in, the card its card player chooses out. Every later change
to the robots is measured against the same frozen opponent, without copying code into the
tree.
"""

from __future__ import annotations

import contextlib
import json
import os
import shlex
import subprocess
import sys
import sysconfig
import tarfile
import threading
from io import BytesIO
from pathlib import Path

from redouble.calls import Call
from redouble.cards import Card
from redouble.errors import BridgeError
from redouble.hand import Hand
from redouble.robots.base import CallChoice
from redouble.view import View

__all__ = ["BASELINE_COMMIT", "FrozenRobot", "FrozenRobotError", "bench_cache", "child_environment",
           "export_commit", "repository_root"]

BASELINE_COMMIT = "3d191de"
"""The robots as they were when the competitive-bidding work began (issue 13)."""

# The child reads one request a line and writes one answer: "C|dealer|vulnerability|hand|calls"
# asks for a call (the frozen SAYC rules), "P|{json}" for a card (the frozen card player). A
# card request carries only what the seat sees (its hand and dummy's, the auction, the cards
# played, the suits each seat showed out of); the child deals the unseen cards to the unseen
# hands in any way those facts allow, replays the board, and asks its robot with that seat's
# view, which is the same view (the made-up hands are not in it).
_CHILD = """
import json
import sys
from redouble.board import Board
from redouble.calls import Call
from redouble.cards import DECK, Card
from redouble.deal import Deal
from redouble.hand import Hand
from redouble.robots.evaluation import HandInfo
from redouble.robots.robot import SaycRobot
from redouble.robots.sayc import SAYC
from redouble.seats import Seat, Vulnerability
from redouble.state import BoardState


def unseen_hands(known, played, voids):
    # Kuhn's matching: every unseen card to an unseen seat with room that holds its suit
    hidden = [seat for seat in Seat if seat not in known]
    gone = {card for cards in known.values() for card in cards}
    gone |= {card for seat, card in played if seat in hidden}
    pool = sorted((card for card in DECK if card not in gone),
                  key=lambda c: sum(c.suit.name not in voids.get(s.name, ()) for s in hidden))
    slots = [seat for seat in hidden
             for _ in range(13 - sum(1 for who, _ in played if who is seat))]
    owner = [None] * len(slots)

    def place(i, seen):
        for j, seat in enumerate(slots):
            if j in seen or pool[i].suit.name in voids.get(seat.name, ()):
                continue
            seen.add(j)
            if owner[j] is None or place(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i in range(len(pool)):
        if not place(i, set()):
            raise ValueError("no deal fits what the seat has seen")
    hands = {seat: list(cards) for seat, cards in known.items()}
    for seat in hidden:
        hands[seat] = [card for who, card in played if who is seat]
    for j, i in enumerate(owner):
        hands[slots[j]].append(pool[i])
    return Deal({seat: Hand(cards) for seat, cards in hands.items()})


def answer(kind, rest):
    global robot
    if kind == "C":
        dealer, vul, hand, calls = rest.split("|")
        auction = [Call.parse(text) for text in calls.split()]
        ctx = SAYC.context(Seat.parse(dealer), Vulnerability.parse(vul), auction)
        return str(SAYC.choose(HandInfo.of(Hand.parse(hand).cards), ctx).call)
    ask = json.loads(rest)
    if robot is None:
        robot = SaycRobot(budget=ask["budget"], samples=ask["samples"], seed=ask["seed"])
    known = {Seat.parse(s): [Card.parse(c) for c in cards] for s, cards in ask["hands"].items()}
    played = [(Seat.parse(s), Card.parse(c)) for s, c in ask["played"]]
    deal = unseen_hands(known, played, ask["voids"])
    board = Board(deal=deal, dealer=Seat.parse(ask["dealer"]),
                  vulnerability=Vulnerability.parse(ask["vul"]), number=ask["number"])
    state = BoardState(board)
    for text in ask["calls"]:
        state.make_call(Call.parse(text))
    for _, card in played:
        state.play_card(card)
    return str(robot.choose_card(state.view(Seat.parse(ask["seat"]))))


robot = None
for line in sys.stdin:
    kind, _, rest = line.rstrip("\\n").partition("|")
    try:
        out = answer(kind, rest)
    except Exception as error:  # refused with its reason; the child serves the next request
        out = "!" + (f"{type(error).__name__}: {error}".replace("\\n", " "))
    sys.stdout.write(out + "\\n")
    sys.stdout.flush()
"""


class FrozenRobotError(BridgeError):
    """The frozen commit could not be exported, built or started."""


def repository_root() -> Path:
    """The git work tree redouble runs from (the package's own, else the current folder's)."""
    for start in (Path(__file__).resolve().parent, Path.cwd()):
        try:
            out = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=start,
                                 capture_output=True, text=True, check=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            continue
        if out:
            return Path(out)
    raise FrozenRobotError("a frozen robot needs redouble's git repository (run from a clone)")


def bench_cache() -> Path | None:
    """``.bench-cache`` at the top of the git clone (frozen commits, DD tables), if any."""
    try:
        return repository_root() / ".bench-cache"
    except FrozenRobotError:
        return None


def export_commit(commit: str = BASELINE_COMMIT, *, root: Path | None = None) -> Path:
    """The ``src`` folder of ``commit`` exported into the cache (done once), C core built."""
    root = root or repository_root()
    target = root / ".bench-cache" / f"baseline-{commit}"
    src = target / "src"
    done = target / ".exported"
    if done.exists():
        return src
    try:
        archive = subprocess.run(["git", "archive", "--format=tar", commit, "src/redouble"],
                                 cwd=root, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", b"") or str(error).encode()
        raise FrozenRobotError(f"cannot export commit {commit}: "
                               f"{detail.decode(errors='replace').strip()}") from error
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(target, filter="data")
    _compile_core(src / "redouble")
    done.write_text(commit + "\n")
    return src


def _compile_core(package: Path) -> None:
    """Compile the frozen commit's ``_accel.c`` as its build hook would (optional: the
    frozen engine falls back to its plain-Python core without a compiler)."""
    source = package / "_accel.c"
    if not source.exists():
        return
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")
    command = [*compiler, "-O2", "-fPIC", "-shared", f"-I{sysconfig.get_paths()['include']}",
               str(source), "-o", str(package / f"_accel{suffix}")]
    with contextlib.suppress(OSError, subprocess.CalledProcessError):
        subprocess.run(command, check=True, capture_output=True)


def child_environment(src: Path) -> dict[str, str]:
    """The child's environment: only the frozen copy importable, and a fixed hash seed.

    The frozen rules read no clock and draw no random numbers, so the one input that differs
    between two runs of the same boards is Python's per-process string-hash seed, which
    orders the sets of suits and seats the rules iterate; pinning it makes every run of a
    board bid the same, whatever the parent's environment says."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", "PYTHONHASHSEED")}
    env["PYTHONPATH"] = str(src)
    env["PYTHONHASHSEED"] = "0"
    return env


class FrozenRobot:
    """Bids and plays as commit ``commit`` did (its SAYC rules, its card player with
    ``budget`` seconds or ``samples`` layouts a card), in a child process."""

    def __init__(self, commit: str = BASELINE_COMMIT, *, root: Path | None = None,
                 budget: float = 0.8, samples: int | None = None, seed: int = 0) -> None:
        self.commit = commit
        self.name = f"baseline-{commit}"
        self.budget, self.samples, self.seed = budget, samples, seed
        src = export_commit(commit, root=root)
        env = child_environment(src)
        self._lock = threading.Lock()
        try:
            self._child = subprocess.Popen(
                [sys.executable, "-c", _CHILD], cwd=src, env=env, stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
        except OSError as error:
            raise FrozenRobotError(f"cannot start the frozen robot: {error}") from error

    def call_for(self, view: View) -> Call:
        """The frozen rules' call for the view's seat."""
        if view.seat is None:
            raise ValueError("a spectator cannot bid")
        hand = Hand(view.original_hand(view.seat) or view.hand)
        calls = " ".join(str(entry.call) for entry in view.auction)
        return Call.parse(self._ask(
            f"C|{view.dealer.letter()}|{view.vulnerability}|{hand.to_pbn()}|{calls}"))

    def _ask(self, request: str) -> str:
        """One request line to the child, its one-line answer back."""
        line = request + "\n"
        with self._lock:
            child = self._child
            assert child.stdin is not None and child.stdout is not None
            try:
                child.stdin.write(line)
                child.stdin.flush()
                answer = child.stdout.readline()
            except (BrokenPipeError, OSError) as error:
                raise FrozenRobotError(f"the frozen robot stopped: {error}") from error
        if not answer:
            err = child.stderr.read() if child.stderr is not None else ""
            last = err.strip().splitlines()[-1] if err.strip() else "no answer"
            raise FrozenRobotError(f"the frozen robot {self.commit} failed: {last}")
        if answer.startswith("!"):
            raise FrozenRobotError(f"the frozen robot {self.commit} refused: {answer[1:].strip()}")
        return answer.strip()

    def choose_call(self, view: View) -> CallChoice:
        """The frozen rules' call (no explanation travels back)."""
        return CallChoice(self.call_for(view))

    def choose_card(self, view: View) -> Card:
        """The frozen card player's card for the seat to play (its own or dummy's): the
        child gets what ``view`` shows and nothing more."""
        if view.seat is None or not view.legal_cards:
            raise ValueError("no card to choose: it is not this seat's turn to play")
        hands = {seat.letter(): [str(card) for card in cards]
                 for seat in view.hands
                 if (cards := view.original_hand(seat)) is not None}
        request = {
            "budget": self.budget, "samples": self.samples, "seed": self.seed,
            "number": view.board_number, "dealer": view.dealer.letter(),
            "vul": str(view.vulnerability), "seat": view.seat.letter(), "hands": hands,
            "calls": [str(entry.call) for entry in view.auction],
            "played": [[seat.letter(), str(card)] for seat, card in view.played],
            "voids": {seat.name: sorted(suit.name for suit in suits)
                      for seat, suits in view.voids().items() if suits},
        }
        return Card.parse(self._ask("P|" + json.dumps(request)))

    def answer_claim(self, view: View) -> bool:
        """Rejects every claim (the frozen robots are asked for cards only): play goes on."""
        return False

    def close(self) -> None:
        """Stop the child process."""
        child = self._child
        if child.poll() is None:
            if child.stdin is not None:
                child.stdin.close()
            try:
                child.wait(timeout=5)
            except subprocess.TimeoutExpired:
                child.kill()
                child.wait()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.close()
