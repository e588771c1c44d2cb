"""The robot that the servers of the browser and server tests seat (``--robot quick_robot:quick``;
``server_env`` makes this folder importable to a server in a subprocess).

It is the real robot, bidding its system with every call explained and playing by double-dummy
sampling, but by its rules alone (``--rules-only``: no simulation at close decisions) and on four
layouts a card: those tests are about the table people see, not the robots' judgement, which
the robots' own tests measure. The default robot spends up to 0.6 s on a close call and 0.8 s
on a card, on both cores, so its boards took most of those tests' time and slowed the other
xdist worker too (four boards: 44 s against 5.6 s for this one, measured side by side under load).
"""

from __future__ import annotations

import os
from pathlib import Path

from redouble.robots import Robot, SaycRobot

#: the options of ``redouble serve`` that seat it
QUICK = ("--robot", "quick_robot:quick")
#: its factory, as ``create_app(robot=…)`` names it
FACTORY = QUICK[1]


def quick() -> Robot:
    """The rules-only robot solving four layouts a card (0.2 s at the most)."""
    return SaycRobot(simulate=False, budget=0.2, samples=4)


def server_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of a server the tests start: unbuffered, and able to import this module."""
    path = os.pathsep.join(filter(None, [str(Path(__file__).resolve().parent), os.environ.get("PYTHONPATH")]))
    return {**os.environ, "PYTHONUNBUFFERED": "1", "PYTHONPATH": path, **(extra or {})}
