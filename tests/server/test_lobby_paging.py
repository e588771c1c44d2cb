"""The lobby in pages: ``GET /api/tables?limit=&after=`` walks every playing table once, newest
first, whatever is created meanwhile; a small lobby is still one page."""

from __future__ import annotations

import random
from typing import Any

import httpx
import pytest

from redouble.server.errors import ServerError
from redouble.server.lobby import Cursor, LobbyIndex, page

HUMANS = dict.fromkeys("NESW", "human")


def _entry(created: str, table: str) -> dict[str, Any]:
    return {"id": table, "created": created}


def test_pages_walk_the_lobby_newest_first_and_a_new_table_moves_no_other() -> None:
    entries = [_entry(f"2026-11-23T00:00:0{n // 2}Z", f"t{n}") for n in range(7)]
    first, after = page(entries, 3, None)
    assert [e["id"] for e in first] == ["t6", "t5", "t4"]  # same second: the larger id first
    assert after is not None
    entries.append(_entry("2026-11-23T00:00:09Z", "new"))  # created meanwhile: on page one
    second, after = page(entries, 3, Cursor.parse(after))
    assert [e["id"] for e in second] == ["t3", "t2", "t1"]
    assert after is not None
    last, after = page(entries, 3, Cursor.parse(after))
    assert [e["id"] for e in last] == ["t0"]
    assert after is None
    whole, after = page(entries, 8, None)
    assert len(whole) == 8 and after is None  # exactly one page: no next


@pytest.mark.parametrize("text", ["", "t1", "~t1", "2026-11-23T00:00:00Z~"])
def test_a_cursor_that_no_page_gave_is_refused(text: str) -> None:
    with pytest.raises(ServerError, match="not a lobby cursor"):
        Cursor.parse(text)


def test_the_lobby_api_pages_and_refuses_a_bad_limit(serve: Any, sqlite_url: str) -> None:
    running = serve(sqlite_url)
    made = [httpx.post(running.http + "/api/tables", json={"form": "rubber", "seats": HUMANS},
                       timeout=30).json()["id"] for _ in range(5)]
    whole = httpx.get(running.http + "/api/tables", timeout=30).json()
    assert {t["id"] for t in whole["tables"]} == set(made) and whole["next"] is None
    seen: list[str] = []
    after: str | None = None
    while True:
        params = {"limit": "2"} | ({} if after is None else {"after": after})
        answer = httpx.get(running.http + "/api/tables", params=params, timeout=30).json()
        assert len(answer["tables"]) <= 2
        seen += [t["id"] for t in answer["tables"]]
        after = answer["next"]
        if after is None:
            break
    assert seen == [t["id"] for t in whole["tables"]]  # each once, in the lobby's order
    for query in ("limit=0", "limit=1001", "limit=two", "limit=%EF%BC%92", "limit=1&limit=2",
                  "after=nonsense"):
        refused = httpx.get(f"{running.http}/api/tables?{query}", timeout=30)
        assert refused.status_code == 422, query
        assert refused.json()["error"]["code"] == "bad_request", query


def test_the_kept_index_reads_pages_in_the_order_a_full_sort_gives() -> None:
    """The server's lobby keeps its keys in order as tables come, go and come back
    (``LobbyIndex``); every page read from it is the page of the whole lobby sorted afresh."""
    chooser = random.Random(11)
    index, listed = LobbyIndex(), {}
    for step in range(600):
        table = f"t{chooser.randrange(80):02d}"
        if chooser.random() < 0.3:
            index.discard(table)
            listed.pop(table, None)
        else:  # created in one of a few seconds: ties are ordered by id
            created = f"2026-11-23T00:00:{chooser.randrange(6):02d}Z"
            index.put(table, created)
            listed[table] = _entry(created, table)
        if step % 50 == 0:
            everything = sorted(((e["created"], e["id"]) for e in listed.values()), reverse=True)
            assert len(index) == len(everything) and all(t in index for t in listed)
            for bound in [None, *everything[::5]]:  # from the start, and from every fifth entry
                cursor = None if bound is None else Cursor(*bound)
                expected = [key for key in everything if bound is None or key < bound]
                assert list(index.newest_first(cursor)) == expected
            walked: list[str] = []
            after: str | None = None
            while True:  # and page() walks it whole, once
                shown, after = page(list(listed.values()), 7, None if after is None else Cursor.parse(after))
                walked += [e["id"] for e in shown]
                if after is None:
                    break
            assert walked == [table for _, table in everything]
