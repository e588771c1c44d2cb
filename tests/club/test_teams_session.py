"""A teams session from movement to published results: seed 001's team match (+15 IMPs) through the Session API and
the ``redouble club`` commands, a round robin ranked by VPs with ties shared, and results refused for the wrong room."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from club_support import SEED_TEAM_MATCH
from typer.testing import CliRunner

from redouble.cli import app
from redouble.club.movement import PairId
from redouble.club.movements.teams import round_robin_teams, team_match
from redouble.club.results import BoardResult
from redouble.club.scoring import Method
from redouble.club.session import (
    Adjustment,
    Session,
    SessionError,
    Slot,
    TeamFormed,
    WrongPairError,
    parse_result_line,
)
from redouble.club.store import ClubStore
from redouble.club.usebio import ELEMENTS, TRAVELLER_LINE, UsebioError
from redouble.scoring.vp import SEED30, victory_points

runner = CliRunner()


def seed_match_session() -> Session:
    """Seed 001's 24-board match, its first four boards played in both rooms."""
    movement = team_match(24)
    session = Session.open("Seed 001 match", movement, by="director", method=Method.IMPS)
    session.append(TeamFormed(1, "A", (PairId(1), PairId(2))), by="director")
    session.append(TeamFormed(2, "B", (PairId(3), PairId(4))), by="director")
    for board, open_line, _, closed_line, _, _ in SEED_TEAM_MATCH:
        for seating in movement.seatings:
            if board in seating.boards:
                assert seating.ns is not None and seating.ew is not None
                typed = open_line if seating.ns == PairId(1) else closed_line
                result = parse_result_line(typed, board=board, ns=seating.ns, ew=seating.ew, table=seating.table,
                                           round=seating.round)
                assert isinstance(result, BoardResult)
                session.enter(result, by="scorer")
    return session


def test_seed_team_match_gives_plus_15_imps_through_the_session() -> None:
    session = seed_match_session()
    assert session.state.is_teams
    scored = session.team_score(scale="seed30")
    (card,) = scored.matches
    assert (card.home_name, card.away_name) == ("A", "B")
    played = [rooms for rooms in card.boards if rooms.imps is not None]
    assert [(r.board, r.open_room and r.open_room.ns_score, r.closed_room and r.closed_room.ns_score, r.imps)
            for r in played] == [(board, open_ns, closed_ns, imps)
                                 for board, _, open_ns, _, closed_ns, imps in SEED_TEAM_MATCH]
    assert card.imps == 15 and not card.complete and len(card.boards) == 24
    assert card.victory_points == SEED30(15, boards=24)  # VPs over the match's 24 boards
    assert played[0].open_room is not None and played[0].open_room.table == 1
    assert played[0].closed_room is not None and played[0].closed_room.table == 2
    assert "open room NS +420, closed room NS +450: A -30 → -1 IMPs (Law 78B)" in played[0].derivation
    first, second = scored.ranking
    assert (first.place_text, first.name, first.imps, first.victory_points) == ("1", "A", 15, SEED30(15, boards=24)[0])
    assert (second.name, second.imps) == ("B", -15)
    assert first.derivation.endswith(f"= {first.victory_points:g} VPs")
    assert session.team_score().team(1).victory_points == victory_points(15, boards=24)[0]  # WBF 2013 by default


def test_a_teams_session_replays_from_its_log() -> None:
    session = seed_match_session()
    again = Session.loads(session.dumps())
    assert again.team_score() == session.team_score()
    assert session.as_of(4).team_score().matches[0].imps == 0  # before any result: nothing compared yet


def test_a_result_for_a_pair_not_in_that_room_is_refused_and_nothing_is_lost() -> None:
    session = seed_match_session()
    before = session.dumps()
    # Board 5 is played at table 1 in round 1 by pairs 1 (A) and 3 (B); pair 2 plays for A in the other room.
    with pytest.raises(WrongPairError, match=r"table 1, round 1, board 5: 2 v 3 is not who sits there \(1 NS v 3 EW\)"):
        session.enter(BoardResult(5, PairId(2), PairId(3), score=420, table=1, round=1), by="scorer")
    with pytest.raises(WrongPairError, match=r"board 5: 4 \(NS\) and 3 \(EW\) do not play it against each other"):
        session.enter(BoardResult(5, PairId(4), PairId(3), score=420), by="scorer")
    with pytest.raises(WrongPairError, match=r"team 3: pair 1 already plays for team 1 \(A\)"):
        session.append(TeamFormed(3, "C", (PairId(1),)), by="director")
    assert session.dumps() == before
    assert session.team_score().matches[0].imps == 15


def test_no_teams_formed_is_a_clear_error() -> None:
    session = Session.open("Teams", team_match(8, segments=1), by="director", method=Method.IMPS)
    assert not session.state.is_teams
    with pytest.raises(SessionError, match="no teams formed yet"):
        session.team_score()


def test_round_robin_matches_and_ranking_with_shared_places() -> None:
    movement = round_robin_teams(4, boards_per_round=1)
    session = Session.open("Round robin", movement, by="director", method=Method.IMPS)
    for team in range(1, 5):
        session.append(TeamFormed(team, f"T{team}", (PairId(2 * team - 1), PairId(2 * team))), by="director")
    # Every match is level (110 in both rooms) except team 1 v team 2: 140 in the open room, 110 in the closed.
    for seating in movement.seatings:
        assert seating.ns is not None and seating.ew is not None
        (board,) = seating.boards
        teams = {(seating.ns.number + 1) // 2, (seating.ew.number + 1) // 2}
        home_ns = min(teams) == (seating.ns.number + 1) // 2
        score = 140 if teams == {1, 2} and home_ns else 110
        session.enter(BoardResult(board, seating.ns, seating.ew, score=score, table=seating.table,
                                  round=seating.round), by="scorer")
    scored = session.team_score()
    assert len(scored.matches) == 6 and all(card.complete for card in scored.matches)
    one_two = next(card for card in scored.matches if (card.home, card.away) == (1, 2))
    assert one_two.imps == 1 and one_two.victory_points == victory_points(1, boards=1)
    level = victory_points(0, boards=1)[0]
    expected = {1: one_two.victory_points[0] + 2 * level, 2: one_two.victory_points[1] + 2 * level,
                3: 3 * level, 4: 3 * level}
    assert {team.team: team.victory_points for team in scored.ranking} == pytest.approx(expected)
    assert [(team.team, team.place_text) for team in scored.ranking] == [(1, "1"), (3, "2="), (4, "2="), (2, "4")]
    assert all(team.matches == 3 for team in scored.ranking)


def club(*args: str, input: str | None = None) -> tuple[int, str]:
    result = runner.invoke(app, ["club", *args], input=input)
    return result.exit_code, result.output


def test_seed_team_match_through_the_club_commands(tmp_path: Path) -> None:
    db = str(tmp_path / "club.db")
    code, out = club("new", "Seed match", "--teams", "2", "--boards", "24", "--no-deal", "--db", db)
    assert code == 0, out
    assert "Teams match 24 boards (2 tables, 4 rounds, boards 1-24, 4 pairs), imps" in out
    code, out = club("rank", "--db", db)
    assert code == 0 and "Team 1" in out and "Team 2" in out, out  # teams formed with the movement
    for args in (("team", "1", "A", "1", "2"), ("team", "2", "B", "3", "4"), ("seat", "1", "Ann", "Bob")):
        code, out = club(*args, "--db", db)
        assert code == 0, out
    # The enter prompt asks for each board in the open room (table 1) and then the closed room (table 2).
    typed = [line for _, open_line, _, closed_line, _, _ in SEED_TEAM_MATCH for line in (open_line, closed_line)]
    code, out = club("enter", "1", "2", "3", "4", "--db", db, input="\n".join([*typed, "quit"]) + "\n")
    assert code == 0, out
    assert out.count("complete.") == 4
    code, out = club("enter", "5", "--db", db, input="2 3 4S S 10\nquit\n")
    assert "error: board 5: 2 (NS) and 3 (EW) do not play it against each other" in out
    code, out = club("rank", "--vp-scale", "seed30", "--db", db)
    assert code == 0, out
    vps = SEED30(15, boards=24)
    assert re.search(rf"│\s+1 │ 1 A\s+│\s+{vps[0]:g} │\s+\+15 │\s+1 │", out), out
    assert re.search(rf"│\s+2 │ 2 B\s+│\s+{vps[1]:g} │\s+-15 │", out), out
    assert f"A v B: +15 IMPs, VPs {vps[0]:g}-{vps[1]:g}" in out
    assert re.search(r"│\s+3 │ 3NT W \+3\s+│\s+-690 │ 6NT W =\s+│\s+-1440 │\s+13 │", out), out
    code, out = club("publish", str(tmp_path / "site"), "--vp-scale", "seed30", "--db", db)
    assert code == 0, out
    page = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "Team ranking" in page and "Match scorecards" in page and "A – B" in page
    assert "open room NS +420, closed room NS +450: A -30 → -1 IMPs" in page
    assert "+15 IMP · VP 18–12" in page
    dutch = (tmp_path / "site" / "index-nl.html").read_text(encoding="utf-8")
    assert "Scorekaarten per wedstrijd" in dutch and "3SA W +3" in dutch and "Open kamer (A NZ)" in dutch
    for name in ("index-de.html", "index-no.html"):
        assert "+15 IMP" in (tmp_path / "site" / name).read_text(encoding="utf-8")
    csv = (tmp_path / "site" / "matches.csv").read_text(encoding="utf-8").splitlines()
    assert "A,B,3,closed,4,2,6NT,W,12,-1440,13" in csv
    assert (tmp_path / "site" / "ranking.csv").read_text(encoding="utf-8").splitlines()[1] == "1,1,A,18,15,1"
    with ClubStore(db) as store:
        assert store.load("seed-match").team_score().matches[0].imps == 15


def test_a_teams_event_refuses_another_method(tmp_path: Path) -> None:
    code, out = club("new", "X", "--teams", "2", "--boards", "8", "--method", "matchpoints", "--no-deal",
                     "--db", str(tmp_path / "club.db"))
    assert code != 0 and "a teams event is scored in IMPs" in out and "Traceback" not in out


def _room(session: Session, board: int, home_ns: bool) -> tuple[Slot, PairId, PairId]:
    """The slot of ``board`` in the open room (team A, pairs 1 and 2, NS) or the closed room (A EW)."""
    for seating in session.state.movement.seatings:
        if board in seating.boards and (seating.ns == PairId(1)) == home_ns:
            assert seating.ns is not None and seating.ew is not None
            return Slot(seating.section, seating.table, seating.round, board), seating.ns, seating.ew
    raise AssertionError(board)


def test_artificial_scores_in_a_team_match_become_imps_by_law_86() -> None:
    """Hand-worked: seed 001's four boards (+15) and four adjusted boards. Board 5: A+/A- in the open room, the
    closed room 4S= (+620) is not compared: A +3. Board 6: Av (A) in the closed room: 0. Board 7: A+ to both sides
    in the open room (non-balancing): A +3 and B +3, averaged (Law 86B): 0. Board 8: A+/A in the closed room, A
    (EW) 50% → 0, B (NS) 60% → +3: A (0 − 3) ÷ 2 = -1.5. Total +15 +3 +0 +0 -1.5 = +16.5."""
    session = seed_match_session()
    adjusted = {5: (True, "A+/A-"), 6: (False, "A"), 7: (True, "A+"), 8: (False, "A+/A")}
    for board, (home_ns, label) in adjusted.items():
        slot, _, _ = _room(session, board, home_ns)
        session.adjust(slot, Adjustment.parse(label), by="director", reason="fouled board")
        other, other_ns, other_ew = _room(session, board, not home_ns)
        result = parse_result_line("4S S 10", board=board, ns=other_ns, ew=other_ew, table=other.table,
                                   round=other.round)
        assert isinstance(result, BoardResult)
        session.enter(result, by="scorer")
    (card,) = session.team_score().matches
    imps = {rooms.board: rooms.imps for rooms in card.boards if rooms.imps is not None}
    assert imps == {1: -1, 2: -3, 3: 13, 4: 6, 5: 3, 6: 0, 7: 0, 8: -1.5}
    assert card.imps == 16.5
    assert card.victory_points == victory_points(16.5, boards=24)
    first, second = session.team_score().ranking
    assert (first.name, first.imps, second.imps) == ("A", 16.5, -16.5)
    fifth = next(rooms for rooms in card.boards if rooms.board == 5)
    assert fifth.derivation == ("open room: A+/A-, A 60% → +3, B 40% → -3 IMPs (Law 12C2b); A (+3 − -3) ÷ 2 = +3 "
                                "IMPs (Law 86B); the other room's result is not compared (Law 86A)")
    assert "(Artikel 86B)" in fifth.why.render("nl")
    assert "+16.5 IMPs" in session.team_score().text()


def adjust_open_room(session: Session, board: int, adjustment: str, closed: str) -> None:
    """The director's adjusted score in the open room, the result typed in the closed room."""
    slot, _, _ = _room(session, board, True)
    session.adjust(slot, Adjustment.parse(adjustment), by="director", reason="director's ruling")
    other, ns, ew = _room(session, board, False)
    result = parse_result_line(closed, board=board, ns=ns, ew=ew, table=other.table, round=other.round)
    assert isinstance(result, BoardResult)
    session.enter(result, by="scorer")


def test_a_split_score_in_a_team_match_averages_each_teams_view() -> None:
    """Law 86B: board 5 (NS vulnerable), open room split +620 for NS (team A) / +650 for EW (team B's view), closed
    room 4S= +620. A's own scores: +620 v +620 → 0; B's: +650 v +620 → A +30 → +1; the average +0.5."""
    session = seed_match_session()
    adjust_open_room(session, 5, "620/650", "4S S 10")
    (card,) = session.team_score().matches
    assert next(rooms.imps for rooms in card.boards if rooms.board == 5) == 0.5


def test_a_teams_session_writes_pbn_and_usebio_that_read_back_to_the_same_ranking() -> None:
    from redouble.club.pages import render_pages
    from redouble.club.teamfiles import read_teams_pbn, read_teams_usebio, score_team_lines

    session = seed_match_session()
    adjust_open_room(session, 5, "A+/A-", "3NT N 9")
    state = session.state
    original = state.team_score()
    files = render_pages(state)
    pbn, xml = files["results.pbn"], files["results.xml"]
    assert '[Competition "Teams"]' in pbn and "TotalScoreTable" in pbn and '"Open"' in pbn
    assert '<EVENT EVENT_TYPE="TEAMS">' in xml and "usebio_v1_2.dtd" in xml
    assert '<TEAM TEAM_ID="1" TEAM_NAME="A">' in xml
    root = ET.fromstring(xml.split("\n", 2)[2])
    assert {element.tag for element in root.iter()} <= ELEMENTS  # the standard's elements only
    match = root.find("EVENT/MATCH")
    assert match is not None and (match.findtext("TEAM"), match.findtext("OPPOSING_TEAM")) == ("1", "2")
    # each line says where the match's TEAM (A: pairs 1 and 2) sat, as ImportUsebio reads it: NS in the open room
    assert {(line.findtext("DIRECTION"), line.findtext("NS_PAIR_NUMBER")) for line in match.iter("TRAVELLER_LINE")} \
        == {("NS", "1"), ("EW", "4")}
    for read in (read_teams_pbn(pbn), read_teams_usebio(xml)):
        assert read.team_map == {1: ("A", (PairId(1), PairId(2))), 2: ("B", (PairId(3), PairId(4)))}
        assert len(read.lines) == 10  # five boards in both rooms
        assert {team: (vps, imps) for team, _, vps, imps in read.ranking} == {
            line.team: (line.victory_points, line.imps) for line in original.ranking}
        again = score_team_lines([line.result for line in read.lines], read.team_map)
        assert [(line.team, line.imps) for line in again.ranking] == [(1, 18), (2, -18)]  # +15, then board 5 +3
        played = {rooms.board: rooms.imps for card in again.matches for rooms in card.boards}
        assert played == {board: imps for board, imps in ((1, -1), (2, -3), (3, 13), (4, 6), (5, 3))}


def test_weighted_and_split_room_scores_write_and_read_back_to_the_same_ranking() -> None:
    """Laws 12C1b and 12C1c through the teams files. Board 5: split +620 / +650 in the open room v 4S= +620: +0.5 (as
    above). Board 6 (NS not vulnerable): weighted 60% +420, 40% -50 in the open room v 4S= +420 in the closed: A
    0.6 × 0 + 0.4 × (-470 → -10) = -4 IMPs. Match +15 +0.5 -4 = +11.5."""
    from redouble.club.pages import render_pages
    from redouble.club.teamfiles import read_teams_pbn, read_teams_usebio, score_team_lines
    from redouble.scoring.matchpoints import WeightedScore

    session = seed_match_session()
    adjust_open_room(session, 5, "620/650", "4S S 10")
    adjust_open_room(session, 6, "60% 420, 40% -50", "4S S 10")
    original = session.state.team_score()
    (card,) = original.matches
    imps = {rooms.board: rooms.imps for rooms in card.boards if rooms.imps is not None}
    assert imps == {1: -1, 2: -3, 3: 13, 4: 6, 5: 0.5, 6: -4} and card.imps == 11.5
    files = render_pages(session.state)
    pbn, xml = files["results.pbn"], files["results.xml"]
    assert re.search(r'"620" +"-650"', pbn) and '"60% 420, 40% -50"' in pbn
    # USEBIO 1.2 has no element for EW's own score or a weighted score's parts: SCORE carries each as a code,
    # as it carries A6040, and every line holds the standard's elements only
    assert "<SCORE>620/650</SCORE>" in xml and "<SCORE>60% 420, 40% -50</SCORE>" in xml
    assert "EW_SCORE" not in xml and "WEIGHTED_SCORE" not in xml
    root = ET.fromstring(xml.split("\n", 2)[2])
    assert {element.tag for element in root.iter()} <= ELEMENTS
    for traveller in root.iter("TRAVELLER_LINE"):
        assert {child.tag for child in traveller} <= set(TRAVELLER_LINE), traveller
    for read in (read_teams_pbn(pbn), read_teams_usebio(xml)):
        adjusted = {line.result.board: line.result for line in read.lines if line.result.adjusted}
        assert (adjusted[5].score, adjusted[5].ew_score) == (620, 650)
        assert adjusted[6].weighted == WeightedScore(((0.6, 420), (0.4, -50)))
        again = score_team_lines([line.result for line in read.lines], read.team_map)
        # The file holds the six boards played, so VPs rescore over six boards, not the match's 24: compare IMPs.
        assert [(line.team, line.place, line.imps) for line in again.ranking] == [
            (line.team, line.place, line.imps) for line in original.ranking] == [(1, 1, 11.5), (2, 2, -11.5)]
        assert {rooms.board: rooms.imps for card in again.matches for rooms in card.boards} == imps
    bad = xml.replace("<SCORE>60% 420, 40% -50</SCORE>", "<SCORE>60% 420</SCORE>")
    with pytest.raises(UsebioError, match=r"board 6, 1 v 3: the weights of a weighted score add up to 1, not 0.6"):
        read_teams_usebio(bad)
    with pytest.raises(UsebioError, match=r"board 5, 1 v 3: SCORE '620/' is not a score: NS's score \(420\), an "):
        read_teams_usebio(xml.replace("<SCORE>620/650</SCORE>", "<SCORE>620/</SCORE>"))
