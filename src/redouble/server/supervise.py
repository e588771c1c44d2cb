"""Run a cluster's processes (``redouble cluster``): start each, start again one that dies.

Children get SIGTERM when the supervisor dies, even by ``kill -9`` (Linux's parent-death
signal), so no server outlives its cluster; Ctrl-C or SIGTERM stops them all.
"""

from __future__ import annotations

import contextlib
import ctypes
import signal
import subprocess
import sys
import time
from types import FrameType

__all__ = ["RESTART_DELAY", "Supervisor"]

RESTART_DELAY = 1.0
"""Seconds before a process that died is started again (its tables meanwhile move on)."""
PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:  # pragma: no cover - runs in the child, before exec
    with contextlib.suppress(OSError):
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


class Supervisor:
    """Keeps one process running per command line (``redouble`` arguments)."""

    def __init__(self, commands: list[list[str]]) -> None:
        self.commands = commands
        self.processes: list[subprocess.Popen[bytes] | None] = [None] * len(commands)
        self.stopping = False

    def _start(self, index: int) -> None:
        argv = [sys.executable, "-c", "from redouble.cli import main; main()", *self.commands[index]]
        self.processes[index] = subprocess.Popen(argv, preexec_fn=_die_with_parent)

    def _stop(self, _signum: int, _frame: FrameType | None) -> None:
        self.stopping = True

    def run(self) -> None:
        """Start every process and keep them running until Ctrl-C or SIGTERM."""
        signal.signal(signal.SIGTERM, self._stop)
        signal.signal(signal.SIGINT, self._stop)
        for index in range(len(self.commands)):
            self._start(index)
        died: dict[int, float] = {}
        try:
            while not self.stopping:
                now = time.monotonic()
                for index, process in enumerate(self.processes):
                    if process is not None and process.poll() is not None and index not in died:
                        print(f"process {process.pid} exited ({process.returncode}); starting "
                              f"it again in {RESTART_DELAY:g} s", file=sys.stderr)
                        died[index] = now
                for index, when in list(died.items()):
                    if now - when >= RESTART_DELAY:
                        del died[index]
                        self._start(index)
                time.sleep(0.2)
        finally:
            for process in self.processes:
                if process is not None and process.poll() is None:
                    process.terminate()
            for process in self.processes:
                if process is not None:
                    try:
                        process.wait(timeout=10)
                    except subprocess.TimeoutExpired:
                        process.kill()
