"""How a published number was found, as data: steps with values, rendered in English, Dutch, German or Norwegian.

Scoring builds a ``Derivation`` (a tuple of ``Step``: a message key and its values) beside every number
it computes; a result page renders it in the page's language from ``TEMPLATES``, so the words are
never English strings built in the scorer. Values are numbers (written as a scorer writes them: 5,
7.5, 6.67), ``Signed`` numbers (+420, −3), ``Word`` keys translated with the page (NS → NZ, mean →
gemiddelde), plain text (pair numbers, a director's reason), lists of these, or a nested
``Derivation``.

>>> line = Step.of("mp.plain", side=Word("NS"), score=Signed(420), below=2, others=6, win=2, points=4)
>>> why = Derivation.of(Step.of("mp.of_top", body=Derivation.of(line), top=12))
>>> str(why)
'NS +420 beats 2 of 6 → 2×2 = 4 of 12'
>>> why.render("nl")
'NZ +420 wint van 2 van 6 → 2×2 = 4 van 12'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Union

from redouble.notation import Language

__all__ = ["TEMPLATES", "Derivation", "Derived", "Signed", "Step", "Value", "Word", "number_text"]


def number_text(value: float) -> str:
    """A number as a scorer writes it: 5, 7.5, 6.67."""
    return f"{value:.2f}".rstrip("0").rstrip(".") if not float(value).is_integer() else f"{int(value)}"


@dataclass(frozen=True, slots=True)
class Signed:
    """A number written with its sign: a score (+420, -50) or IMPs (+3, -1.5)."""

    value: float

    def text(self) -> str:
        """``+420``, ``-50``, ``+1.5``; zero is ``0`` (a score) or ``+0`` (IMPs both ways)."""
        if float(self.value).is_integer():
            return f"{int(self.value):+d}"
        return ("+" if self.value > 0 else "-") + number_text(abs(self.value))


@dataclass(frozen=True, slots=True)
class Word:
    """A word the page translates (a key of ``TEMPLATES``' word list: ``NS``, ``mean``, ``MP``…)."""

    key: str


Value = Union[int, float, str, Signed, Word, "Derivation", tuple["Value", ...]]


@dataclass(frozen=True, slots=True)
class Step:
    """One clause of a derivation: a message key of ``TEMPLATES`` and its named values."""

    key: str
    values: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def of(cls, key: str, **values: Value) -> Step:
        """A step from keyword values (checked against the English template)."""
        if key not in TEMPLATES["en"]:
            raise KeyError(f"no derivation message {key!r}")
        return cls(key, tuple(values.items()))

    def render(self, language: str) -> str:
        """This step in ``language`` (``en``, ``nl``, ``de``, ``no``)."""
        table = TEMPLATES.get(language, TEMPLATES["en"])
        template = table.get(self.key, TEMPLATES["en"][self.key])
        return template.format(**{name: _value_text(value, table) for name, value in self.values})


@dataclass(frozen=True, slots=True)
class Derivation:
    """How one number was found: steps joined by ``sep``; ``str()`` is the English text."""

    steps: tuple[Step, ...] = ()
    sep: str = "; "

    @classmethod
    def of(cls, *steps: Step, sep: str = "; ") -> Derivation:
        """A derivation of these steps."""
        return cls(steps, sep)

    def __add__(self, other: Derivation | Step) -> Derivation:
        more = (other,) if isinstance(other, Step) else other.steps
        return Derivation(self.steps + more, self.sep)

    def __bool__(self) -> bool:
        return bool(self.steps)

    def render(self, language: Language | str = "en") -> str:
        """The derivation in a page's language."""
        code = language.value if isinstance(language, Language) else language
        return self.sep.join(step.render(code) for step in self.steps)

    def __str__(self) -> str:
        return self.render("en")

    def to_json(self) -> list[dict[str, object]]:
        """The steps as plain data: ``[{"key": …, "values": {…}}]`` (words as ``{"word": key}``)."""
        return [{"key": step.key, "values": {name: _value_json(value) for name, value in step.values}}
                for step in self.steps]


class Derived:
    """A scored number that carries how it was found: its ``why`` derivation, and ``derivation`` in English.

    A mixin for frozen, slotted dataclasses: it has no slots of its own, and each dataclass declares ``why``
    where its constructor takes it.
    """

    __slots__ = ()
    why: Derivation

    @property
    def derivation(self) -> str:
        """How the number was found, in English (``why`` renders in any page language)."""
        return str(self.why)


def _value_text(value: Value, table: Mapping[str, str]) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float):
        return number_text(value)
    if isinstance(value, Signed):
        return value.text()
    if isinstance(value, Word):
        return table.get("word." + value.key, TEMPLATES["en"].get("word." + value.key, value.key))
    if isinstance(value, Derivation):
        return value.sep.join(step.render(table["lang"]) for step in value.steps)
    if isinstance(value, tuple):
        return ", ".join(_value_text(item, table) for item in value)
    return value


def _value_json(value: Value) -> object:
    if isinstance(value, Signed):
        return value.value
    if isinstance(value, Word):
        return {"word": value.key}
    if isinstance(value, Derivation):
        return value.to_json()
    if isinstance(value, tuple):
        return [_value_json(item) for item in value]
    return value


def _load() -> dict[str, dict[str, str]]:
    folder = resources.files("redouble.club") / "i18n"
    return {code: json.loads((folder / f"{code}.json").read_text(encoding="utf-8"))
            for code in ("en", "nl", "de", "no")}


#: Every derivation message and word in each page language (``{name}`` is a step's value), from ``club/i18n/*.json``.
TEMPLATES: dict[str, dict[str, str]] = _load()
