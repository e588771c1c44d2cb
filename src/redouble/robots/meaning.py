"""What a call shows: points, suit lengths, shape and forcing status, in plain words.

A ``Shown`` is concrete (suits known). The same object chooses calls (``fits``), explains them
(``describe`` in English, Dutch, German or Norwegian) and constrains hidden hands when the
robots sample deals (``HandConstraint``).

>>> shown = Shown(hcp=(15, 17), balanced=True)
>>> shown.describe()
'15–17 HCP, balanced'
>>> shown.describe(lang="nl")
'15–17 punten, evenwichtig'
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field

from redouble.cards import Suit
from redouble.notation import SUIT_SYMBOLS, Language
from redouble.robots.evaluation import HandInfo, is_balanced

__all__ = ["Forcing", "HandConstraint", "Points", "Shown", "phrase"]

MAX_HCP = 37
Range = tuple[int, int]
Lengths = tuple[Range, Range, Range, Range]
OPEN: Lengths = ((0, 13), (0, 13), (0, 13), (0, 13))


class Forcing(enum.Enum):
    """How a call obliges partner: not at all, invites, forces a round, forces to game."""

    NONE = "none"
    SIGNOFF = "signoff"
    INVITATIONAL = "invitational"
    FORCING = "forcing"
    GAME_FORCING = "game_forcing"

    def __repr__(self) -> str:
        return f"Forcing.{self.name}"


class Points(enum.Enum):
    """Which count a range is in: high-card points, total points, or support points."""

    HCP = "hcp"
    TOTAL = "total"
    SUPPORT = "support"

    def __repr__(self) -> str:
        return f"Points.{self.name}"


# --- words in four languages ------------------------------------------------------------

_PHRASES: dict[str, tuple[str, str, str, str]] = {
    # key: (en, nl, de, no)
    "hcp": ("HCP", "punten", "FP", "HP"),
    "total": ("total points", "punten inclusief verdeling", "Punkte mit Verteilung",
              "poeng med fordeling"),
    "support": ("support points", "steunpunten", "Unterstützungspunkte", "støttepoeng"),
    "balanced": ("balanced", "evenwichtig", "ausgeglichen", "balansert"),
    "unbalanced": ("unbalanced", "onevenwichtig", "unausgeglichen", "ubalansert"),
    "forcing": ("forcing", "forcing", "forcierend", "krav"),
    "game_forcing": ("game forcing", "manchforcing", "partieforcierend", "utgangskrav"),
    "invitational": ("invitational", "uitnodigend", "einladend", "invitt"),
    "signoff": ("to play", "om te spelen", "zum Spielen", "for å spille"),
    "or": ("or", "of", "oder", "eller"),
    "up to": ("up to", "tot", "bis", "opptil"),
    "exactly": ("exactly", "precies", "genau", "nøyaktig"),
    "at most": ("at most", "hoogstens", "höchstens", "høyst"),
    "natural": ("natural", "natuurlijk", "natürlich", "naturlig"),
    "no agreement": ("no agreed meaning", "geen afspraak", "keine Absprache", "ingen avtale"),
    "stopper": ("stopper in", "stop in", "Stopper in", "stopper i"),
    "unbid_stopped": ("stoppers in the unbid suits", "stops in de ongeboden kleuren",
                      "Stopper in den ungereizten Farben", "stopper i de umeldte fargene"),
    "their_stopped": ("stoppers in both their suits", "stops in hun beide kleuren",
                      "Stopper in beiden gegnerischen Farben", "stopper i begge deres farger"),
    "short": ("short in {suit}", "kort in {suit}", "kurz in {suit}", "kort i {suit}"),
    "a_short_suit": ("a singleton or void", "een singleton of renons", "ein Single oder Chicane",
                     "en singleton eller renons"),
    "passed": ("nothing to bid", "niets te bieden", "nichts zu bieten", "ingenting å melde"),
    # notes: conventions and artificial meanings
    "stayman": ("Stayman: asks for a 4-card major", "Stayman: vraagt naar een 4-kaart hoge kleur",
                "Stayman: fragt nach einer 4er-Oberfarbe", "Stayman: spør etter 4-korts høyfarge"),
    "no_major": ("no 4-card major", "geen 4-kaart hoge kleur", "keine 4er-Oberfarbe",
                 "ingen 4-korts høyfarge"),
    "transfer": ("transfer to {suit}", "transfer naar {suit}", "Transfer nach {suit}",
                 "overføring til {suit}"),
    "completes": ("completes the transfer", "voltooit de transfer", "nimmt den Transfer an",
                  "fullfører overføringen"),
    "strong2c": ("strong and artificial", "sterk en kunstmatig", "stark und künstlich",
                 "sterk og kunstig"),
    "waiting": ("waiting, artificial", "wachtbod, kunstmatig", "Wartegebot, künstlich",
                "ventemelding, kunstig"),
    "jacoby2nt": ("Jacoby 2NT: game-forcing raise", "Jacoby 2SA: manchforcing steun",
                  "Jacoby 2SA: partieforcierende Hebung", "Jacoby 2NT: utgangskrav med støtte"),
    "rkc": ("Roman key-card Blackwood: asks for key cards",
            "Roman Key Card Blackwood: vraagt naar sleutelkaarten",
            "Roman Key Card Blackwood: fragt nach Schlüsselkarten",
            "Roman Key Card Blackwood: spør etter nøkkelkort"),
    "rkc_suit": ("for {suit} (the last suit our side bid)",
                 "voor {suit} (de laatste kleur die wij boden)",
                 "für {suit} (die zuletzt von uns gereizte Farbe)",
                 "for {suit} (fargen vi meldte sist)"),
    "kings_ask": ("asks for kings: all the key cards and the trump queen are held, grand slam interest",
                  "vraagt naar heren: alle sleutelkaarten en de troefvrouw aanwezig, grootslem-interesse",
                  "fragt nach Königen: alle Schlüsselkarten und die Trumpfdame vorhanden, Großschlem-Interesse",
                  "spør etter konger: alle nøkkelkort og trumfdamen er der, storeslem-interesse"),
    "king_of": ("the king of {suit}, the cheapest side king", "de heer van {suit}, de goedkoopste heer naast troef",
                "der König in {suit}, der billigste Nebenkönig", "kongen i {suit}, den billigste sidekongen"),
    "no_side_king": ("no side king below the trump suit", "geen heer naast troef onder de troefkleur",
                     "kein Nebenkönig unterhalb der Trumpffarbe", "ingen sidekonge under trumffargen"),
    "queen_ask": ("asks for the trump queen", "vraagt naar de troefvrouw",
                  "fragt nach der Trumpfdame", "spør etter trumfdamen"),
    "trump_queen": ("the trump queen", "de troefvrouw", "die Trumpfdame", "trumfdamen"),
    "no_trump_queen": ("no trump queen", "geen troefvrouw", "keine Trumpfdame", "ingen trumfdame"),
    "gerber": ("Gerber: asks for aces", "Gerber: vraagt naar azen", "Gerber: fragt nach Assen",
               "Gerber: spør etter ess"),
    "aces_04": ("0 or 4 aces", "0 of 4 azen", "0 oder 4 Asse", "0 eller 4 ess"),
    "aces_1": ("1 ace", "1 aas", "1 Ass", "1 ess"),
    "aces_2": ("2 aces", "2 azen", "2 Asse", "2 ess"),
    "aces_3": ("3 aces", "3 azen", "3 Asse", "3 ess"),
    "rkc_14": ("1 or 4 key cards", "1 of 4 sleutelkaarten", "1 oder 4 Schlüsselkarten",
               "1 eller 4 nøkkelkort"),
    "rkc_03": ("0 or 3 key cards", "0 of 3 sleutelkaarten", "0 oder 3 Schlüsselkarten",
               "0 eller 3 nøkkelkort"),
    "rkc_2": ("2 key cards without the trump queen", "2 sleutelkaarten zonder troefvrouw",
              "2 Schlüsselkarten ohne Trumpfdame", "2 nøkkelkort uten trumfdame"),
    "rkc_2q": ("2 key cards with the trump queen", "2 sleutelkaarten met troefvrouw",
               "2 Schlüsselkarten mit Trumpfdame", "2 nøkkelkort med trumfdame"),
    "takeout": ("takeout double", "informatiedoublet", "Informationskontra", "opplysningsdobling"),
    "negative": ("negative double", "negatief doublet", "negatives Kontra", "negativ dobling"),
    "michaels": ("Michaels cue bid: a two-suiter", "Michaels cue-bid: tweekleurenspel",
                 "Michaels-Cuebid: Zweifärber", "Michaels cuebid: tofarget"),
    "unusual_2nt": ("Unusual 2NT: the two lowest unbid suits",
                    "Unusual 2SA: de twee laagste ongeboden kleuren",
                    "Unusual 2SA: die zwei niedrigsten ungereizten Farben",
                    "Unusual 2NT: de to laveste umeldte fargene"),
    "asks_minor": ("asks for the minor", "vraagt naar de lage kleur", "fragt nach der Unterfarbe",
                   "spør etter lavfargen"),
    "nmf": ("new minor forcing: asks for three-card support", "nieuwe lage kleur forcing: "
            "vraagt naar driekaartsteun", "Neue Unterfarbe forcierend: fragt nach "
            "Dreieranschluss", "ny lavfarge krav: spør etter trekortsstøtte"),
    "lebensohl": ("Lebensohl: a weak hand, asks partner to bid 3♣",
                  "Lebensohl: zwakke hand, vraagt partner 3♣ te bieden",
                  "Lebensohl: schwache Hand, Partner soll 3♣ bieten",
                  "Lebensohl: svak hånd, ber makker melde 3♣"),
    "relay": ("completes the relay", "voltooit het relais", "folgt dem Relais",
              "fullfører reléet"),
    "competitive": ("competitive, to play", "competitief, om te spelen", "kompetitiv, zum Spielen",
                    "konkurransemelding, for å spille"),
    "penalty_pass": ("leaves the double in for penalty", "laat het doublet staan als strafdoublet",
                     "lässt das Kontra als Strafkontra stehen", "lar doblingen stå som straff"),
    "preference": ("preference", "voorkeur", "Präferenz", "preferanse"),
    "fourth_suit": ("fourth suit forcing: game values, asks opener to describe further (a "
                    "stopper in it for notrump)", "vierde kleur forcing: manchwaarden, vraagt "
                    "de openaar verder te beschrijven (een stop erin voor sans atout)",
                    "vierte Farbe forcierend: Partiewerte, fragt den Eröffner nach mehr (einem "
                    "Stopper darin für Sans Atout)", "fjerde farge krav: utgangsverdier, ber "
                    "åpner beskrive videre (stopper i den for grand)"),
    "responsive": ("responsive double: values, two unbid suits",
                   "responsief doublet: waarden, twee ongeboden kleuren",
                   "Responsive-Kontra: Werte, zwei ungereizte Farben",
                   "responsiv dobling: verdier, to umeldte farger"),
    "penalty": ("penalty double", "strafdoublet", "Strafkontra", "straffedobling"),
    "redouble_strength": ("shows strength", "toont kracht", "zeigt Stärke", "viser styrke"),
    "forcing_pass": ("forcing pass: after our redouble their contract is doubled or we bid on",
                     "forcing pas: na ons redoublet wordt hun contract gedoubleerd of bieden wij "
                     "door", "forcierender Pass: nach unserem Rekontra wird ihr Kontrakt "
                     "kontriert oder wir bieten weiter", "krevende pass: etter vår redobling "
                     "dobles kontrakten deres, eller vi melder videre"),
    "unsuited_to_defend": ("short in their suit: unsuited to defend",
                           "kort in hun kleur: niet geschikt om te verdedigen",
                           "kurz in ihrer Farbe: nicht zum Verteidigen geeignet",
                           "kort i fargen deres: egner seg ikke til forsvar"),
    "cuebid": ("cue bid: game-forcing values", "cue-bid: manchwaarden",
               "Cuebid: partieforcierende Stärke", "cuebid: utgangsverdier"),
    "cue_raise": ("cue-bid raise: support, a limit raise or better",
                  "cue-bid: steun, limietsteun of sterker",
                  "Cuebid-Hebung: Anschluss, Limit-Hebung oder stärker",
                  "cuebid-høyning: støtte, limitløft eller sterkere"),
    "preempt": ("preemptive", "preëmptief", "Sperrgebot", "sperremelding"),
    "weak": ("weak", "zwak", "schwach", "svak"),
    "strong": ("strong", "sterk", "stark", "sterk"),
    "quantitative": ("quantitative: invites slam", "kwantitatief: slemuitnodiging",
                     "quantitativ: Schlemeinladung", "kvantitativ: slaminvitt"),
    "balancing": ("balancing", "in de herlevingspositie", "in Wiederbelebungsposition",
                  "i balanseringsposisjon"),
    "minimum": ("minimum", "minimum", "Minimum", "minimum"),
    "slam_interest": ("support with slam interest", "steun met sleminteresse",
                      "Unterstützung mit Schleminteresse", "støtte med slaminteresse"),
    "maximum": ("maximum", "maximum", "Maximum", "maksimum"),
    "feature_ask": ("asks for strength", "vraagt naar kracht", "fragt nach Stärke",
                    "spør etter styrke"),
    "support_for": ("support for {suit}", "steun voor {suit}", "Unterstützung für {suit}",
                "støtte til {suit}"),
    "support_word": ("support", "steun", "Unterstützung", "støtte"),
    "reverse": ("reverse", "reverse", "Revers", "revers"),
    "jump_shift": ("jump shift", "sprongbod in nieuwe kleur", "Sprungwechsel", "hoppskift"),
    "signoff_slam": ("not enough key cards", "te weinig sleutelkaarten",
                     "zu wenige Schlüsselkarten", "for få nøkkelkort"),
    "signoff_played": ("not enough key cards: the answer is five of the trump suit, played there",
                       "te weinig sleutelkaarten: het antwoord is vijf in de troefkleur, daar gespeeld",
                       "zu wenige Schlüsselkarten: die Antwort ist fünf in der Trumpffarbe, dort gespielt",
                       "for få nøkkelkort: svaret er fem i trumffargen, spilles der"),
    "minor_slam_try": ("slam try in {suit}: a fit and slam values short of the strength to bid it",
                       "sleminvitatie in {suit}: een fit en slemwaarden, te weinig om het te bieden",
                       "Schlemmversuch in {suit}: Fit und Schlemmwerte, zu wenig, um ihn zu reizen",
                       "slemforsøk i {suit}: tilpasning og slemverdier, for lite til å melde det"),
    "accept_slam_try": ("accepts the slam try: values above the minimum shown",
                        "aanvaardt de sleminvitatie: meer dan het getoonde minimum",
                        "nimmt den Schlemmversuch an: mehr als das gezeigte Minimum",
                        "aksepterer slemforsøket: mer enn vist minimum"),
    "slam_placed": ("places the small slam: the answer passed five of the trump suit",
                    "kiest het klein slem: het antwoord ging voorbij vijf in de troefkleur",
                    "wählt den Kleinschlemm: die Antwort lag über fünf in der Trumpffarbe",
                    "velger lilleslem: svaret gikk forbi fem i trumffargen"),
    "slam": ("enough key cards for slam", "genoeg sleutelkaarten voor slem",
             "genug Schlüsselkarten für Schlemm", "nok nøkkelkort for slem"),
    "splinter": ("splinter: 4+ card support, game values, a singleton or void in {suit}",
                 "splinter: 4+ kaarten steun, manchwaarden, een singleton of renonce in {suit}",
                 "Splinter: 4+ Karten Anschluss, Partiewerte, Single oder Chicane in {suit}",
                 "splinter: 4+ korts støtte, utgangsverdier, singel eller renons i {suit}"),
    "cue_slam_try": ("cue bid: slam try, first-round control (ace or void) in {suit}",
                     "cue-bid: sleminvitatie, eerste-ronde-controle (aas of renonce) in {suit}",
                     "Cuebid: Schlemmversuch, Erstrundenkontrolle (Ass oder Chicane) in {suit}",
                     "cuebid: slemforsøk, førsterundekontroll (ess eller renons) i {suit}"),
    "no_control": ("no slam interest: no further control to show",
                   "geen slemintresse: geen verdere controle te tonen",
                   "kein Schlemminteresse: keine weitere Kontrolle zu zeigen",
                   "ingen sleminteresse: ingen flere kontroller å vise"),
    "lebensohl_nt": ("Lebensohl: relay to 3♣, a weak hand with a long suit or game values "
                     "with a stopper in {suit}",
                     "Lebensohl: relais naar 3♣, een zwakke hand met een lange kleur of "
                     "manchwaarden met een stop in {suit}",
                     "Lebensohl: Relais nach 3♣, eine schwache Hand mit langer Farbe oder "
                     "Partiewerte mit Stopper in {suit}",
                     "Lebensohl: relé til 3♣, svak hånd med lang farge eller utgangsverdier "
                     "med stopper i {suit}"),
    "no_stopper": ("no stopper in {suit} (fast denies)", "geen stop in {suit} (snel ontkent)",
                   "kein Stopper in {suit} (schnell verneint)",
                   "ingen stopper i {suit} (rask benekter)"),
    "has_stopper": ("a stopper in {suit} (slow shows)", "een stop in {suit} (langzaam toont)",
                    "Stopper in {suit} (langsam zeigt)", "stopper i {suit} (sakte viser)"),
    "stayman_comp": ("Stayman in competition: a 4-card major, game values",
                     "Stayman na interventie: een 4-kaart hoge kleur, manchwaarden",
                     "Stayman nach Gegnerreizung: eine 4er-Oberfarbe, Partiewerte",
                     "Stayman etter innmelding: 4-korts høyfarge, utgangsverdier"),
    "unbid_suits": ("support for the unbid suits", "steun voor de ongeboden kleuren",
                    "Anschluss in den ungereizten Farben", "støtte i umeldte farger"),
}

_EXCLUSIVE: tuple[frozenset[str], ...] = tuple(frozenset(pair) for pair in (
    ("slam", "signoff_slam"), ("slam_placed", "signoff_slam"), ("slam", "signoff_played"),
    ("slam_placed", "signoff_played"), ("takeout", "penalty"),
    ("negative", "penalty"), ("responsive", "penalty"), ("weak", "strong"),
    ("minimum", "maximum"), ("preempt", "strong"), ("rkc_14", "rkc_03"), ("rkc_2", "rkc_2q"),
    ("no_stopper", "has_stopper"), ("cue_slam_try", "no_control"), ("splinter", "minimum"),
    ("trump_queen", "no_trump_queen"), ("aces_04", "aces_1"), ("aces_04", "aces_2"),
    ("aces_04", "aces_3"), ("aces_1", "aces_2"), ("aces_1", "aces_3"), ("aces_2", "aces_3"),
))

_LANG_INDEX = {Language.ENGLISH: 0, Language.DUTCH: 1, Language.GERMAN: 2, Language.NORWEGIAN: 3}


def phrase(key: str, lang: Language | str = Language.ENGLISH, **fields: str) -> str:
    """One phrase of the explanations in ``lang``; ``{suit}`` fields are filled in.

    >>> phrase("transfer", "de", suit="♥")
    'Transfer nach ♥'
    """
    text = _PHRASES[key][_LANG_INDEX[Language.parse(lang)]]
    return text.format(**fields) if fields else text


def suit_name(suit: Suit, lang: Language, symbols: bool) -> str:
    """A suit as a symbol (``♥``) or as the language's letter (``H``, Dutch ``H``, German ``C``)."""
    return SUIT_SYMBOLS[suit] if symbols else lang.suit_letters[suit]


# --- what a call shows ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Shown:
    """The concrete meaning of one call: ranges, lengths (by ``Suit``), shape and status."""

    hcp: Range = (0, MAX_HCP)
    points: Points = Points.HCP
    trump: Suit | None = None  # the suit support points are counted for
    lengths: Lengths = OPEN
    alternatives: tuple[Lengths, ...] = ()  # at least one must hold
    balanced: bool | None = None
    forcing: Forcing = Forcing.NONE
    artificial: bool = False
    notes: tuple[tuple[str, Suit | None], ...] = ()  # phrase keys, with a suit to fill in
    test: Callable[[HandInfo], bool] | None = field(default=None, compare=False)
    test_note: tuple[str, Suit | None] | None = None

    def points_of(self, info: HandInfo) -> int:
        """The hand's count in this meaning's kind of points."""
        if self.points is Points.TOTAL:
            return info.total_points
        if self.points is Points.SUPPORT and self.trump is not None:
            return info.support_points(self.trump)
        return info.hcp

    def fits(self, info: HandInfo) -> bool:
        """Whether a hand matches this meaning (the robot may make the call)."""
        lo, hi = self.hcp
        if not lo <= self.points_of(info) <= hi or not self.lengths_fit(info):
            return False
        if self.balanced is not None and info.balanced is not self.balanced:
            return False
        return self.test is None or self.test(info)

    def lengths_fit(self, info: HandInfo) -> bool:
        """Whether the hand holds the suit lengths this meaning shows (and one of its
        alternative patterns, if any)."""
        for suit in Suit:
            a, b = self.lengths[suit]
            if not a <= info.lengths[suit] <= b:
                return False
        return not self.alternatives or any(
            all(a <= info.lengths[s] <= b for s, (a, b) in zip(Suit, alt, strict=True))
            for alt in self.alternatives)

    def conflicts(self) -> list[str]:
        """Clauses of this meaning that contradict each other (an explanation must have none):
        an empty range, lengths that cannot make 13 cards, or notes that exclude each other."""
        found = []
        if self.hcp[0] > self.hcp[1]:
            found.append(f"points {self.hcp[0]}–{self.hcp[1]}")
        for suit, (a, b) in zip(Suit, self.lengths, strict=True):
            if a > b:
                found.append(f"{suit.name.lower()} {a}–{b}")
        if sum(a for a, _ in self.lengths) > 13 or sum(b for _, b in self.lengths) < 13:
            found.append("lengths do not make 13 cards")
        keys = {key for key, _ in self.notes}
        for pair in _EXCLUSIVE:
            if pair <= keys:
                found.append(" and ".join(sorted(pair)))
        if self.forcing is Forcing.SIGNOFF and keys & {"rkc", "feature_ask", "stayman"}:
            found.append("to play and asking")
        return found

    @property
    def hcp_envelope(self) -> Range:
        """The HCP range any hand with this meaning has (distribution points widen it)."""
        lo, hi = self.hcp
        if self.points is Points.HCP:
            return (lo, hi)
        slack = 5 if self.points is Points.SUPPORT else 4
        return (max(0, lo - slack), hi)

    @property
    def is_natural(self) -> bool:
        """Whether the meaning is natural (not alertable)."""
        return not self.artificial

    def describe(self, lang: Language | str = Language.ENGLISH, *, symbols: bool = True) -> str:
        """Plain words: ``'15–17 HCP, balanced'``, ``'5+ ♥, 6–10 support points'`` …"""
        language = Language.parse(lang)
        parts: list[str] = []
        for key, suit in self.notes:
            parts.append(phrase(key, language, suit=suit_name(suit, language, symbols))
                         if suit is not None else phrase(key, language))
        lo, hi = self.hcp
        unit = phrase(self.points.value, language)
        if (lo, hi) != (0, MAX_HCP):
            if hi >= MAX_HCP:
                parts.append(f"{lo}+ {unit}")
            elif lo <= 0:
                parts.append(f"{phrase('up to', language)} {hi} {unit}")
            elif lo == hi:
                parts.append(f"{lo} {unit}")
            else:
                parts.append(f"{lo}–{hi} {unit}")
        parts.extend(_describe_lengths(self.lengths, language, symbols))
        if self.alternatives:
            options = [", ".join(_describe_lengths(alt, language, symbols))
                       for alt in self.alternatives]
            parts.append(f" {phrase('or', language)} ".join(o for o in options if o))
        if self.balanced is True:
            parts.append(phrase("balanced", language))
        elif self.balanced is False:
            parts.append(phrase("unbalanced", language))
        if self.test_note is not None:
            key, suit = self.test_note
            word = phrase(key, language)
            parts.append(f"{word} {suit_name(suit, language, symbols)}" if suit is not None
                         else word)
        if self.forcing is not Forcing.NONE:
            parts.append(phrase(self.forcing.value, language))
        return ", ".join(p for p in parts if p) or phrase("natural", language)


def _describe_lengths(lengths: Lengths, language: Language, symbols: bool) -> list[str]:
    parts = []
    for suit in sorted(Suit, reverse=True):
        a, b = lengths[suit]
        name = suit_name(suit, language, symbols)
        if (a, b) == (0, 13):
            continue
        if a == b:
            parts.append(f"{a} {name}" if a else f"{phrase('exactly', language)} 0 {name}")
        elif b >= 13:
            parts.append(f"{a}+ {name}")
        elif a == 0:
            parts.append(f"{phrase('at most', language)} {b} {name}")
        else:
            parts.append(f"{a}–{b} {name}")
    return parts


# --- what is known of a hidden hand ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandConstraint:
    """Everything the auction says about one seat's hand, for dealing consistent samples."""

    hcp: Range = (0, MAX_HCP)
    lengths: Lengths = OPEN
    alternatives: tuple[tuple[Lengths, ...], ...] = ()  # each group: one must hold
    balanced: bool | None = None

    @classmethod
    def of(cls, shown: Shown) -> HandConstraint:
        """The constraint one call places on its caller."""
        return cls(hcp=shown.hcp_envelope, lengths=shown.lengths,
                   alternatives=(shown.alternatives,) if shown.alternatives else (),
                   balanced=shown.balanced)

    def merge(self, other: HandConstraint) -> HandConstraint:
        """Both constraints at once; where they contradict, the earlier (``self``) stands:
        later calls are more often natural guesses than system bids."""
        lo, hi = max(self.hcp[0], other.hcp[0]), min(self.hcp[1], other.hcp[1])
        hcp = (lo, hi) if lo <= hi else self.hcp
        lengths = []
        for mine, theirs in zip(self.lengths, other.lengths, strict=True):
            a, b = max(mine[0], theirs[0]), min(mine[1], theirs[1])
            lengths.append((a, b) if a <= b else mine)
        merged_lengths: Lengths = (lengths[0], lengths[1], lengths[2], lengths[3])
        if sum(a for a, _ in merged_lengths) > 13 or sum(b for _, b in merged_lengths) < 13:
            merged_lengths = self.lengths
        balanced = other.balanced if other.balanced is not None else self.balanced
        return HandConstraint(hcp=hcp, lengths=merged_lengths,
                              alternatives=self.alternatives + other.alternatives,
                              balanced=balanced)

    def admits(self, info: HandInfo) -> bool:
        """Whether a hand is consistent with the constraint."""
        return self.admits_counts(info.hcp, info.lengths)

    def admits_counts(self, hcp: int, lengths: tuple[int, int, int, int]) -> bool:
        """Whether a hand of ``hcp`` points and these suit ``lengths`` (clubs first) is
        consistent with the constraint (the sampler's test, without building the hand)."""
        if not self.hcp[0] <= hcp <= self.hcp[1]:
            return False
        for (a, b), n in zip(self.lengths, lengths, strict=True):
            if not a <= n <= b:
                return False
        for group in self.alternatives:
            if not any(all(a <= n <= b for (a, b), n in zip(alt, lengths, strict=True))
                       for alt in group):
                return False
        return self.balanced is None or is_balanced(lengths) is self.balanced

    def relaxed(self) -> HandConstraint:
        """A looser version (for calls that did not follow the system): lengths and HCP widened."""
        lo, hi = self.hcp
        lengths = tuple((max(0, a - 1), min(13, b + 1)) for a, b in self.lengths)
        return HandConstraint(hcp=(max(0, lo - 2), min(MAX_HCP, hi + 2)),
                              lengths=(lengths[0], lengths[1], lengths[2], lengths[3]))
