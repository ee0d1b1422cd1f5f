"""The README's Python examples pass ``mypy --strict`` against the package's type stubs.

Skipped where mypy is not installed (``.ci/run`` installs it for stubtest). pydraughts, which
the first example reads its game back with, need not be installed: its imports are left
untyped."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def test_the_readme_examples_pass_mypy_strict(tmp_path):
    pytest.importorskip("mypy")
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert len(blocks) >= 3
    files = []
    for i, block in enumerate(blocks):
        path = tmp_path / f"readme_example_{i}.py"
        path.write_text(block, encoding="utf-8")
        files.append(str(path))
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\n\n[mypy-draughts.*]\nignore_missing_imports = True\n")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--config-file",
         str(config), *files],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stdout + run.stderr
