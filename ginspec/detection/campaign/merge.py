"""``ginspec fuzz merge DIR...``: the reports of a campaign's shards (``--shard i/k``, each in its
folder) combined into the report one run of all of them would have written. The shards' progress
files hold their exact tallies; tallies of disjoint hands add up (:mod:`ginspec.detection.campaign.tally`),
so the merged report lists the same findings, counts and occurrences as the single run.

Each shard's file is checked before it is used (:func:`ginspec.detection.campaign.records.read_record`),
and the shards must be one campaign: the same engine, variant and parameters (by their digest: two
house variant files of one name with other rules are two campaigns), seed and hands, each part
once, and every part of it unless ``--partial`` is given. The variant's parameters come from the
files themselves, so a campaign under a house variant file merges without that file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ginspec.detection.campaign.checkpoint import PROGRESS_FILE, read_progress_file
from ginspec.detection.campaign.records import IDENTITY, identity_difference, record_shard
from ginspec.detection.campaign.shards import Shard
from ginspec.detection.campaign.tally import Tally
from ginspec.errors import UsageError

SAME_CAMPAIGN = tuple(key for key in IDENTITY if key != "shard")


def read_shard(folder: Path) -> dict[str, Any]:
    return read_progress_file(folder, "fuzz merge", f"{str(folder)!r} holds no campaign ({PROGRESS_FILE} is missing)")


def merge_shards(folders: list[Path], partial: bool = False) -> tuple[dict[str, Any], Tally, str, bool, float]:
    """(campaign, tally, parts, complete, seconds) of the shards in ``folders``; shards of
    different campaigns, the same shard twice, or (unless ``partial``) a shard left out are
    refused in one line."""
    documents = [read_shard(folder) for folder in folders]
    first = documents[0]["campaign"]
    tally = Tally()
    shards: list[Shard] = []
    complete = True
    seconds = 0.0
    for folder, document in zip(folders, documents):
        campaign = document["campaign"]
        differs = identity_difference(campaign, first, SAME_CAMPAIGN)
        if differs:
            raise UsageError(f"fuzz merge: {str(folder)!r} is another campaign ({differs})")
        shard = record_shard(campaign)
        if shards and shard.count != shards[0].count:
            raise UsageError(f"fuzz merge: {str(folder)!r} is shard {shard.label}, the others are parts of {shards[0].count}")
        if shard in shards:
            raise UsageError(f"fuzz merge: shard {shard.label} is given twice ({str(folder)!r})")
        shards.append(shard)
        chunks = -(-shard.hands(campaign["hands"]) // campaign["chunk_hands"])
        complete = complete and document["chunks_done"] >= chunks
        seconds += float(document.get("seconds", 0.0))
        tally.merge(Tally.from_json(document["tally"]))
    count = shards[0].count
    missing = sorted(set(range(1, count + 1)) - {shard.number for shard in shards})
    if missing and not partial:
        left_out = " ".join(f"{number}/{count}" for number in missing[:10]) + (f" and {len(missing) - 10} more" if len(missing) > 10 else "")
        raise UsageError(f"fuzz merge: shard(s) {left_out} of the campaign are missing; give every shard's folder, or --partial to merge only these")
    parts = "all" if not missing else " ".join(shard.label for shard in sorted(shards, key=lambda shard: shard.number))
    return first, tally, parts, complete and not missing, seconds
