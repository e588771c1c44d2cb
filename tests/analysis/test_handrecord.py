"""Hand records: PBN with OptimumResultTable/OptimumScore/ParContract and an A4 HTML page."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from redouble import Seat, Strain
from redouble.analysis import dd_tables, par
from redouble.analysis.handrecord import analyse_pbn
from redouble.cli import app
from redouble.formats.pbn import dumps, loads


def test_analyse_a_real_session(data_dir: Path) -> None:
    source = loads((data_dir / "pbn" / "Hand_Trophy_Pairs.pbn").read_bytes())
    assert len(source) == 26
    text = dumps(source[:8])  # the first eight boards keep the test quick
    pbn_text, html_text, count = analyse_pbn(text, title="Hand Trophy <Pairs>")
    games = loads(pbn_text)
    assert count == len(games) == 8
    tables = dd_tables([game.deal for game in games[:4]])  # type: ignore[misc]
    for game, table in zip(games[:4], tables, strict=True):
        deal, dealer, vul = game.deal, game.dealer, game.vulnerability
        assert deal is not None and dealer is not None and vul is not None
        results = game.optimum_results()
        assert len(results) == 20
        assert all(results[(seat, strain)] == table.tricks(declarer=seat, strain=strain)
                   for seat in Seat for strain in Strain)
        expected = par(deal, vulnerability=vul, dealer=dealer, table=table)
        score = game.tags["OptimumScore"]
        assert score == (f"NS {expected.score}" if expected.score >= 0 else f"EW {-expected.score}")
        assert game.tags["ParContract"]
        digits = game.tags["DoubleDummyTricks"]
        assert len(digits) == 20 and int(digits[0], 16) == table.tricks(
            declarer=Seat.NORTH, strain=Strain.NOTRUMP)
    # the HTML: one section per board, A4 print rules, title escaped, suit symbols coloured
    assert html_text.count('<section class="board">') == 8
    assert "@page { size: A4 portrait" in html_text and "break-inside: avoid" in html_text
    assert "Hand Trophy &lt;Pairs&gt;" in html_text
    assert '<span class="red">♥</span>' in html_text and "Par: <b>" in html_text


def test_cli_analyze(tmp_path: Path, data_dir: Path) -> None:
    source = tmp_path / "session.pbn"
    source.write_text('[Board "3"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 '
                      '6543.876.876.876 2.5432.5432.5432"]\n\n[Board "4"]\n[Event "no deal"]\n')
    result = CliRunner().invoke(app, ["analyze", str(source)])
    assert result.exit_code == 0, result.output
    assert "analysed 1 board:" in result.output
    games = loads((tmp_path / "session.analysed.pbn").read_text())
    assert games[0].tags["OptimumScore"] == "NS 1520"  # board 3: dealer South, EW vulnerable
    assert games[0].tags["ParContract"] == "NS 7NT"
    assert "OptimumScore" not in games[1].tags
    html_text = (tmp_path / "session.html").read_text()
    assert "Board 3" in html_text and "Dealer: South" in html_text and "Vul: E-W" in html_text
    assert "<h1>Hand record</h1>" in html_text  # no Event tag
    _, titled, _ = analyse_pbn('[Event "Club night"]\n[Date "2024.05.01"]\n[Board "1"]\n'
                               '[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 '
                               '2.5432.5432.5432"]\n')
    assert "<h1>Club night — 2024.05.01</h1>" in titled
    missing = CliRunner().invoke(app, ["analyze", str(tmp_path / "nothing.pbn")])
    assert missing.exit_code == 2 and "cannot read" in missing.output
