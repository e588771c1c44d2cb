"""The hand record's download links: PBN and LIN of a finished board, and the table's PBN."""

from __future__ import annotations

import time

import httpx

from redouble.formats import pbn as pbn_module


def test_finished_board_downloads(server: str) -> None:
    with httpx.Client(base_url=server, timeout=30) as client:
        created = client.post("/api/tables", json={"form": "duplicate", "boards": 1,
                                                   "seats": dict.fromkeys("NESW", "robot")})
        table_id = created.json()["id"]
        deadline = time.monotonic() + 60
        while client.get(f"/api/tables/{table_id}").json()["status"] != "finished":
            assert time.monotonic() < deadline
            time.sleep(0.3)
        pbn = client.get(f"/api/tables/{table_id}/boards/1.pbn")
        lin = client.get(f"/api/tables/{table_id}/boards/1.lin")
        everything = client.get(f"/api/tables/{table_id}/boards.pbn")
    assert pbn.status_code == 200 and '[Board "1"]' in pbn.text
    assert len(pbn_games := pbn_module.loads(pbn.text)) == 1, pbn_games
    assert lin.status_code == 200 and "pn|" in lin.text and "mb|" in lin.text
    assert everything.status_code == 200 and pbn.text.strip() in everything.text
