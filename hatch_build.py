"""Build hook: compile the engine's hot path, ``src/redouble/_accel.c``, into the package.

The C extension is optional at run time (``redouble._backend`` falls back to the reference
implementation in ``_pycore.py``), so a machine without a C compiler still gets a working
package, with a warning here; ``make test`` checks that the compiled core is in use.
An editable install (``pip install -e``, what ``make`` does) builds the module in place.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SOURCE = Path("src") / "redouble" / "_accel.c"


class AccelBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    """Compile ``_accel.c`` with the C compiler Python was built with."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or os.environ.get("REDOUBLE_PURE_PYTHON", "") not in ("", "0"):
            return
        root = Path(self.root)
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        name = f"_accel{suffix}"
        if version == "editable":
            target = root / SOURCE.parent / name
        else:
            target = Path(tempfile.mkdtemp(prefix="redouble-accel-")) / name
        if not self._compile(root / SOURCE, target):
            return
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        if version != "editable":
            build_data["force_include"][str(target)] = f"redouble/{name}"

    def _compile(self, source: Path, target: Path) -> bool:
        compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")
        command = [*compiler, "-O2", "-fPIC", "-shared", "-Wall",
                   f"-I{sysconfig.get_paths()['include']}", str(source), "-o", str(target)]
        try:
            subprocess.run(command, check=True, capture_output=True, text=True)
        except (OSError, subprocess.CalledProcessError) as error:
            output = getattr(error, "stderr", "") or str(error)
            print(f"redouble: could not compile {source.name}; the engine will run in plain "
                  f"Python (slower).\n{' '.join(command)}\n{output}", file=sys.stderr)
            return False
        return True
