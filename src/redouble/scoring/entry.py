"""Results typed by people scoring a game played with real cards: ``4S N 10``, ``4HX S -1``, ``pass``.

>>> parse_entry("4HX S 8")
ResultEntry(result=DealResult(contract=Contract.parse('4HX', declarer=Seat.SOUTH), tricks=8, honours=None))
>>> parse_entry("3nt e =").result.tricks
9
>>> parse_entry("6S W 12 hon EW 100").result.honours
Honours(side=Side.EW, points=100)
>>> parse_entry("pass"), parse_entry("undo")
(ResultEntry(result=DealResult(contract=None, tricks=None, honours=None)), Command.UNDO)
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from redouble.calls import Contract
from redouble.notation import Language
from redouble.scoring.duplicate import check_tricks
from redouble.scoring.errors import ScoringError
from redouble.scoring.honours import Honours
from redouble.scoring.sheet import DealResult
from redouble.seats import Seat, Side

__all__ = ["ENTRY_HELP", "Command", "ResultEntry", "parse_entry", "parse_tricks"]

ENTRY_HELP = """\
Enter one result a line:
  4S N 10          contract, declarer, tricks taken (0-13)
  4HX S -1         ... or the result: = made exactly, +1 one over, -2 two down
  6S W 12 hon EW 100   with honours held by a side (100 or 150)
  pass             the deal was passed out
  undo             take back the last line
  close            stop play now (unfinished-rubber bonuses)
  quit             leave"""


class Command(enum.Enum):
    """The words that are not results."""

    UNDO = "undo"
    CLOSE = "close"
    QUIT = "quit"
    HELP = "help"

    def __repr__(self) -> str:
        return f"Command.{self.name}"


_COMMANDS = {"undo": Command.UNDO, "u": Command.UNDO, "close": Command.CLOSE, "stop": Command.CLOSE,
             "quit": Command.QUIT, "q": Command.QUIT, "exit": Command.QUIT, "help": Command.HELP,
             "?": Command.HELP, "h": Command.HELP}
_PASSED = {"pass", "p", "passed", "passed out", "passout", "pass out", "all pass", "-"}


@dataclass(frozen=True, slots=True)
class ResultEntry:
    """A parsed result line."""

    result: DealResult


def parse_tricks(text: str, contract: Contract) -> int:
    """Tricks written as a number 0-13 or as the result: ``=``, ``+1``, ``-2``."""
    if text == "=":
        return contract.tricks_needed
    if re.fullmatch(r"[+-]\d{1,2}", text):
        tricks = contract.tricks_needed + int(text)
        if not 0 <= tricks <= 13:
            raise ScoringError(f"{text} on {contract} would be {tricks} tricks; declarer takes 0 to 13")
        return tricks
    if re.fullmatch(r"\d{1,2}", text):
        return check_tricks(int(text))
    raise ScoringError(f"{text!r} is not a number of tricks: expected 0-13, '=', '+1' or '-2'")


def parse_entry(text: str, *, lang: Language | str = Language.ENGLISH) -> ResultEntry | Command:
    """A result line (``4S N 10``, ``4HX S -1``, ``6S W = hon EW 100``, ``pass``) or a command word."""
    line = " ".join(text.strip().split())
    key = line.lower()
    if key in _COMMANDS:
        return _COMMANDS[key]
    if key in _PASSED:
        return ResultEntry(DealResult(None))
    words = line.split(" ")
    honours: Honours | None = None
    lowered = [word.lower() for word in words]
    for marker in ("hon", "honours", "honors"):
        if marker in lowered:
            at = lowered.index(marker)
            tail = words[at + 1:]
            if len(tail) != 2 or not tail[1].isdigit():
                raise ScoringError(f"{text!r}: honours are written 'hon NS 100' or 'hon EW 150'")
            honours = Honours(Side.parse(tail[0]), int(tail[1]))
            words = words[:at]
            break
    if len(words) != 3:
        raise ScoringError(f"{text!r} is not a result: expected contract, declarer and tricks, like '4S N 10' "
                           "(or 'pass', 'undo', 'close', 'quit')")
    contract = Contract.parse(words[0], declarer=Seat.parse(words[1], lang=lang), lang=lang)
    return ResultEntry(DealResult(contract, parse_tricks(words[2], contract), honours))
