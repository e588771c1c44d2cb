"""The pages' message catalogues: complete in every language, notation as the core defines it."""

from __future__ import annotations

import json
import re

import pytest

from redouble.errors import NotationError
from redouble.notation import Language
from redouble.web import LANGUAGES, STATIC_DIR, catalogue

PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _used_keys() -> set[str]:
    """Every literal message key the pages use: t("key") in the modules, data-i18n in the HTML."""
    keys: set[str] = set()
    for path in (STATIC_DIR / "js").glob("*.js"):
        keys |= set(re.findall(r"\bt\(\"([A-Za-z_]+)\"\s*[,)]", path.read_text("utf-8")))
    for path in STATIC_DIR.glob("*.html"):
        text = path.read_text("utf-8")
        keys |= set(re.findall(r'data-i18n="([A-Za-z_]+)"', text))  # club_side_NS: keys may hold capitals
        keys |= set(re.findall(r"(?:placeholder|aria-label|title):([A-Za-z_]+)", text))
    return keys


def test_every_language_has_the_same_messages() -> None:
    english = catalogue("en")["messages"]
    for code in LANGUAGES:
        messages = catalogue(code)["messages"]
        assert set(messages) == set(english), code
        for key, text in messages.items():
            assert text.strip(), (code, key)
            assert set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(english[key])), (code, key)


def test_every_key_the_pages_use_is_translated() -> None:
    messages = catalogue("en")["messages"]
    missing = sorted(_used_keys() - set(messages))
    assert not missing
    for prefix, names in {"suit_": "CDHS", "rank_": "23456789TJQKA"}.items():
        assert all(f"{prefix}{name}" in messages for name in names)
    for vulnerability in ("None", "NS", "EW", "All"):
        assert f"vul_{vulnerability}" in messages


@pytest.mark.parametrize("code", LANGUAGES)
def test_notation_is_the_core_notation(code: str) -> None:
    """Card and suit letters on the page are those of RULES.md §1 (via redouble.notation)."""
    table = Language.parse(code).table
    notation = catalogue(code)["notation"]
    assert notation["suits"] == list(table.suit_letters)
    assert notation["honours"] == list(table.honours)
    assert notation["notrump"] == table.notrump
    assert notation["seats"] == list(table.seats)
    assert notation["seat_names"] == list(table.seat_names)
    assert notation["pass"] == table.pass_words[0]


def test_rules_table_examples() -> None:
    """RULES.md §1: Dutch H/V/B for king/queen/jack and SA; German K/D/B with suits P C K T."""
    dutch, german, norwegian = (catalogue(c)["notation"] for c in ("nl", "de", "no"))
    assert dutch["honours"][1:4] == ["B", "V", "H"] and dutch["notrump"] == "SA"
    assert german["honours"][1:4] == ["B", "D", "K"] and german["suits"] == ["T", "K", "C", "P"]
    assert norwegian["honours"][1:] == ["Kn", "D", "K", "E"]


def test_unknown_language_is_refused() -> None:
    with pytest.raises(NotationError, match="no interface catalogue"):
        catalogue("fr")


def test_catalogues_are_valid_json_files() -> None:
    for code in LANGUAGES:
        data = json.loads((STATIC_DIR / "i18n" / f"{code}.json").read_text("utf-8"))
        assert data["language"] == code
