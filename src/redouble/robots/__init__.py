"""Robots that fill any seat: they see a seat's ``View`` and choose calls and cards."""

from redouble.robots.base import CallChoice, NaiveRobot, RandomRobot, Robot, run_board

__all__ = ["CallChoice", "NaiveRobot", "RandomRobot", "Robot", "default_robot", "run_board"]


def default_robot() -> Robot:
    """The strongest robot redouble has, for any seat."""
    return NaiveRobot()
