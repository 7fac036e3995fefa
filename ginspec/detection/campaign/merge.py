"""``ginspec fuzz merge DIR...``: the reports of a campaign's shards (``--shard i/k``, each in its
folder) combined into the report one run of all of them would have written. The shards' progress
files hold their exact tallies; tallies of disjoint hands add up (:mod:`ginspec.detection.campaign.tally`),
so the merged report lists the same findings, counts and occurrences as the single run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ginspec.detection.campaign.checkpoint import PROGRESS_FILE, read_progress_file
from ginspec.detection.campaign.hands import Shard
from ginspec.detection.campaign.tally import Tally
from ginspec.errors import UsageError

SAME_CAMPAIGN = ("engine", "variant", "overrides", "seed", "hands", "unit", "chunk_hands")


def read_shard(folder: Path) -> dict[str, Any]:
    return read_progress_file(folder, "fuzz merge", f"{str(folder)!r} holds no campaign ({PROGRESS_FILE} is missing)")


def merge_shards(folders: list[Path]) -> tuple[dict[str, Any], Tally, str, bool, float]:
    """(campaign, tally, parts, complete, seconds) of the shards in ``folders``; shards of
    different campaigns, or the same shard twice, are refused in one line."""
    documents = [read_shard(folder) for folder in folders]
    first = documents[0]["campaign"]
    tally = Tally()
    shards: list[Shard] = []
    complete = True
    seconds = 0.0
    for folder, document in zip(folders, documents):
        campaign = document["campaign"]
        for key in SAME_CAMPAIGN:
            if campaign.get(key) != first.get(key):
                raise UsageError(f"fuzz merge: {str(folder)!r} is another campaign ({key} {campaign.get(key)!r}, not {first.get(key)!r})")
        number, count = (int(part) for part in str(campaign["shard"]).split("/"))
        shard = Shard(number, count)
        if shards and shard.count != shards[0].count:
            raise UsageError(f"fuzz merge: {str(folder)!r} is shard {shard.label}, the others are parts of {shards[0].count}")
        if shard in shards:
            raise UsageError(f"fuzz merge: shard {shard.label} is given twice ({str(folder)!r})")
        shards.append(shard)
        chunks = -(-shard.hands(int(campaign["hands"])) // int(campaign["chunk_hands"]))
        complete = complete and int(document["chunks_done"]) >= chunks
        seconds += float(document.get("seconds", 0.0))
        tally.merge(Tally.from_json(document["tally"]))
    count = shards[0].count
    every = {shard.number for shard in shards} == set(range(1, count + 1))
    parts = "all" if every else " ".join(shard.label for shard in sorted(shards, key=lambda shard: shard.number))
    return first, tally, parts, complete and every, seconds
