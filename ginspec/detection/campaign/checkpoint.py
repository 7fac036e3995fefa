"""The progress file of a campaign (``progress.json`` in its report folder): what the campaign is
(engine, variant, parameters, seed, number of hands, shard, chunk size), how many of its chunks are
done, and the tally of exactly those chunks' hands. It is rewritten atomically
(:func:`ginspec.suite.files.write_atomic`), so after Ctrl-C, a crash or ``kill -9`` it holds a whole
chunk count and its tally, never half of one; ``--resume`` starts at the next chunk, playing no
hand twice and skipping none. It is rewritten after every chunk while that is cheap
(:class:`ProgressSaver`): the tally keeps the index of every hand that departs, so against an
engine that departs in many hands the file grows with the campaign, and rewriting it after every
chunk would make a long campaign's time grow with the square of its length."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from ginspec.detection.campaign import records
from ginspec.detection.campaign.tally import Tally
from ginspec.detection.campaign.worker import CHUNK_HANDS, Plan
from ginspec.errors import UsageError
from ginspec.suite.files import write_atomic
from ginspec.suite.outputs import claim_folder

PROGRESS_FILE = "progress.json"
REPORT_FILE = "report.json"
FINDINGS_FOLDER = "findings"
"""Where the report writes one vector per finding: ``findings/round/`` and ``findings/game/``."""
PROGRESS_KIND = records.PROGRESS_KIND


def describe(plan: Plan) -> dict[str, Any]:
    """What fixes a campaign's hands: a resumed campaign must be the same
    (:func:`ginspec.detection.campaign.records.describe`)."""
    return records.describe(plan, CHUNK_HANDS)


def save_progress(folder: Path, plan: Plan, chunks_done: int, tally: Tally, seconds: float) -> None:
    document = {"ginspec": PROGRESS_KIND, "campaign": describe(plan), "chunks_done": chunks_done, "seconds": round(seconds, 3), "tally": tally.to_json()}
    write_atomic(folder / PROGRESS_FILE, json.dumps(document, ensure_ascii=False) + "\n")


SAVING_SHARE = 0.05
"""The most of a campaign's time spent rewriting its progress file (:class:`ProgressSaver`)."""


class ProgressSaver:
    """Saves a campaign's progress as its chunks are done: after each chunk, unless the last save
    took more than :data:`SAVING_SHARE` of the time since it ended, in which case the chunks wait
    for a later save. While the file is small that is after every chunk; once it has grown, a save
    comes every few seconds, and saving never takes more than about a twentieth of the campaign.
    :meth:`flush` saves whatever is not saved yet: the command calls it at the end, and when it is
    stopped (Ctrl-C) or fails, so that the file then holds every chunk done."""

    def __init__(self, folder: Path, plan: Plan, tally: Tally, seconds_before: float) -> None:
        self.folder, self.plan, self.tally = folder, plan, tally
        self.seconds_before = seconds_before
        self.started = self.saved_at = time.monotonic()
        self.cost = 0.0
        """How long the last save took."""
        self.unsaved: int | None = None
        """The chunks done, when more are done than the file says."""

    def chunk_done(self, chunks_done: int) -> None:
        """The tally now counts ``chunks_done`` chunks: save them, unless that would be too soon."""
        self.unsaved = chunks_done
        if self.cost <= SAVING_SHARE * (time.monotonic() - self.saved_at):
            self.flush()

    def flush(self) -> None:
        """Save the chunks done, if the file does not hold them all yet."""
        if self.unsaved is None:
            return
        begun = time.monotonic()
        save_progress(self.folder, self.plan, self.unsaved, self.tally, self.seconds_before + begun - self.started)
        self.saved_at = time.monotonic()
        self.cost = self.saved_at - begun
        self.unsaved = None

    @property
    def seconds(self) -> float:
        """The seconds the campaign has spent, this run's included."""
        return self.seconds_before + time.monotonic() - self.started


def read_progress_file(folder: Path, asking: str, missing: str) -> dict[str, Any]:
    """The progress file of the campaign in ``folder``, for ``asking`` (the option or command that
    reads it), checked before it is used (:func:`ginspec.detection.campaign.records.read_record`);
    refused in one line, saying ``missing`` when there is none."""
    return records.read_record(folder / PROGRESS_FILE, asking, missing)


def load_progress(folder: Path, plan: Plan) -> tuple[int, Tally, float]:
    """(chunks done, their tally, seconds spent) of the campaign recorded in ``folder``; refused
    in one line when it is missing, unreadable, damaged, or a different campaign (its variant's
    parameters included)."""
    path = folder / PROGRESS_FILE
    document = read_progress_file(folder, "--resume", f"{str(path)!r} does not exist; start the campaign without --resume")
    differs = records.identity_difference(document["campaign"], describe(plan))
    if differs:
        raise UsageError(f"--resume: {str(path)!r} records another campaign ({differs})")
    return document["chunks_done"], Tally.from_json(document["tally"]), float(document.get("seconds", 0.0))


def check_fresh_folder(folder: Path, force: bool) -> None:
    """A new campaign does not overwrite another's folder unasked."""
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"--report-dir {str(folder)!r}: is a file; name a folder")
    if not force and ((folder / PROGRESS_FILE).exists() or (folder / REPORT_FILE).exists()):
        raise UsageError(f"--report-dir {str(folder)!r}: holds a campaign already; give --resume to continue it or --force to start again")


def prepare_folder(folder: Path, option: str) -> None:
    """Check, before the first hand is played, that a campaign's folder and the folders its
    findings are written to (``findings/round``, ``findings/game``) can be made and written, as
    ``check`` checks its report paths (:func:`ginspec.suite.outputs.claim_folder`): a folder under a
    file, a read-only one, or a file where a findings folder goes is refused in one line."""
    findings = folder / FINDINGS_FOLDER
    for path in (folder, findings, findings / "round", findings / "game"):
        claim_folder(path, option)
