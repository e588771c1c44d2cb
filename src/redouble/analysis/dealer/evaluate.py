"""Evaluate dealer expressions over a whole batch of deals at once (NumPy, C semantics).

Truth values are 0 and 1; ``/`` and ``%`` truncate toward zero as in C (a zero divisor gives 0
rather than a crash).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from redouble.analysis.dealer.generator import HandBatch
from redouble.analysis.dealer.syntax import (
    Binary,
    Conditional,
    Expr,
    Feature,
    HasCard,
    Number,
    Shape,
    Unary,
    Variable,
)

__all__ = ["evaluate", "shape_table"]

Value = npt.NDArray[np.int64]


def shape_table(shape: Shape) -> npt.NDArray[np.bool_]:
    """Which of the 14**4 (spades, hearts, diamonds, clubs) length codes a shape list allows."""
    allowed = np.zeros(14 ** 4, dtype=np.bool_)
    lengths = np.indices((14, 14, 14, 14)).reshape(4, -1)
    valid = lengths.sum(axis=0) == 13
    for sign, is_any, text in shape.patterns:
        match = np.zeros(14 ** 4, dtype=np.bool_)
        orders = _permutations(text) if is_any else {text}
        for order in orders:
            hit = valid.copy()
            for position, char in enumerate(order):
                if char != "x":
                    hit &= lengths[position] == int(char)
            match |= hit
        if sign == "+":
            allowed |= match
        else:
            allowed &= ~match
    return allowed


def _permutations(text: str) -> set[str]:
    if len(text) <= 1:
        return {text}
    out: set[str] = set()
    for i, char in enumerate(text):
        for rest in _permutations(text[:i] + text[i + 1:]):
            out.add(char + rest)
    return out


_SHAPE_CACHE: dict[Shape, npt.NDArray[np.bool_]] = {}


def _as_int(value: Value | npt.NDArray[np.bool_]) -> Value:
    return np.asarray(value, dtype=np.int64)


def _as_bool(value: Value | npt.NDArray[np.bool_]) -> npt.NDArray[np.bool_]:
    return np.asarray(value, dtype=np.bool_)


def evaluate(expr: Expr, batch: HandBatch,
             variables: Mapping[str, Expr]) -> Value | npt.NDArray[np.bool_]:
    """The value of ``expr`` for every deal of the batch (an int64 or bool array)."""
    if isinstance(expr, Number):
        return np.full(batch.size, expr.value, dtype=np.int64)
    if isinstance(expr, Feature):
        return batch.feature(expr.name, expr.seat, expr.suit)
    if isinstance(expr, Shape):
        table = _SHAPE_CACHE.get(expr)
        if table is None:
            table = _SHAPE_CACHE[expr] = shape_table(expr)
        return table[batch.shape_code(expr.seat)]
    if isinstance(expr, HasCard):
        return batch.has_card(expr.seat, expr.card)
    if isinstance(expr, Variable):
        return evaluate(variables[expr.name], batch, variables)
    if isinstance(expr, Unary):
        operand = evaluate(expr.operand, batch, variables)
        if expr.op == "!":
            return ~_as_bool(operand)
        return -_as_int(operand)
    if isinstance(expr, Conditional):
        test = _as_bool(evaluate(expr.test, batch, variables))
        return np.where(test, _as_int(evaluate(expr.then, batch, variables)),
                        _as_int(evaluate(expr.otherwise, batch, variables)))
    assert isinstance(expr, Binary)
    left = evaluate(expr.left, batch, variables)
    op = expr.op
    if op in ("&&", "||"):
        right = evaluate(expr.right, batch, variables)
        if op == "&&":
            return _as_bool(left) & _as_bool(right)
        return _as_bool(left) | _as_bool(right)
    a = _as_int(left)
    b = _as_int(evaluate(expr.right, batch, variables))
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op in ("/", "%"):
        safe = np.where(b == 0, 1, b)
        quotient = np.abs(a) // np.abs(safe) * np.sign(a) * np.sign(safe)
        result = quotient if op == "/" else a - safe * quotient
        return np.where(b == 0, 0, result)
    comparisons = {"==": np.equal, "!=": np.not_equal, "<": np.less, "<=": np.less_equal,
                   ">": np.greater, ">=": np.greater_equal}
    return comparisons[op](a, b)
