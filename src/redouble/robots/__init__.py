"""Robots that fill any seat: they see a seat's ``View`` and choose calls and cards.

``SaycRobot`` bids a modern standard system (or SAYC) from rules (every call explained,
artificial ones alerted) and plays by sampling layouts consistent with the auction and the
play and solving them double dummy.
"""

from redouble.robots.base import CallChoice, NaiveRobot, RandomRobot, Robot, run_board
from redouble.robots.cardplay import Scoring
from redouble.robots.robot import SaycRobot, explain_auction

__all__ = ["CallChoice", "NaiveRobot", "RandomRobot", "Robot", "SaycRobot", "Scoring",
           "default_robot", "explain_auction", "run_board"]


def default_robot() -> Robot:
    """The strongest robot redouble has, for any seat."""
    return SaycRobot()
