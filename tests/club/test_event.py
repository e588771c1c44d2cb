"""An event over two sessions: one combined ranking by the players (pair numbers change between sessions), by the
mean of the session percentages or by matchpoints added up, with a carry-over, from the model, the CLI and the
published pages. The two sessions are hand-worked: two tables, two boards each, a top of 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from club_support import clock
from typer.testing import CliRunner

from redouble.cli import app
from redouble.club.event import CarryError, EventMethod, parse_carry, score_event
from redouble.club.movement import Movement, PairId, Seating
from redouble.club.pages import write_event_pages
from redouble.club.results import BoardResult, ResultError
from redouble.club.session import PairSeated, Session
from redouble.club.store import ClubStore

EVENT = "Club championship"
MOVEMENT = Movement("two tables", (Seating("A", 1, 1, PairId(1), PairId(2), (1, 2)),
                                   Seating("A", 2, 1, PairId(3), PairId(4), (1, 2))))


def played(name: str, players: list[tuple[str, str]], scores: list[tuple[int, int]]) -> Session:
    """One session: pairs 1-4 with these players; board 1 and 2's NS scores at tables 1 and 2."""
    session = Session.open(name, MOVEMENT, by="td", event=EVENT, clock=clock())
    for number, names in enumerate(players, start=1):
        session.append(PairSeated(PairId(number), names), by="td")
    for board, (first, second) in enumerate(scores, start=1):
        session.enter(BoardResult(board, PairId(1), PairId(2), score=first, table=1, round=1), by="td")
        session.enter(BoardResult(board, PairId(3), PairId(4), score=second, table=2, round=1), by="td")
    return session


def two_sessions() -> tuple[Session, Session]:
    """Session 1: board 1 420 v 450, board 2 100 v 100 → pairs 1 25%, 2 75%, 3 75%, 4 25%. Session 2 (the same
    players under other numbers, names in another order): 420 v 400, 50 v 50 → 1 75%, 2 25%, 3 25%, 4 75%."""
    first = played("Monday", [("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal")],
                   [(420, 450), (100, 100)])
    second = played("Thursday", [("Fay", "Eve"), ("bob", "ann"), ("Gus", "Hal"), ("Dan", "Cat")],
                    [(420, 400), (50, 50)])
    return first, second


def test_mean_of_session_percentages_by_players() -> None:
    first, second = two_sessions()
    event = score_event(EVENT, [first.state, second.state])
    assert event.method is EventMethod.PERCENT and event.sessions == ("Monday", "Thursday")
    table = [(line.place_text, line.key, line.score) for line in event.lines]
    assert table == [("1=", "cat & dan", 75.0), ("1=", "eve & fay", 75.0), ("3=", "ann & bob", 25.0),
                     ("3=", "gus & hal", 25.0)]
    cat = event.line("Dan – Cat")
    assert [(part.session, str(part.pair), part.percentage) for part in cat.parts] == [
        ("Monday", "2", 75.0), ("Thursday", "4", 75.0)]
    assert cat.derivation == ("Cat – Dan: mean of 2 session percentages (Monday: 75.00%, Thursday: 75.00%) = 75.00%; "
                              "place 1= of 4, tied with Eve – Fay")
    assert cat.why.render("de").startswith("Cat – Dan: Mittel aus 2 Durchgangsprozenten")


def test_carry_over_and_matchpoints_added_up() -> None:
    first, second = two_sessions()
    event = score_event(EVENT, [first.state, second.state], carry={"Bob & Ann": 60})
    ann = event.line("Ann – Bob")
    assert ann.score == pytest.approx(36.666666667) and ann.place_text == "3"  # (25 + 25 + 60 × 1) ÷ 3
    assert "carry-over 60% × 1) ÷ 3 = 36.67%" in ann.derivation
    summed = score_event(EVENT, [first.state, second.state], method=EventMethod.MATCHPOINTS, carry={"1": 0.5})
    ann = summed.line("Ann & Bob")  # pair 1 of the first session
    assert (ann.score, ann.percentage, ann.carry) == (2.5, 25.0, 0.5)  # 1 + 1 MP of tops 4 + 4, + 0.5 carried
    assert ann.derivation.startswith("Ann – Bob: Σ 2 MP over 2 sessions (Monday: 1, Thursday: 1) of Σ tops 8 = "
                                     "25.00%; + carry-over 0.5 = 2.5 MP")


def test_a_carry_over_of_nothing_still_counts_and_its_weight_is_the_events() -> None:
    """A qualifying stage carried into the final as a percentage counting as ``carry_weight`` sessions: 0% carried
    is a session of 0%, not no carry-over; the pairs without one keep the plain mean."""
    first, second = two_sessions()
    event = score_event(EVENT, [first.state, second.state], carry={"Ann & Bob": 0})
    ann = event.line("Ann – Bob")
    assert (ann.carry, ann.score) == (0, pytest.approx(50 / 3))  # (25 + 25 + 0 × 1) ÷ 3
    assert "carry-over 0% × 1) ÷ 3 = 16.67%" in ann.derivation
    assert all(line.carry is None for line in event.lines if line is not ann)
    half = score_event(EVENT, [first.state, second.state], carry={"Ann & Bob": 60}, carry_weight=0.5)
    assert half.line("Ann & Bob").score == pytest.approx(32.0)  # (25 + 25 + 60 × 0.5) ÷ 2.5
    assert "carry-over 60% × 0.5) ÷ 2.5 = 32.00%" in half.line("Ann & Bob").derivation


def test_a_carry_over_the_event_cannot_take_is_refused_naming_it() -> None:
    """A carry-over naming no pair (a typo) is refused, never dropped; so is a percentage beyond 0-100, one pair
    carried twice, and a weight of no sessions."""
    first, second = two_sessions()
    states = [first.state, second.state]
    for carry, weight, key, words in (
            ({"Ann & Rob": 60}, 1.0, "carry_pair", "no pair 'Ann & Rob' in event 'Club championship' to carry 60"),
            ({"Ann & Bob": 160}, 1.0, "carry_percent", "'Ann & Bob' carries over 160%: a percentage is 0 to 100"),
            ({"Ann & Bob": 60, "1": 50}, 1.0, "carry_twice", "'1' is carried over twice"),
            ({"Ann & Bob": 60}, 0.0, "carry_weight", "a positive number of sessions, not 0")):
        with pytest.raises(CarryError, match=words) as refused:
            score_event(EVENT, states, carry=carry, carry_weight=weight)
        assert refused.value.key == key
    assert score_event(EVENT, states, method=EventMethod.MATCHPOINTS, carry={"1": -1.5}).line("1").carry == -1.5
    assert parse_carry(["Ann & Bob=60", " 3NS = -4.5 "]) == {"Ann & Bob": 60.0, "3NS": -4.5}
    for bad in ("Ann", "=60", "Ann=many", "Ann=nan", "Ann=inf"):
        with pytest.raises(CarryError, match="expected NAMES=VALUE or PAIR=VALUE"):
            parse_carry([bad])
    with pytest.raises(CarryError, match="'Ann' is carried over twice"):
        parse_carry(["Ann=1", "Ann=2"])


def test_a_pair_twice_in_a_session_or_mixed_scoring_is_refused() -> None:
    twice = played("Twice", [("Ann", "Bob"), ("Bob", "Ann"), ("Eve", "Fay"), ("Gus", "Hal")], [(420, 450), (0, 0)])
    with pytest.raises(ResultError, match="play twice in session Twice"):
        score_event(EVENT, [twice.state])
    with pytest.raises(ResultError, match="not a way to combine"):
        EventMethod.parse("best")


def test_rank_and_publish_the_event_from_the_cli(tmp_path: Path) -> None:
    db = str(tmp_path / "club.db")
    with ClubStore(db) as store:
        for session in two_sessions():
            store.create(session)
    runner = CliRunner()
    result = runner.invoke(app, ["club", "rank", "--db", db, "--event", EVENT, "--carry", "Ann & Bob=60"])
    assert result.exit_code == 0, result.output
    assert "Monday" in result.output and "36.67" in result.output and "Cat – Dan" in result.output
    result = runner.invoke(app, ["club", "rank", "--db", db, "--event", "No such event"])
    assert result.exit_code == 2 and "no session of event 'No such event'" in result.output
    result = runner.invoke(app, ["club", "rank", "--db", db, "--event", EVENT, "--carry", "Ann"])
    assert result.exit_code == 2 and "expected NAMES=VALUE" in result.output
    assert "Traceback" not in result.output
    out = tmp_path / "site"
    result = runner.invoke(app, ["club", "publish", str(out), "--db", db, "--event", EVENT, "--lang", "nl"])
    assert result.exit_code == 0, result.output
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "Totaalstand" in page and "session-2/index.html" in page and "gemiddelde van 2 zittingspercentages" in page
    assert (out / "session-1" / "index.html").is_file() and (out / "event.csv").read_text().startswith("place,")


def test_event_pages_in_four_languages(tmp_path: Path) -> None:
    first, second = two_sessions()
    event = score_event(EVENT, [first.state, second.state], carry={"Ann & Bob": 60})
    for code, word in (("en", "Combined ranking"), ("nl", "Totaalstand"), ("de", "Gesamtwertung"),
                       ("no", "Sammenlagt")):
        write_event_pages(event, [first.state, second.state], tmp_path / code, lang=code)
        page = (tmp_path / code / "index.html").read_text(encoding="utf-8")
        assert word in page and event.lines[0].why.render(code).split(":")[1][:12] in page
