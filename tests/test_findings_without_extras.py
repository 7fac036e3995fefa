"""The findings of a failing engine's report need nothing beyond the package's own dependencies:
``pip install ginspec`` brings no Hypothesis (the fuzzer's, in the ``test`` extra). The vectors
alone are run: pytest, which runs the scenarios, loads the Hypothesis plugin where it is installed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

WITHOUT_HYPOTHESIS = (
    "import sys; sys.modules['hypothesis'] = None; from ginspec.commands.main import main; "
    "sys.exit(main(['check', '--engine', 'miniature:ace-counts-eleven', '--area', 'deadwood', '--only', 'vectors', '--report', sys.argv[1]]))"
)


def test_a_failing_engine_is_diagnosed_without_hypothesis(tmp_path: Path) -> None:
    report = tmp_path / "report.json"
    run = subprocess.run([sys.executable, "-c", WITHOUT_HYPOTHESIS, str(report)], capture_output=True, text=True, timeout=300)
    assert "Traceback" not in run.stderr, run.stderr[-2000:]
    assert run.returncode == 1, run.stdout[-2000:] + run.stderr[-2000:]
    assert "An ace counts 11" in run.stdout or "CARD-VALUES" in run.stdout, run.stdout[-2000:]
    assert report.exists()
