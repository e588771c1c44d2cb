"""A frozen robot: the bidding of an earlier commit of redouble, run side by side.

The commit's ``src/redouble`` is exported once with ``git archive`` into a cache folder
(``.bench-cache/baseline-<commit>`` at the top of the repository, git-ignored), its C core
compiled there if a compiler is at hand, and its robots run in a child process that imports
only that copy. The child answers one line per call: the dealer, the vulnerability, the
hand and the auction so far in, the call its rules choose out. Every later change to the
robots is measured against the same frozen opponent, without copying code into the tree.
"""

from __future__ import annotations

import contextlib
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

# The child: reads "dealer|vulnerability|hand|calls" lines, writes the chosen call.
_CHILD = """
import sys
from redouble.calls import Call
from redouble.hand import Hand
from redouble.robots.evaluation import HandInfo
from redouble.robots.sayc import SAYC
from redouble.seats import Seat, Vulnerability
for line in sys.stdin:
    dealer, vul, hand, calls = line.rstrip("\\n").split("|")
    auction = [Call.parse(text) for text in calls.split()]
    ctx = SAYC.context(Seat.parse(dealer), Vulnerability.parse(vul), auction)
    chosen = SAYC.choose(HandInfo.of(Hand.parse(hand).cards), ctx)
    sys.stdout.write(str(chosen.call) + "\\n")
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
    """Bids as commit ``commit`` did (its SAYC rules), in a child process; bidding only."""

    def __init__(self, commit: str = BASELINE_COMMIT, *, root: Path | None = None) -> None:
        self.commit = commit
        self.name = f"baseline-{commit}"
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
        line = f"{view.dealer.letter()}|{view.vulnerability}|{hand.to_pbn()}|{calls}\n"
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
        return Call.parse(answer.strip())

    def choose_call(self, view: View) -> CallChoice:
        """The frozen rules' call (no explanation travels back)."""
        return CallChoice(self.call_for(view))

    def choose_card(self, view: View) -> Card:
        """Not available: the frozen robot is measured on bidding only."""
        raise FrozenRobotError("the frozen baseline bids only (use the double-dummy bidding mode)")

    def answer_claim(self, view: View) -> bool:
        """Rejects every claim (it never plays)."""
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
