"""An engine that blocks while a scenario waits for its answer, so that a test can stop the run
there as a person pressing Ctrl-C or a CI time limit sending SIGTERM would
(``tests/test_stop_in_scenarios.py``). It runs in-process or behind ``python -m ginspec.serve``."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

from ginspec.adapters.base import Question
from ginspec.adapters.reference import ReferenceAdapter


class BlocksInScenarios(ReferenceAdapter):
    """The reference engine, except in the second start (``ginspec check`` closes the vectors'
    engine and the scenarios start their own): there, on its :attr:`BLOCK_AT`-th question, it
    writes its process ID to the file named by ``GINSPEC_ASKED`` and blocks until it is closed, or
    a minute. Its starts are counted in that file's ``.starts`` neighbour, across processes."""

    name = "blocks-in-scenarios"
    BLOCK_AT = 3

    def __init__(self) -> None:
        super().__init__()
        self.marker = Path(os.environ["GINSPEC_ASKED"])
        starts = self.marker.with_suffix(".starts")
        self.start_number = (int(starts.read_text()) if starts.exists() else 0) + 1
        starts.write_text(str(self.start_number))
        self.asked = 0
        self.released = threading.Event()

    def ask(self, question: Question) -> dict[str, Any]:
        self.asked += 1
        if self.start_number == 2 and self.asked == self.BLOCK_AT:
            self.marker.write_text(str(os.getpid()))
            self.released.wait(60)
        return super().ask(question)

    def close(self) -> None:
        self.released.set()
        super().close()
