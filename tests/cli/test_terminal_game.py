"""``redouble play`` at a real terminal: tmux runs it, the test types and reads the screen.

The test plays a whole board as South (seed ``tmux-13``: North opens 1♣, East overcalls 2♠,
South's 3NT ends the auction, so South declares and also plays from dummy). The robots bid by
their rules alone (``--rules-only``): a simulated call depends on how many layouts a machine
scores in its time, and the test needs the same auction everywhere. It waits on what the screen
shows, polling ``capture-pane`` with a deadline, never sleeping a fixed time.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from redouble.cli import app

TMUX = shutil.which("tmux")
SYMBOL_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
#: a prompt waiting for input: the space ``input`` writes after it ends the screen's last line
#: (``capture-pane -J`` keeps trailing spaces); dummy's heading, "Dummy (North):" on a line of
#: its own just before dummy's cards, has none, and the screen is sometimes read between the two
PROMPT = re.compile(r"^(South|Dummy \(North\)|Accept the claim\? \(y/n\)|Another board\? \(y/n\)): $")


class Screen:
    """A tmux session running one command, read through ``capture-pane``."""

    def __init__(self, command: list[str], cwd: Path) -> None:
        assert TMUX is not None
        self.name = f"redouble-{uuid.uuid4().hex[:8]}"
        subprocess.run([TMUX, "new-session", "-d", "-s", self.name, "-x", "120", "-y", "50",
                        "-c", str(cwd), *command], check=True)
        subprocess.run([TMUX, "set-option", "-t", self.name, "history-limit", "20000"], check=True)
        subprocess.run([TMUX, "set-option", "-t", self.name, "remain-on-exit", "on"], check=True)

    def text(self) -> str:
        """Everything the session has shown: the scroll-back and the screen."""
        return subprocess.run([TMUX or "tmux", "capture-pane", "-p", "-J", "-S", "-", "-t", self.name],
                              capture_output=True, text=True, check=True).stdout

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.text().splitlines() if line.strip()]

    def send(self, keys: str) -> None:
        before = self.text()
        subprocess.run([TMUX or "tmux", "send-keys", "-t", self.name, "-l", keys], check=True)
        subprocess.run([TMUX or "tmux", "send-keys", "-t", self.name, "Enter"], check=True)
        self.wait(lambda: self.text() != before, f"the screen to take {keys!r}")

    def wait(self, condition: Callable[[], bool], what: str, timeout: float = 120.0) -> None:
        """Poll until ``condition`` holds; fail with the screen if ``timeout`` passes first."""
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                pytest.fail(f"timed out waiting for {what}; the screen shows:\n{self.text()[-4000:]}")
            time.sleep(0.05)  # a poll interval, not a wait for something to happen

    def wait_for(self, text: str, timeout: float = 120.0) -> None:
        self.wait(lambda: text in self.text(), repr(text), timeout)

    def prompt(self) -> str | None:
        """The prompt waiting for input (the last line, nothing typed after it), if any."""
        lines = [line for line in self.text().splitlines() if line.strip()]
        if lines and PROMPT.match(lines[-1]):
            return lines[-1].rstrip()
        return None

    def next_prompt(self) -> str:
        self.wait(lambda: self.prompt() is not None, "a prompt")
        prompt = self.prompt()
        assert prompt is not None
        return prompt

    def close(self) -> None:
        subprocess.run([TMUX or "tmux", "kill-session", "-t", self.name], check=False)


@pytest.fixture
def screen(tmp_path: Path) -> Iterator[Callable[[list[str]], Screen]]:
    if TMUX is None:
        pytest.fail("tmux is needed for the terminal test: 'make test' installs it")
    made: list[Screen] = []

    def start(args: list[str]) -> Screen:
        script = Path(sys.executable).parent / "redouble"
        made.append(Screen([str(script), *args], tmp_path))
        return made[-1]

    yield start
    for one in made:
        one.close()


def first_legal(lines: list[str]) -> str:
    """The first card of the last 'Legal:' line, typed as letters: 'Legal: ♥ A K 8' → 'HA'."""
    legal = next(line for line in reversed(lines) if line.startswith("Legal:"))
    match = re.search(r"([♠♥♦♣]) (\w+)", legal)
    assert match is not None, legal
    return SYMBOL_LETTERS[match.group(1)] + match.group(2)


def test_a_whole_board_at_the_terminal(screen: Callable[[list[str]], Screen]) -> None:
    game = screen(["play", "--seat", "S", "--seed", "tmux-13", "--think", "0.05", "--rules-only"])
    # the start: the board's header, South's hand, the auction grid with North's and East's calls
    assert game.next_prompt() == "South:"
    shown = game.text()
    assert "Board 1 · Dealer North · Vulnerable None" in shown
    assert "South (" in shown
    grid = shown[shown.rindex("West"):]
    assert re.search(r"1♣\s+2♠\s+\?", grid), grid  # the others' calls, and where South's goes
    game.send("help")
    game.wait_for("claim N")
    game.send("3NT")

    # the play: contract and leader, dummy faced once, the trick so far, prompts naming the hand
    prompts: list[str] = []
    undone = conceded = False
    while True:
        prompt = game.next_prompt()
        if prompt.startswith("Another board"):
            break
        prompts.append(prompt)
        lines = game.lines()
        if prompt.startswith("Accept"):
            game.send("y")
            continue
        assert lines[-2].startswith("Legal:"), lines[-6:]  # legal-card hint before each card
        if len(prompts) == 1:
            shown = game.text()
            assert "Contract 3NT South · West leads" in shown
            assert "Dummy (North):" in shown  # dummy's hand, shown once the lead is made
            assert re.search(r"W [♠♥♦♣]\w+", shown), "West's lead is shown in the trick"
        if len(prompts) == 3 and not undone:
            game.send("undo")
            game.wait_for("Taken back:")
            undone = True
            continue
        if "Trick 12:" in game.text() and not conceded:
            game.send("claim 0 the defence takes the last trick")  # a claim with its line (Law 68C)
            conceded = True
            continue
        game.send(first_legal(lines))

    assert "Dummy (North):" in prompts, prompts  # declarer plays from dummy with dummy's name
    assert "South:" in prompts
    shown = game.text()
    assert "Trick 1: W" in shown and "wins" in shown  # completed tricks, with their winner
    assert "Taken back:" in shown
    assert "claims 0 of the 1 remaining tricks: the defence takes the last trick" in shown
    # the end: the result, its Law 77 breakdown, the whole deal
    end = shown[shown.rindex("Result"):]
    assert "Law 77" in end and "Total NS" in end
    assert re.search(r"NS [+-]\d+\s+EW [+-]\d+", end)
    for seat in ("North (", "East (", "South (", "West ("):
        assert seat in end, seat
    game.send("n")
    game.wait_for("Goodbye.")
    assert "1 board played" in game.text()


def test_watching_four_robots_in_dutch() -> None:
    """Without ``--seat`` four robots play; every word around the notation is Dutch."""
    result = CliRunner().invoke(app, ["play", "--lang", "nl", "--seed", "kijken", "--think", "0.05", "--rules-only"],
                                input="n\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Gever" in out and "Kwetsbaar" in out and "Resultaat" in out
    assert "1 spel gespeeld" in out
    assert "Tot ziens." in out
    for english in ("Dealer", "Vul", "Board", "Trick", "Result", "tricks", "Total", "Law"):
        assert not re.search(rf"\b{english}\b", out), english
    assert "(s)" not in out


def scripted(answers: list[str]) -> tuple[Callable[[str], str], list[str]]:
    """An ``ask`` that types ``answers`` in turn, recording each prompt it was shown."""
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        if not answers:
            raise EOFError
        return answers.pop(0)

    return ask, prompts


def test_undo_in_the_auction_takes_back_the_robots_calls_too() -> None:
    """Undo takes back the person's last call and the robots' calls made after it."""
    from rich.console import Console

    from redouble.cli.game import play_session
    from redouble.notation import Language
    from redouble.seats import Seat

    console = Console(record=True, width=120)
    ask, prompts = scripted(["Pass", "undo", "3NT", "quit"])
    play_session(board=1, seed="tmux-13", human=Seat.SOUTH, language=Language.ENGLISH, think=0.05,
                 console=console, ask=ask, simulate=False)
    out = console.export_text()
    assert re.search(r"Taken back: S Pass, W \S+, N \S+, E \S+\n", out)  # and what followed it
    assert "Contract 3NT South · West leads" in out
    assert prompts[:3] == ["South: ", "South: ", "South: "]
    assert prompts[3] == "Dummy (North): "  # West led: declarer plays from dummy
    assert "Goodbye." in out and "played" not in out  # quit before the board ended


def test_commands_are_never_suit_letters() -> None:
    """A suit letter alone plays that suit's lowest card, so no command may be one ('h' is hearts)."""
    from redouble.cli.game import COMMANDS
    from redouble.notation import Language

    for language in Language:
        assert not [word for word in COMMANDS if language.suit_index(word) is not None], language


def test_a_suit_alone_plays_its_lowest_legal_card() -> None:
    """At dummy's first turn South types only the suit of the legal cards: dummy plays the lowest."""
    from rich.console import Console

    from redouble.cli.game import play_session
    from redouble.notation import Language
    from redouble.seats import Seat

    console = Console(record=True, width=120)
    typed: list[str] = []

    def ask(prompt: str) -> str:
        if prompt == "South: " and not typed:
            typed.append("3NT")
        elif prompt == "Dummy (North): " and len(typed) == 1:
            legal = [line for line in console.export_text(clear=False).splitlines()
                     if line.startswith("Legal:")][-1]
            match = re.match(r"Legal: ([♠♥♦♣]) ((?:\w+ )+)", legal)
            assert match is not None, legal
            typed.append(SYMBOL_LETTERS[match.group(1)])
            typed.append(match.group(1) + match.group(2).split()[-1])  # the lowest, as shown
            return typed[1]
        else:
            raise EOFError
        return typed[-1]

    play_session(board=1, seed="tmux-13", human=Seat.SOUTH, language=Language.ENGLISH, think=0.05,
                 console=console, ask=ask, simulate=False)
    out = console.export_text()
    assert f"N {typed[2]}" in out  # the trick on the table at South's next turn shows it
