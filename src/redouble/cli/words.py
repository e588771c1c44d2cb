"""The command line's own words in English, Dutch, German and Norwegian, with plurals.

Bridge notation (suits, ranks, seats, calls) comes from ``redouble.notation``; this table holds
only the words around it (``Dealer``, ``Vulnerable``, ``trick``/``tricks`` …), as the club
programs of each country print them.

>>> from redouble.notation import Language
>>> say(Language.DUTCH, "dealer"), count(Language.ENGLISH, 1, "board"), count(Language.GERMAN, 2, "trick")
('Gever', '1 board', '2 Stiche')
"""

from __future__ import annotations

from redouble.notation import Language
from redouble.seats import Vulnerability

__all__ = ["count", "say", "vulnerability"]

_EN, _NL, _DE, _NO = Language.ENGLISH, Language.DUTCH, Language.GERMAN, Language.NORWEGIAN

#: Words by key, one per language; ``{name}`` fields are filled in by ``say``.
_WORDS: dict[str, dict[Language, str]] = {
    "board": {_EN: "Board", _NL: "Spel", _DE: "Board", _NO: "Spill"},
    "deal": {_EN: "Deal", _NL: "Spel", _DE: "Verteilung", _NO: "Giv"},
    "dealer": {_EN: "Dealer", _NL: "Gever", _DE: "Teiler", _NO: "Giver"},
    "vulnerable": {_EN: "Vulnerable", _NL: "Kwetsbaar", _DE: "Gefahr", _NO: "Sone"},
    "alerted": {_EN: "alerted", _NL: "alert", _DE: "alertiert", _NO: "alertert"},
    "not_alerted": {_EN: "not alerted", _NL: "niet gealerteerd", _DE: "nicht alertiert",
                    _NO: "ikke alertert"},
    "contract": {_EN: "Contract", _NL: "Contract", _DE: "Kontrakt", _NO: "Kontrakt"},
    "declarer": {_EN: "Declarer", _NL: "Leider", _DE: "Alleinspieler", _NO: "Spillefører"},
    "dummy": {_EN: "Dummy", _NL: "Dummy", _DE: "Dummy", _NO: "Blindemann"},
    "leads": {_EN: "{seat} leads", _NL: "{seat} komt uit", _DE: "{seat} spielt aus",
              _NO: "{seat} spiller ut"},
    "you_are": {_EN: "You are {seat}.", _NL: "Je bent {seat}.", _DE: "Sie sind {seat}.",
                _NO: "Du er {seat}."},
    "passed_out": {_EN: "Passed out", _NL: "Rondgepast", _DE: "Eingepasst", _NO: "Passet rundt"},
    "trick_no": {_EN: "Trick {n}", _NL: "Slag {n}", _DE: "Stich {n}", _NO: "Stikk {n}"},
    "wins": {_EN: "{seat} wins", _NL: "{seat} wint", _DE: "{seat} gewinnt", _NO: "{seat} vinner"},
    "legal": {_EN: "Legal", _NL: "Toegestaan", _DE: "Erlaubt", _NO: "Lovlig"},
    "result": {_EN: "Result", _NL: "Resultaat", _DE: "Ergebnis", _NO: "Resultat"},
    "total": {_EN: "Total", _NL: "Totaal", _DE: "Gesamt", _NO: "Totalt"},
    "trick_score": {_EN: "trick score", _NL: "slagpunten", _DE: "Stichwert", _NO: "stikkpoeng"},
    "game_bonus": {_EN: "game bonus", _NL: "manchepremie", _DE: "Vollspielprämie",
                   _NO: "utgangspremie"},
    "partscore_bonus": {_EN: "partscore bonus", _NL: "deelscorepremie", _DE: "Teilspielprämie",
                        _NO: "delkontraktpremie"},
    "slam_bonus": {_EN: "slam bonus", _NL: "slempremie", _DE: "Schlemmprämie", _NO: "slempremie"},
    "insult": {_EN: "for the (re)double (insult)", _NL: "premie voor het (re)doublet",
               _DE: "Prämie für (Re-)Kontra", _NO: "premie for (re)dobling"},
    "law77": {_EN: "Law 77", _NL: "Wet 77", _DE: "Regel 77", _NO: "Lov 77"},
    "the_deal": {_EN: "The deal", _NL: "De verdeling", _DE: "Die Verteilung", _NO: "Kortfordelingen"},
    "another": {_EN: "Another board?", _NL: "Nog een spel?", _DE: "Noch ein Board?",
                _NO: "Et spill til?"},
    "yes_no": {_EN: "y/n", _NL: "j/n", _DE: "j/n", _NO: "j/n"},
    "claims": {_EN: "{seat} claims {claimed} of the {left} remaining tricks",
               _NL: "{seat} claimt {claimed} van de {left} resterende slagen",
               _DE: "{seat} beansprucht {claimed} der {left} restlichen Stiche",
               _NO: "{seat} krever {claimed} av de {left} gjenværende stikkene"},
    "accept": {_EN: "Accept the claim?", _NL: "Claim accepteren?", _DE: "Claim annehmen?",
               _NO: "Godta kravet?"},
    "accepts": {_EN: "{seat} accepts", _NL: "{seat} accepteert", _DE: "{seat} nimmt an",
                _NO: "{seat} godtar"},
    "rejects": {_EN: "{seat} rejects the claim: play goes on",
                _NL: "{seat} weigert de claim: er wordt doorgespeeld",
                _DE: "{seat} lehnt den Claim ab: es wird weitergespielt",
                _NO: "{seat} avviser kravet: spillet fortsetter"},
    "undone": {_EN: "Taken back: {what}", _NL: "Teruggenomen: {what}", _DE: "Zurückgenommen: {what}",
               _NO: "Tatt tilbake: {what}"},
    "nothing_to_undo": {_EN: "Nothing of yours to take back.", _NL: "Niets van jou om terug te nemen.",
                        _DE: "Nichts von Ihnen zurückzunehmen.", _NO: "Ingenting av ditt å ta tilbake."},
    "not_understood": {_EN: "Not understood: {text} (type help)", _NL: "Niet begrepen: {text} (typ help)",
                       _DE: "Nicht verstanden: {text} (help eingeben)",
                       _NO: "Ikke forstått: {text} (skriv help)"},
    "no_meaning": {_EN: "no explanation", _NL: "geen uitleg", _DE: "keine Erklärung",
                   _NO: "ingen forklaring"},
    "played": {_EN: "{boards} played", _NL: "{boards} gespeeld", _DE: "{boards} gespielt",
               _NO: "{boards} spilt"},
    "goodbye": {_EN: "Goodbye.", _NL: "Tot ziens.", _DE: "Auf Wiedersehen.", _NO: "Ha det."},
    "help_auction": {
        _EN: "Type a call: 1NT, 2H, Pass (P), X, XX; add ! to alert and a meaning: '2C! Stayman'.",
        _NL: "Typ een bod: 1SA, 2H, Pas (P), X, XX; met ! alerteer je, met uitleg: '2K! Stayman'.",
        _DE: "Geben Sie ein Gebot ein: 1SA, 2C, Passe (P), X, XX; ! alertiert, mit Erklärung: '2T! Stayman'.",
        _NO: "Skriv et bud: 1NT, 2H, Pass (P), X, XX; ! alerterer, med forklaring: '2K! Stayman'."},
    "help_play": {
        _EN: "Type a card: SA, H10, DQ; a suit alone (S) plays its lowest legal card.",
        _NL: "Typ een kaart: SA, H10, RV; een kleur alleen (S) speelt de laagste toegestane kaart.",
        _DE: "Geben Sie eine Karte ein: PA, C10, KD; eine Farbe allein (P) spielt die niedrigste erlaubte Karte.",
        _NO: "Skriv et kort: SE, H10, RD; en farge alene (S) spiller det laveste lovlige kortet."},
    "type_help": {_EN: "Type help for the commands.", _NL: "Typ help voor de opdrachten.",
                  _DE: "help zeigt die Befehle.", _NO: "Skriv help for kommandoene."},
    "help_commands": {
        _EN: "Also: help, hand (show the table again), auction, explain (what the calls mean), "
             "tricks, undo (take back your last call or card), claim N (N of the remaining "
             "tricks, then your line: 'claim 3 trumps first'), concede, quit.",
        _NL: "Ook: help, hand (de tafel opnieuw), auction (de bieding), explain (wat de biedingen "
             "betekenen), tricks (de slagen), undo (je laatste bod of kaart terugnemen), claim N "
             "(N van de resterende slagen; daarna je speelplan), concede (opgeven), quit (stoppen).",
        _DE: "Außerdem: help, hand (den Tisch erneut), auction (die Reizung), explain (was die Gebote "
             "bedeuten), tricks (die Stiche), undo (das letzte Gebot oder die letzte Karte "
             "zurücknehmen), claim N (N der restlichen Stiche; danach Ihr Spielplan), "
             "concede (aufgeben), quit (beenden).",
        _NO: "Også: help, hand (bordet igjen), auction (meldingene), explain (hva meldingene betyr), "
             "tricks (stikkene), undo (ta tilbake ditt siste bud eller kort), claim N (N av de "
             "gjenværende stikkene; deretter spilleplanen), concede (gi opp), quit (avslutt)."},
}

#: Words that change in the plural: (one, many) per language.
_PLURALS: dict[str, dict[Language, tuple[str, str]]] = {
    "board": {_EN: ("board", "boards"), _NL: ("spel", "spellen"), _DE: ("Board", "Boards"),
              _NO: ("spill", "spill")},
    "trick": {_EN: ("trick", "tricks"), _NL: ("slag", "slagen"), _DE: ("Stich", "Stiche"),
              _NO: ("stikk", "stikk")},
    "overtrick": {_EN: ("overtrick", "overtricks"), _NL: ("overslag", "overslagen"),
                  _DE: ("Überstich", "Überstiche"), _NO: ("overstikk", "overstikk")},
    "undertrick": {_EN: ("undertrick", "undertricks"), _NL: ("downslag", "downslagen"),
                   _DE: ("Unterstich", "Unterstiche"), _NO: ("beit", "beit")},
}

#: How each language writes the four vulnerabilities.
_VULNERABILITY: dict[Language, tuple[str, str, str, str]] = {
    _EN: ("None", "N-S", "E-W", "All"),
    _NL: ("Niemand", "NZ", "OW", "Allen"),
    _DE: ("Keiner", "NS", "OW", "Alle"),
    _NO: ("Ingen", "NS", "ØV", "Alle"),
}


def say(language: Language, key: str, **fields: object) -> str:
    """The phrase ``key`` in ``language``, with its fields filled in."""
    return _WORDS[key][language].format(**fields)


def count(language: Language, number: int, key: str) -> str:
    """``number`` with the word in the singular or plural: '1 board', '2 boards'."""
    one, many = _PLURALS[key][language]
    return f"{number} {one if abs(number) == 1 else many}"


def vulnerability(language: Language, vul: Vulnerability) -> str:
    """A vulnerability as the language writes it: 'None', 'Niemand', 'E-W', 'OW' …"""
    order = (Vulnerability.NONE, Vulnerability.NS, Vulnerability.EW, Vulnerability.BOTH)
    return _VULNERABILITY[language][order.index(vul)]
