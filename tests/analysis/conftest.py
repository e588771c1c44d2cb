"""Fixtures for the analysis tests: the DDS ground-truth files parsed into records.

The DDS ``hands/`` format, one block per deal:
``PBN dealer vul trump first "deal"`` (DDS numbers: seats N 0 … W 3; vulnerability none 0,
both 1, NS 2, EW 3; trump S 0, H 1, D 2, C 3, NT 4; ``first`` leads the first trick),
``FUT n suits… ranks… equals… scores…`` (SolveBoard, all cards, from the start),
``TABLE`` (20 numbers, strains S H D C NT, declarers N E S W),
``PAR "NS s" "EW s" "NS:…" "EW:…"`` (sides par), ``PAR2 "score" "contract" …`` (dealer par),
``PLAY n "cards"`` and ``TRACE n+1 values`` (declarer's DD total before and after each card).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from redouble import Card, Deal, Rank, Seat, Strain, Suit, Vulnerability

DDS_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
DDS_STRAINS = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
DDS_VULNERABILITY = (Vulnerability.NONE, Vulnerability.BOTH, Vulnerability.NS, Vulnerability.EW)


@dataclass
class DDSRecord:
    """One deal of a DDS test file."""

    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    trump: Strain
    first: Seat
    future: dict[Card, int]
    table: list[int]
    par: list[str]
    par2: list[str]
    play: list[Card]
    trace: list[int]


def _cards(text: str) -> list[Card]:
    return [Card.parse(text[i:i + 2]) for i in range(0, len(text), 2)]


def parse_dds_file(path: Path) -> list[DDSRecord]:
    """The records of a DDS ``hands/`` test file."""
    records: list[DDSRecord] = []
    fields: dict[str, list[str]] = {}

    def flush() -> None:
        if "PBN" not in fields:
            return
        _, dealer, vul, trump, first, pbn = fields["PBN"]
        future: dict[Card, int] = {}
        if "FUT" in fields:
            numbers = [int(x) for x in fields["FUT"][1:]]
            n = numbers[0]
            suits, ranks, equals, scores = (numbers[1 + k * n:1 + (k + 1) * n] for k in range(4))
            for suit, rank, eq, score in zip(suits, ranks, equals, scores, strict=True):
                future[Card(DDS_SUITS[suit], Rank(rank))] = score
                for low in range(2, 15):
                    if eq & (1 << low):
                        future[Card(DDS_SUITS[suit], Rank(low))] = score
        play = _cards(fields["PLAY"][2]) if "PLAY" in fields else []
        records.append(DDSRecord(
            deal=Deal.from_pbn(pbn), dealer=Seat(int(dealer)),
            vulnerability=DDS_VULNERABILITY[int(vul)], trump=DDS_STRAINS[int(trump)],
            first=Seat(int(first)), future=future,
            table=[int(x) for x in fields.get("TABLE", ["TABLE"])[1:]],
            par=fields.get("PAR", ["PAR"])[1:], par2=fields.get("PAR2", ["PAR2"])[1:],
            play=play, trace=[int(x) for x in fields.get("TRACE", ["TRACE", "0"])[2:]]))

    for line in path.read_text().splitlines():
        parts = shlex.split(line)
        if not parts:
            continue
        if parts[0] == "PBN":
            flush()
            fields = {}
        if parts[0] != "NUMBER":
            fields[parts[0]] = parts
    flush()
    return records


@pytest.fixture(scope="session")
def list100(data_dir: Path) -> list[DDSRecord]:
    """The 100 deals of DDS's ``list100.txt``."""
    records = parse_dds_file(data_dir / "dds" / "list100.txt")
    assert len(records) == 100
    return records
