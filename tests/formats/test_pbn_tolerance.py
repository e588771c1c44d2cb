"""What real programs write, read without fuss; what they get wrong, refused with line and column."""

from __future__ import annotations

import codecs

import pytest

from redouble.calls import Contract
from redouble.cards import Card, Suit
from redouble.deal import Deal
from redouble.formats import pbn
from redouble.formats.pbn import ParseError
from redouble.formats.pbn import model as pbn_model
from redouble.hand import Hand
from redouble.seats import Seat, Vulnerability

DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"


def one(text: str | bytes) -> pbn.Game:
    games = pbn.loads(text)
    assert len(games) == 1
    return games[0]


def test_question_mark_values_mean_unknown() -> None:
    game = one('[Event "?"]\n[Board "?"]\n[Dealer "?"]\n[Vulnerable "?"]\n[Deal "?"]\n[Contract "?"]\n'
               '[Declarer "?"]\n[Result "?"]\n')
    assert game.tags["Event"] == "?" and game.tag("Event") is None
    assert game.board is None and game.dealer is None and game.vulnerability is None
    assert game.deal is None and game.contract is None and game.declarer is None and game.result is None
    assert pbn.loads(pbn.dumps([game])) == [game]


def test_game_without_deal_has_deal_none() -> None:
    game = one('[Event "Club night"]\n[Board "3"]\n')
    assert game.deal is None and game.hands == {}


def test_comment_only_lines_do_not_end_a_game() -> None:
    text = ('; written by hand\n[Board "1"]\n; a comment line\n{ a brace comment }\n[Dealer "N"]\n'
            '{ a comment\n\nwith an empty line inside }\n[Vulnerable "None"]\n[Deal "' + DEAL + '"]\n')
    game = one(text)
    assert list(game.tags) == ["Board", "Dealer", "Vulnerable", "Deal"]
    assert game.comments[""] == ("; written by hand",)
    assert game.comments["Board"] == ("; a comment line", "{ a brace comment }")
    assert game.comments["Dealer"] == ("{ a comment\n\nwith an empty line inside }",)
    again = pbn.loads(pbn.dumps([game]))
    assert again == [game]


def test_percent_directives_are_kept_only_in_the_first_column() -> None:
    text = ('% PBN 2.1\n% EXPORT\n%Creator: Dealmaster Pro\n[Event "100% fun"]\n[Board "1"]\n'
            '[Deal "' + DEAL + '"]\n')
    game = one(text)
    assert game.directives == (" PBN 2.1", " EXPORT", "Creator: Dealmaster Pro")
    assert game.tags["Event"] == "100% fun"
    assert pbn.dumps([game], newline="\n") == text
    assert pbn.dumps([pbn.Game(tags={"Board": "1"})], header=True, newline="\n") == (
        '% PBN 2.1\n% EXPORT\n[Board "1"]\n')


def test_voids_written_as_adjacent_dots() -> None:
    game = one('[Deal "N:AKQ984.KQT7..Q83 7.J63.AJT82.A754 532.854.Q43.KT62 JT6.A92.K9765.J9"]')
    assert game.deal is not None
    assert game.deal[Seat.NORTH].length(Suit.DIAMONDS) == 0
    spade_void = one(f'[Deal "{DEAL}"]')
    assert spade_void.deal is not None and spade_void.deal[Seat.NORTH].length(Suit.SPADES) == 0


def test_redundant_suit_letters_lowercase_and_tens_in_deal() -> None:
    plain = one(f'[Deal "{DEAL}"]').deal
    lettered = one('[Deal "N:S.H63.DAKQ987.CA9732 SA8654.HKQ5.DT.CQJT6 SJ973.HJ98742.D3.CK4 '
                   'SKQT2.HAT.DJ6542.C85"]').deal
    lower = one('[Deal "n:.63.akq987.a9732 a8654.kq5.10.qj106 j973.j98742.3.k4 kqt2.at.j6542.85"]').deal
    assert plain is not None and lettered == plain and lower == plain


def test_deal_from_any_first_seat_and_with_one_hand_missing() -> None:
    rotated = one('[Deal "W:KQT2.AT.J6542.85 .63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4"]').deal
    missing = one('[Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 -"]').deal
    assert rotated == Deal.from_pbn(DEAL) and missing == Deal.from_pbn(DEAL)


def test_partial_deal_and_end_position() -> None:
    east_west = one('[Deal "W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -"]')
    assert east_west.deal is None
    assert set(east_west.hands) == {Seat.WEST, Seat.EAST}
    ending = one('[Contract "NT"]\n[Deal "N:A.K.Q. K.Q..A Q..A.K .A.K.Q"]')
    assert ending.deal is None and len(ending.hands[Seat.NORTH]) == 3
    assert ending.trump is None and ending.contract is None


def test_utf8_and_utf16_with_byte_order_mark_and_latin1() -> None:
    text = '[Event "Bridgeklubb Tromsø"]\n[West "Jernæs, Årstein"]\n[Deal "' + DEAL + '"]\n'
    expected = one(text)
    assert expected.tags["West"] == "Jernæs, Årstein"
    for data in (codecs.BOM_UTF8 + text.encode("utf-8"),
                 codecs.BOM_UTF16_LE + text.encode("utf-16-le"),
                 codecs.BOM_UTF16_BE + text.encode("utf-16-be"),
                 text.encode("utf-8"), text.encode("latin-1"), text.replace("\n", "\r\n").encode("utf-16")):
        assert one(data) == expected
    assert one("\ufeff" + text) == expected


def test_files_and_open_handles(tmp_path: pytest.TempPathFactory) -> None:
    text = '[Board "1"]\r\n[Deal "' + DEAL + '"]\r\n'
    path = tmp_path / "game.pbn"  # type: ignore[operator]
    path.write_bytes(codecs.BOM_UTF16_LE + text.encode("utf-16-le"))
    assert pbn.load(path) == pbn.loads(text)
    with open(path, "rb") as handle:
        assert pbn.load(handle) == pbn.loads(text)
    out = tmp_path / "out.pbn"  # type: ignore[operator]
    pbn.dump(pbn.loads(text), out)
    assert out.read_bytes() == text.encode()
    with open(out, encoding="utf-8", newline="") as handle:
        assert pbn.load(handle) == pbn.loads(text)


def test_stray_lines_from_dealer_programs_are_ignored_with_a_warning() -> None:
    text = ('Generated by dealer version 2.0 (C) 1999\nhand 1\n[Board "1"]\n[Dealer "N"]\n'
            '[Deal "' + DEAL + '"]\n-----------------------\n\n'
            'Board 2 -- dealt by Big Deal\n[Board "2"]\n[Dealer "E"]\n'
            '[Deal "N:AKQ984.KQT7..Q83 7.J63.AJT82.A754 532.854.Q43.KT62 JT6.A92.K9765.J9"]\n')
    games = pbn.loads(text)
    assert [game.board for game in games] == [1, 2]
    assert all(game.deal is not None for game in games)
    assert any("Generated" in warning for warning in games[0].warnings)
    assert any("Big" in warning for warning in games[1].warnings)
    assert pbn.loads(pbn.dumps(games)) == games


def test_blank_lines_with_spaces_and_tabs_separate_games() -> None:
    games = pbn.loads('[Board "1"]\n \t \n[Board "2"]\n\n\n\n[Board "3"]')
    assert [game.board for game in games] == [1, 2, 3]


def test_carriage_return_only_line_ends() -> None:
    games = pbn.loads(b'[Board "1"]\r[Dealer "N"]\r\r[Board "2"]\r')
    assert [game.board for game in games] == [1, 2]


def test_tags_on_one_line_and_a_tag_over_lines() -> None:
    game = one('[Board "1"] [Dealer "S"]  [Vulnerable\n "EW"]\n[ Event   "x" ]')
    assert game.tags == {"Board": "1", "Dealer": "S", "Vulnerable": "EW", "Event": "x"}
    assert game.vulnerability is Vulnerability.EW


def test_a_repeated_tag_is_ignored() -> None:
    game = one('[Board "1"]\n[Board "2"]\n')
    assert game.tags == {"Board": "1"}
    assert game.warnings
    played = one('[Dealer "N"]\n[Auction "N"]\n1NT Pass Pass Pass\n[Dealer "S"]\n[Auction "S"]\n2C\n')
    assert played.tags["Dealer"] == "N"
    assert [str(c) for c in played.calls] == ["1NT", "Pass", "Pass", "Pass"]
    assert len(played.warnings) == 2


def test_escaped_quotes_and_backslashes() -> None:
    game = one(r'[Event "the \"Dutch\" cup \\ 2024"]' + '\n[OptimumResultTable "Declarer;Result\\2R"]\nN 9\n')
    assert game.tags["Event"] == 'the "Dutch" cup \\ 2024'
    assert game.tags["OptimumResultTable"] == "Declarer;Result\\2R"
    text = pbn.dumps([game], newline="\n")
    assert r'[Event "the \"Dutch\" cup \\ 2024"]' in text
    assert '[OptimumResultTable "Declarer;Result\\2R"]' in text
    assert pbn.loads(text) == [game]


def test_auction_import_format_west_first_with_dashes_and_all_pass() -> None:
    game = one('[Dealer "E"]\n[Auction "W"]\n- 1C !! =1= $25 1H\n2C ? ap\n[Note "1:Precision"]\n')
    assert game.auction is not None
    assert [str(c) for c in game.calls] == ["1C", "1H", "2C", "Pass", "Pass", "Pass"]
    first = game.auction.entries[1]
    assert first.note == 1 and first.nags == (3, 25)
    text = pbn.dumps([game], newline="\n")
    assert "1C =1= $3 $25" in text  # the standard's own example of suffix to NAG
    assert "2C $2" in text
    assert pbn.loads(text) == [game]


def test_auction_irregularities_and_markers() -> None:
    game = one('[Dealer "W"]\n[Auction "W"]\n1D ^I 1C ^S 2D *\n')
    assert game.auction is not None and game.auction.end == "*"
    entries = game.auction.entries
    assert entries[1].irregularity == "I" and entries[2].irregularity == "S"
    assert pbn.loads(pbn.dumps([game])) == [game]
    continuing = one('[Dealer "N"]\n[Auction "N"]\n1NT Pass +\n')
    assert continuing.auction is not None and continuing.auction.end == "+"
    assert [str(c) for c in continuing.calls] == ["1NT", "Pass"]


def test_play_lines_with_suffixes_become_nags() -> None:
    game = one(f'[Deal "{DEAL}"]\n[Declarer "S"]\n[Contract "5H"]\n[Play "W"]\nSK !! =1= $200 H3 S4 S3\n*\n'
               '[Note "1:top of sequence"]')
    assert game.play is not None
    assert game.play.tricks[0][0].nags == (9, 200)
    assert "SK =1= $9 $200 H3 S4 S3" in pbn.dumps([game])
    assert game.cards[0] == (Seat.WEST, Card.parse("SK"))


def test_inheritance_on_read() -> None:
    text = ('[Event "##Club night"]\n[Site "Utrecht"]\n[Date "2024.01.05"]\n[Board "1"]\n\n'
            '[Site "#"]\n[Board "2"]\n\n'
            '[Event "Final"]\n[Board "3"]\n[Date "#"]\n\n'
            '[Board "4"]\n[Scorer "#"]\n')
    games = pbn.loads(text)
    assert games[0].tags["Event"] == "Club night"
    assert games[1].tags["Event"] == "Club night" and games[1].tags["Site"] == "Utrecht"
    assert games[2].tags["Event"] == "Final"  # a ## tag redefined in the middle of the file
    assert games[2].tags["Date"] == "2024.01.05"  # '#' looks back to the nearest game with the tag
    assert games[3].tags["Event"] == "Final"
    assert games[3].tags["Scorer"] == ""  # nothing to inherit: empty
    assert games[1].inherited == {"Site": "#", "Event": ""}
    # written back as it was: '##' once, '#' where the file had it, nothing where ## implied it
    assert pbn.loads(pbn.dumps(games)) == games
    written = pbn.dumps(games, newline="\n")
    assert written.count("Club night") == 1 and '[Site "#"]' in written


def test_inheritance_on_write() -> None:
    games = [pbn.Game(tags={"Event": "Pairs", "Date": "2024.01.05", "Board": str(n), "Dealer": "N"})
             for n in (1, 2, 3)]
    text = pbn.dumps(games, inherit=True, newline="\n")
    assert text.count('[Event "#"]') == 2 and text.count('[Dealer "N"]') == 3  # never for Dealer
    again = pbn.loads(text)
    assert [game.tags for game in again] == [game.tags for game in games]


def test_inheritance_header_on_write() -> None:
    games = [pbn.Game(tags={"Event": "Pairs", "Site": "Utrecht", "Date": "2024.01.0" + str(n // 2 + 1),
                            "Board": str(n), "Dealer": "N"}) for n in (1, 2, 3, 4)]
    text = pbn.dumps(games, inherit="##", newline="\n")
    assert text.count('[Event "##Pairs"]') == 1 and "Pairs" not in text.split("\n\n", 1)[1]
    assert text.count('[Site "##Utrecht"]') == 1
    assert text.count('[Date "#"]') == 1  # board 3 repeats board 2's date
    assert text.count('[Dealer "N"]') == 4  # never inherited
    again = pbn.loads(text)
    assert [game.tags for game in again] == [game.tags for game in games]
    assert again[1].inherited["Event"] == ""
    with pytest.raises(pbn.ExportError):
        pbn.dumps(games, inherit="###")


def test_a_game_whose_tags_are_all_implied_is_still_written() -> None:
    # Found by the fuzz test: the second game's only tag is implied by the first's '##', and a
    # game written with no tag pair at all read back as part of the first.
    games = pbn.loads('[Event "##E"] \n\n [Note "1:x"]')
    assert len(games) == 2 and games[1].inherited["Event"] == ""
    text = pbn.dumps(games, newline="\n")
    assert text == '[Event "##E"]\n\n[Event "#"]\n'
    assert [game.tags for game in pbn.loads(text)] == [{"Event": "E"}, {"Event": "E"}]
    twins = [pbn.Game(tags={"Event": "Pairs", "Site": "Utrecht"}) for _ in range(3)]
    text = pbn.dumps(twins, inherit="##", newline="\n")
    assert text.count('[Event "#"]') == 2 and "Site" not in text.split("\n\n", 1)[1]
    assert [game.tags for game in pbn.loads(text)] == [game.tags for game in twins]


def test_complete_adds_the_mandatory_tags_as_unknown() -> None:
    game = one('[Board "1"]\n[Dealer "N"]\n[Zeta "z"]\n[Alpha "a"]\n')
    text = pbn.dumps([game], complete=True, newline="\n")
    names = [line[1:line.index(" ")] for line in text.splitlines()]
    assert names == [*pbn.MANDATORY_TAGS, "Alpha", "Zeta"]
    assert '[Event "?"]' in text and '[Board "1"]' in text


def test_export_orders_tags_and_sections() -> None:
    game = one(f'[Zeta "1"]\n[Deal "{DEAL}"]\n[ScoreTable "Score_NS"]\n"100"\n[Contract "3NT"]\n'
               '[OptimumResultTable "Declarer;Denomination;Result"]\nN NT 9\n[Event "E"]\n')
    lines = pbn.dumps([game], newline="\n").splitlines()
    assert lines == ['[Event "E"]', f'[Deal "{DEAL}"]', '[Contract "3NT"]', '[Zeta "1"]',
                     '[OptimumResultTable "Declarer;Denomination;Result"]', "N NT 9",
                     '[ScoreTable "Score_NS"]', '"100"']


def test_result_spellings() -> None:
    game = one('[Declarer "E"]\n[Contract "4S"]\n[Result "EW 10"]\n')
    assert game.result == 10 and game.contract == Contract.parse("4S", declarer=Seat.EAST)
    assert one('[Declarer "E"]\n[Contract "4S"]\n[Result "NS 3"]').result == 10
    assert one('[Declarer "N"]\n[Contract "4S"]\n[Result "NS 9 EW 4"]').result == 9
    assert one('[Declarer "N"]\n[Contract "4S"]\n[Result "^9"]').result == 9


@pytest.mark.parametrize(("text", "line", "column", "expected"), [
    ('[Board "1"]\n[Deal "N:AKQ.JT9"]\n', 2, 1, "a deal like"),
    ('[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.543Z"]', 1, 1, "a deal like"),
    ('[Dealer "Q"]', 1, 1, "N, E, S or W"),
    ('[Vulnerable "Red"]', 1, 1, "None, NS, EW or All"),
    ('[Contract "9Z"]', 1, 1, "a contract like 4HX"),
    ('[Result "lots"]', 1, 1, "declarer's tricks"),
    ('[Dealer "N"]\n[Auction "N"]\n1NT 1Z Pass\n', 3, 5, "a call (1C-7NT"),
    ('[Auction "N"]\n=1= 1NT\n', 2, 1, "a call first"),
    ('[Play "W"]\nSK S1 S3 S4\n', 2, 4, "a card (like SA"),
    ('[Board "1"]\n{ never closed\n[Deal "x"]\n', 2, 1, "'}' to end the comment"),
    ('[Board "1"\n', 1, 1, "a quoted value and ']'"),
    ('[Auction "Q"]\n', 1, 1, "N, E, S or W"),
    ('[Auction "N"]\n"1NT"\n', 2, 1, "a call"),
    ('[Note "text"]\n', 1, 1, "[Note"),
])
def test_parse_errors_give_line_column_and_what_was_expected(text: str, line: int, column: int,
                                                             expected: str) -> None:
    with pytest.raises(ParseError) as caught:
        pbn.loads(text)
    error = caught.value
    assert (error.line, error.column) == (line, column)
    assert expected in str(error) and f"line {line}, column {column}" in str(error)


def test_hand_parsing_helper_agrees_with_core() -> None:
    hand = one('[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]').hands
    assert hand[Seat.NORTH] == Hand.parse("AKQJ.AKQ.AKQ.AKQ")


def test_dump_in_the_standards_latin1(tmp_path: pytest.TempPathFactory) -> None:
    game = one('[Event "Tromsø ♠ cup"]\n[Board "1"]\n')
    path = tmp_path / "latin1.pbn"  # type: ignore[operator]
    pbn.dump([game], path, encoding="latin-1")
    assert path.read_bytes() == b'[Event "Troms\xf8 ? cup"]\r\n[Board "1"]\r\n'
    assert pbn.load(path)[0].tags["Event"] == "Tromsø ? cup"


def test_commentary_in_file_order_and_suit_notation() -> None:
    game = one('{before}\n[Board "1"]\n; on board\n[Dealer "N"]\n[Auction "N"]\n1NT {strong \\S} Pass\n'
               '[Play "E"]\nS2 {low} - - -\n')
    assert game.commentary == ["before", " on board", "strong \\S", "low"]
    assert pbn_model.suit_symbols(game.commentary[2]) == "strong ♠"


def test_normalize_writes_export_spellings() -> None:
    game = one('[Dealer "e"]\n[Vulnerable "Both"]\n[Deal "n:.63.akq987.a9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 '
               'KQT2.AT.J6542.85"]\n[Declarer "s"]\n[Contract "5hx"]\n[Result "NS 9"]\n')
    assert pbn.dumps([game], newline="\n", normalize=True).splitlines() == [
        '[Dealer "E"]', '[Vulnerable "All"]',
        '[Deal "E:A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85 .63.AKQ987.A9732"]',
        '[Declarer "S"]', '[Contract "5HX"]', '[Result "9"]']
    again = pbn.loads(pbn.dumps([game], normalize=True))[0]
    assert (again.deal, again.dealer, again.vulnerability, again.contract, again.result) == (
        game.deal, game.dealer, game.vulnerability, game.contract, game.result)
    partial = one('[Dealer "W"]\n[Deal "N:- A8654.KQ5.T.QJT6 - KQT2.AT.J6542.85"]')
    assert pbn.dumps([partial], normalize=True, newline="\n").splitlines()[1] == (
        '[Deal "W:KQT2.AT.J6542.85 - A8654.KQ5.T.QJT6 -"]')
    assert pbn.dumps([game]) != pbn.dumps([game], normalize=True)  # by default values stay as read
