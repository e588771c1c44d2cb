"""Run benchmarks and write their sections into BENCHMARKS.md.

``python -m bench`` runs every ``bench/bench_<name>.py``; ``python -m bench core formats``
runs only those. Each module's ``run()`` returns a Markdown section; the file keeps the
sections of the others, so one benchmark can be re-run alone.
"""

from __future__ import annotations

import datetime
import importlib
import os
import platform
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "BENCHMARKS.md"


def machine() -> str:
    """One line describing this machine."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        mem_kb = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f"{mem_kb / 1024 / 1024:.0f} GiB"
    except (OSError, ValueError, IndexError):
        memory = "unknown memory"
    return (f"{cpu}, {os.cpu_count()} cores, {memory}; Python {platform.python_version()} "
            f"on {platform.system()} {platform.release()}")


def available() -> list[str]:
    return sorted(p.stem.removeprefix("bench_") for p in Path(__file__).parent.glob("bench_*.py"))


def main(argv: list[str]) -> int:
    names = argv or available()
    unknown = [n for n in names if n not in available()]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; available: {', '.join(available())}")
        return 2
    text = OUTPUT.read_text() if OUTPUT.exists() else (
        "# Benchmarks\n\nWritten by `make bench` (`python -m bench`). Every figure was measured "
        "on the machine named in its section, against the peer named there, in the same run.\n")
    for name in names:
        print(f"== {name}", flush=True)
        module = importlib.import_module(f"bench.bench_{name}")
        stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
        try:
            commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                                    capture_output=True, text=True, check=False).stdout.strip()
        except OSError:
            commit = "?"
        body = module.run().strip()
        section = (f"<!-- bench:{name} -->\n{body}\n\n_Measured {stamp} at commit {commit} on "
                   f"{machine()}._\n<!-- /bench:{name} -->")
        pattern = re.compile(rf"<!-- bench:{name} -->.*?<!-- /bench:{name} -->", re.S)
        text = pattern.sub(lambda _m, s=section: s, text) if pattern.search(text) else (
            text.rstrip() + "\n\n" + section + "\n")
        OUTPUT.write_text(text)
        print(body)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
