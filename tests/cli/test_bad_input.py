"""Every command of the ``redouble`` command line, given bad input, says so in one line.

The commands are enumerated from the Typer app itself, so a new command is covered by the
generic bad inputs (an unknown option, missing arguments, a missing file) without editing
this file; ``SPECIFIC`` adds the bad inputs a user of each command is likely to type.
"""

from __future__ import annotations

import os
import shutil
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from redouble.cli import app
from redouble.cli.common import ReportingGroup, describe_error

REPO = Path(__file__).resolve().parents[2]
PBN = REPO.parent / "shared" / "data" / "pbn" / "Schiphol.pbn"
runner = CliRunner()


def commands() -> Iterator[tuple[tuple[str, ...], typer.core.TyperCommand]]:
    """Every runnable command of the app as (path, command), groups walked recursively."""
    root = typer.main.get_command(app)

    def walk(group: object, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], typer.core.TyperCommand]]:
        assert isinstance(group, typer.core.TyperGroup)
        for name, command in sorted(group.commands.items()):
            if isinstance(command, typer.core.TyperGroup):
                yield from walk(command, (*path, name))
            else:
                assert isinstance(command, typer.core.TyperCommand)
                yield (*path, name), command

    return walk(root, ())


COMMANDS = dict(commands())

#: Placeholders in the bad inputs, replaced by files made for the test.
FILES = ("@GARBAGE", "@PBN", "@SCRIPT", "@BADSCRIPT", "@RESULTS", "@NOFOLDER", "@TMP")

#: Bad inputs a user might really type, per command (on top of the generic ones).
SPECIFIC: dict[tuple[str, ...], list[list[str]]] = {
    ("deal",): [["--board", "0"], ["--count", "0"], ["--lang", "xx"], ["--format", "yaml"],
                ["-n", "many"], ["--board", "-3"]],
    ("play",): [["--seat", "Q"], ["--board", "0"], ["--lang", "xx"], ["--seat", "Z", "--lang", "en"]],
    ("serve",): [["--port", "0"], ["--port", "70000"], ["--db", "bogus://x"], ["--db", "/etc/passwd"],
                 ["--db", "sqlite:////nonexistent/folder/x.db"], ["--db", "sqlite:///@GARBAGE"],
                 ["--db", "postgresql://root@127.0.0.1:1/test"], ["--robot", "nosuch.module:make"],
                 ["--robot", "redouble.robots"], ["--robot", "redouble.robots:nothing"],
                 ["--robot", "json:dumps"], ["--robot-workers", "-1"], ["--db", "redouble.db"],
                 ["--host", "no-such-host.invalid"], ["--expire-after", "0"], ["--expire-after", "-5"],
                 ["--expire-after", "soon"]],
    ("score",): [["4H"], ["4H", "14"], ["8H", "10"], ["4H", "-11"], ["4H", "ten"], ["4Z", "="],
                 ["4H", "+4"], ["3NT", "9", "--minibridge", "--vul", "--bogus"]],
    ("rubber",): [["--file", "/nonexistent/results.txt"], ["--file", "@RESULTS"],
                  ["--partscore-bonus", "-5"], ["--file", "@TMP"]],
    ("imps",): [["1", "2", "3"], ["abc"], ["12.5"]],
    ("vp",): [["13"], ["13", "--boards", "0"], ["13", "--boards", "24", "--scale", "nosuch"],
              ["x", "--boards", "2"]],
    ("matchpoints",): [["420", "junk"], ["420", "A++"], ["--expected", "x", "420"]],
    ("convert",): [["/nonexistent.pbn", "@TMP/out.lin"], ["@PBN", "@NOFOLDER/out.lin"],
                   ["@GARBAGE", "@TMP/out.pbn"], ["@PBN", "@TMP/out.docx"], ["@TMP", "@TMP/x.pbn"]],
    ("show",): [["/nonexistent.pbn"], ["@PBN", "--board", "999"], ["@GARBAGE"],
                ["@PBN", "--lang", "xx"], ["@PBN", "--room", "Attic"], ["@TMP"]],
    ("dealer",): [["/nonexistent.dl"], ["@BADSCRIPT"], ["@TMP"], ["@SCRIPT", "--produce", "0"]],
    ("analyze",): [["/nonexistent.pbn"], ["@GARBAGE"], ["@TMP"],
                   ["@PBN", "--output", "@NOFOLDER/out.pbn"]],
    ("simulate",): [["/nonexistent.dl"], ["@BADSCRIPT"], ["@SCRIPT", "--scheduler", "tcp://127.0.0.1:1"],
                    ["@SCRIPT", "--scheduler", "tcp://no-such-host.invalid:8786"],
                    ["@SCRIPT", "--contract", "4S", "--scheduler", "synchronous"],
                    ["@SCRIPT", "--vul", "sideways", "--scheduler", "synchronous"],
                    ["@SCRIPT", "--deals", "0"]],
    ("robots", "match"): [["--opponents", "nosuch"], ["--boards", "0"], ["--budget", "soon"]],
    ("robots", "explain"): [[""], ["   "], ["1NT 9Z"], ["1NT", "--dealer", "Q"], ["1NT", "--lang", "xx"],
                            ["1NT", "--vulnerable", "sideways"], ["P P P P P"], ["1NT 1C"]],
}


def generic(command: typer.core.TyperCommand) -> list[list[str]]:
    """Bad inputs any command gets: an unknown option, and for one with arguments, none of
    them, and a missing file or a nonsense word for each."""
    bad = [["--no-such-option"]]
    arguments = [p for p in command.params if p.param_type_name == "argument"]
    if any(p.required for p in arguments):
        bad.append([])
        bad.append(["/nonexistent/file.pbn"] * len(arguments))
    return bad


CASES = [pytest.param(path, args, id=" ".join((*path, *(a or "''" for a in args))))
         for path, command in COMMANDS.items()
         for args in generic(command) + SPECIFIC.get(path, [])]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The files the placeholders stand for."""
    folder = tmp_path_factory.mktemp("bad-input")
    garbage = folder / "garbage.pbn"
    garbage.write_bytes(b'[Deal "N:AKQ.xyz"]\n\x00\xff not a pbn file {')
    script = folder / "script.dl"
    script.write_text("produce 2\ncondition hcp(north) > 10\n", encoding="utf-8")
    bad_script = folder / "bad.dl"
    bad_script.write_text("produce 2\ncondition hcp(norht) >> 10 and\n", encoding="utf-8")
    results = folder / "results.txt"
    results.write_text("4S N 10\n9S N 10\n", encoding="utf-8")
    pbn = folder / "match.pbn"
    shutil.copy(PBN, pbn)
    return {"@GARBAGE": str(garbage), "@PBN": str(pbn), "@SCRIPT": str(script),
            "@BADSCRIPT": str(bad_script), "@RESULTS": str(results),
            "@NOFOLDER": str(folder / "no-such-folder"), "@TMP": str(folder)}


def expand(args: list[str], files: dict[str, str]) -> list[str]:
    out = []
    for arg in args:
        for key in sorted(FILES, key=len, reverse=True):
            arg = arg.replace(key, files[key])
        out.append(arg)
    return out


def assert_one_line_error(code: int, stdout: str, stderr: str, *, bug: bool = False) -> None:
    assert code != 0, f"exit code 0 for bad input; stdout: {stdout!r}"
    assert "Traceback" not in stdout + stderr
    lines = [line for line in stderr.splitlines() if line.strip()]
    assert len(lines) == 1, f"expected one line of error, got: {stderr!r}"
    assert lines[0].startswith("error: "), lines
    assert len(lines[0]) > len("error: ") + 8, lines  # it names the problem
    assert ("bug in redouble" in lines[0]) is bug, lines  # bad input is not a bug


def test_every_command_has_bad_inputs() -> None:
    """Each entry of SPECIFIC names a real command, and every command has some."""
    assert set(SPECIFIC) <= set(COMMANDS), set(SPECIFIC) - set(COMMANDS)
    assert {("deal",), ("play",), ("serve",), ("robots", "explain")} <= set(COMMANDS)
    for path, command in COMMANDS.items():
        assert generic(command) + SPECIFIC.get(path, []), path


@pytest.mark.parametrize(("path", "args"), CASES)
def test_bad_input_is_one_line(path: tuple[str, ...], args: list[str], files: dict[str, str],
                               monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)  # a command that wrongly succeeded writes nothing in the repo
    result = runner.invoke(app, [*path, *expand(args, files)])
    assert not isinstance(result.exception, BaseException) or isinstance(result.exception, SystemExit), (
        result.exception)
    assert_one_line_error(result.exit_code, result.stdout, result.stderr)


def redouble_script() -> list[str]:
    script = Path(sys.executable).parent / "redouble"
    return [str(script)] if script.exists() else [sys.executable, "-c",
                                                  "from redouble.cli import main; main()"]


@pytest.mark.parametrize("args", [
    ["imps", "1", "2", "3"],
    ["deal", "--board", "0"],
    ["convert", "@PBN", "@NOFOLDER/out.lin"],
    ["serve", "--robot", "nosuch.module:make"],
    ["serve", "--db", "postgresql://root@127.0.0.1:1/test"],
    ["simulate", "@SCRIPT", "--scheduler", "tcp://127.0.0.1:1"],
    ["robots", "explain", ""],
    ["no-such-command"],
], ids=lambda args: " ".join(a or "''" for a in args))
def test_real_entry_point(args: list[str], files: dict[str, str], tmp_path: Path) -> None:
    """The installed ``redouble`` script, in a real process, as a user runs it."""
    env = {**os.environ, "COLUMNS": "60"}  # a narrow terminal must not wrap the error line
    env.pop("REDOUBLE_TRACEBACK", None)
    done = subprocess.run([*redouble_script(), *expand(args, files)], capture_output=True,
                          text=True, timeout=120, cwd=tmp_path, env=env, check=False)
    assert_one_line_error(done.returncode, done.stdout, done.stderr)
    assert "serving" not in done.stdout


def test_busy_port_fails_before_serving(tmp_path: Path) -> None:
    """``serve --port`` on a port another program holds: one line, and no 'serving' first."""
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        done = subprocess.run([*redouble_script(), "serve", "--port", str(port), "--db",
                               f"sqlite:///{tmp_path / 'x.db'}", "--robot-workers", "0"],
                              capture_output=True, text=True, timeout=120, cwd=tmp_path, check=False)
    assert_one_line_error(done.returncode, done.stdout, done.stderr)
    assert "in use" in done.stderr
    assert "serving" not in done.stdout


def test_negative_numbers_need_no_double_dash() -> None:
    """``imps -750`` and ``score 4HX -1`` read -750 and -1 as numbers (Law 78B, Law 77)."""
    result = runner.invoke(app, ["imps", "-750"])
    assert result.exit_code == 0, result.stderr
    assert "-13 IMPs" in result.stdout
    result = runner.invoke(app, ["imps", "420", "-50"])
    assert "+10 IMPs" in result.stdout
    result = runner.invoke(app, ["score", "4HX", "-1", "--vul", "--json"])
    assert result.exit_code == 0, result.stderr
    assert '"total": -200' in result.stdout
    result = runner.invoke(app, ["vp", "-13", "--boards", "24"])
    assert result.exit_code == 0, result.stderr
    result = runner.invoke(app, ["matchpoints", "420", "-50", "170"])
    assert result.exit_code == 0, result.stderr


def test_minibridge_json_and_version() -> None:
    result = runner.invoke(app, ["score", "3NT", "9", "--minibridge", "--json"])
    assert result.exit_code == 0, result.stderr
    assert '"scoring": "minibridge"' in result.stdout
    assert '"total": ' in result.stdout
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    from redouble import __version__

    assert result.stdout.strip() == f"redouble {__version__}"


def _app_raising(error: BaseException) -> typer.Typer:
    probe = typer.Typer(cls=ReportingGroup)

    @probe.command()
    def boom() -> None:
        raise error

    @probe.command()
    def other() -> None:
        """A second command, so that ``boom`` is a subcommand."""

    return probe


@pytest.mark.parametrize(("error", "code", "words"), [
    (ValueError("a bad value\nover two lines"), 2, "a bad value; over two lines"),
    (FileNotFoundError(2, "No such file or directory", "/x/y.pbn"), 1, "No such file or directory: /x/y.pbn"),
    (ConnectionRefusedError(111, "Connection refused"), 1, "Connection refused"),
    (TimeoutError("Timed out trying to connect to tcp://10.0.0.1:8786 after 30 s"), 1, "Timed out"),
    (RuntimeError("something nobody expected"), 1, "please report it"),
    (sqlite3.OperationalError("database is locked"), 1, "OperationalError: database is locked"),
    (KeyError("boards"), 1, "please report it"),
])
def test_last_resort_handler(error: BaseException, code: int, words: str) -> None:
    """Whatever escapes a command becomes one line: bad values exit 2, failures and bugs 1."""
    result = runner.invoke(_app_raising(error), ["boom"])
    assert result.exit_code == code
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, bug=words == "please report it")
    assert words in result.stderr
    assert describe_error(error)[1] == code
