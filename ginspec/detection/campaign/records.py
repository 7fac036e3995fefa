"""What a campaign is, as its files record it, and those files checked before they are used.

A campaign's progress file (``progress.json``: :mod:`ginspec.detection.campaign.checkpoint`) names
the campaign (engine, variant with every parameter and their digest, seed, hands, shard, chunk
size) and holds the tally of the chunks done. ``--resume`` reads it back, and ``fuzz merge`` reads
each shard's. Before anything in one is used, :func:`read_record` checks it against
:data:`RECORD_SCHEMA` and against itself: the parameters against the variant schema and their
digest, the chunks done against the shard's hands, and the tally against those hands (its counts
add up, every index it names is one of the shard's hands played so far, every finding keeps at
least one occurrence). A damaged, cut short or edited file is refused in one line naming the file
and the field, so nothing outside the campaign is ever played or counted.

The variant is recorded with its parameters, so a campaign under a house variant file
(``--variant house.yaml``) is resumed and merged without looking the name up, and two files of the
same name with other rules are two campaigns (:func:`identity_difference`).
"""

from __future__ import annotations

import hashlib
import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

from ginspec.detection.campaign.games import SCORE_PART
from ginspec.detection.campaign.shards import Shard
from ginspec.detection.campaign.tally import OCCURRENCES_KEPT
from ginspec.errors import InvalidVariant, UsageError, quote

PROGRESS_KIND = "ginspec fuzz campaign progress"

IDENTITY = ("engine", "variant", "overrides", "seed", "hands", "unit", "shard", "chunk_hands", "digest")
"""What fixes a campaign's hands (a shard's own part aside: ``shard``), compared in this order."""

_COUNT = {"type": "integer", "minimum": 0}

RECORD_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["ginspec", "campaign", "chunks_done", "tally"],
    "properties": {
        "ginspec": {"const": PROGRESS_KIND},
        "campaign": {
            "type": "object",
            "required": ["engine", "variant", "overrides", "parameters", "digest", "seed", "hands", "unit", "shard", "chunk_hands"],
            "properties": {
                "engine": {"type": "string", "minLength": 1},
                "variant": {"type": "string", "minLength": 1},
                "overrides": {"type": "object"},
                "parameters": {"type": "object"},
                "digest": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
                "seed": {"type": "integer"},
                "hands": {"type": "integer", "minimum": 1, "maximum": 10**9},
                "unit": {"enum": ["hand", "game"]},
                "shard": {"type": "string", "pattern": "^[1-9][0-9]{0,5}/[1-9][0-9]{0,5}$"},
                "chunk_hands": {"type": "integer", "minimum": 1},
            },
        },
        "chunks_done": _COUNT,
        "seconds": {"type": "number", "minimum": 0, "maximum": 10**12},
        "tally": {
            "type": "object",
            "required": ["hands", "agreed", "unsupported", "disagreements", "findings"],
            "properties": {
                "hands": _COUNT,
                "agreed": _COUNT,
                "unsupported": _COUNT,
                "disagreements": _COUNT,
                "findings": {
                    "type": "object",
                    "additionalProperties": {
                        "type": "object",
                        "required": ["count", "occurrences", "indices"],
                        "properties": {
                            "count": {"type": "integer", "minimum": 1},
                            "occurrences": {
                                "type": "array",
                                "minItems": 1,
                                "maxItems": OCCURRENCES_KEPT,
                                "items": {
                                    "type": "array",
                                    "prefixItems": [_COUNT, _COUNT, {"type": "string"}, {"type": "integer", "minimum": SCORE_PART}],
                                    "minItems": 4,
                                    "maxItems": 4,
                                },
                            },
                            "indices": {"type": "array", "items": _COUNT},
                        },
                    },
                },
            },
        },
    },
}
"""The shape of a progress file; :func:`read_record` checks what a shape cannot say."""


def parameters_digest(parameters: Mapping[str, Any]) -> str:
    """The digest of a variant's parameters (SHA-256 of their canonical JSON): two rule sets
    under one name have two digests."""
    return hashlib.sha256(json.dumps(dict(parameters), sort_keys=True, separators=(",", ":")).encode("utf-8")).hexdigest()


def describe(plan: Any, chunk_hands: int) -> dict[str, Any]:
    """What fixes a campaign's hands, as its progress file records it."""
    return {
        "engine": plan.engine,
        "variant": plan.variant,
        "overrides": dict(plan.overrides),
        "parameters": dict(plan.parameters),
        "digest": parameters_digest(plan.parameters),
        "seed": plan.seed,
        "hands": plan.total,
        "unit": "game" if plan.games else "hand",
        "shard": plan.shard.label,
        "chunk_hands": chunk_hands,
    }


@lru_cache(maxsize=1)
def _validator() -> Any:
    import jsonschema

    return jsonschema.Draft202012Validator(RECORD_SCHEMA)


def _field(path: Any) -> str:
    return ".".join(str(part) for part in path) or "the file"


class _RepeatedKey(ValueError):
    """A JSON object of a record names one key twice: which value was meant cannot be told."""


def _once_each(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object of a record, each key once (``json`` would keep the last of a repeated key)."""
    document = dict(pairs)
    if len(document) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _RepeatedKey(f"the key {key!r} appears twice in one object")
            seen.add(key)
    return document


def read_record(path: Path, asking: str, missing: str) -> dict[str, Any]:
    """The progress file at ``path``, for ``asking`` (the option or command that reads it), checked
    against its schema and itself; refused in one line naming the file and the field, saying
    ``missing`` when there is none. An object naming a key twice is refused too, as the suite's
    YAML is (:mod:`ginspec.suite.yamlio`)."""
    try:
        document = json.loads(path.read_text(encoding="utf-8"), object_pairs_hook=_once_each)
    except FileNotFoundError:
        raise UsageError(f"{asking}: {missing}") from None
    except _RepeatedKey as exc:
        raise UsageError(f"{asking}: {str(path)!r} is damaged: {exc}") from None
    except (OSError, ValueError, RecursionError) as exc:
        raise UsageError(f"{asking}: {str(path)!r} cannot be read: {str(exc)[:200]}") from None
    if not isinstance(document, dict) or document.get("ginspec") != PROGRESS_KIND:
        raise UsageError(f"{asking}: {str(path)!r} is not the progress file of a ginspec fuzz campaign")
    campaign = document.get("campaign")
    if isinstance(campaign, dict) and "engine" in campaign and not {"parameters", "digest"} & set(campaign):
        raise UsageError(f"{asking}: {str(path)!r} records no parameters of its variant (an earlier ginspec wrote it); play the campaign again with --force")
    errors = sorted(_validator().iter_errors(document), key=lambda error: [str(part) for part in error.absolute_path])
    if errors:
        raise UsageError(f"{asking}: {str(path)!r} is damaged: {_field(errors[0].absolute_path)}: {errors[0].message[:200]}")
    problem = _inconsistency(document)
    if problem:
        raise UsageError(f"{asking}: {str(path)!r} is damaged: {problem}")
    return document


def record_shard(campaign: Mapping[str, Any]) -> Shard:
    number, count = (int(part) for part in campaign["shard"].split("/"))
    return Shard(number, count)


def _inconsistency(document: Mapping[str, Any]) -> str | None:
    """What a well-shaped progress file says against itself or the rules, or None."""
    from ginspec.suite.variants import check_consistency, check_parameters, parameter_schemas

    campaign, tally = document["campaign"], document["tally"]
    if not math.isfinite(document.get("seconds", 0)):
        return f"seconds: {document['seconds']!r} is not a number of seconds"
    parameters = campaign["parameters"]
    try:
        check_parameters(campaign["overrides"], "campaign.overrides")
        check_parameters(parameters, "campaign.parameters")
        missing = sorted(set(parameter_schemas()) - set(parameters))
        if missing:
            return f"campaign.parameters: {', '.join(missing[:5])}{f' and {len(missing) - 5} more' if len(missing) > 5 else ''} not recorded"
        check_consistency(parameters, "campaign.parameters")
    except InvalidVariant as exc:
        return str(exc)
    if any(parameters.get(key) != value for key, value in campaign["overrides"].items()):
        return "campaign.overrides: not the values of campaign.parameters"
    if parameters_digest(parameters) != campaign["digest"]:
        return "campaign.digest: not the digest of campaign.parameters"
    shard = record_shard(campaign)
    if shard.number > shard.count:
        return f"campaign.shard: {quote(campaign['shard'])} is not a part I/K with I <= K"
    in_shard = shard.hands(campaign["hands"])
    chunks = -(-in_shard // campaign["chunk_hands"])
    if document["chunks_done"] > chunks:
        return f"chunks_done: {document['chunks_done']}, but shard {shard.label} of {campaign['hands']} has {chunks} chunk(s)"
    played = min(document["chunks_done"] * campaign["chunk_hands"], in_shard)
    if tally["hands"] != played:
        return f"tally.hands: {tally['hands']}, but {document['chunks_done']} chunk(s) done hold {played}"
    if tally["agreed"] + tally["unsupported"] + tally["disagreements"] != played:
        return f"tally: {tally['agreed']} agreed, {tally['unsupported']} unsupported and {tally['disagreements']} disagreements are not the {played} hands played"
    counts = [found["count"] for found in tally["findings"].values()]
    if sum(counts) < tally["disagreements"] or any(count > tally["disagreements"] for count in counts):
        # a hand that disagrees is counted once in each finding it shows (past a departure, one or more)
        return f"tally.findings: their counts do not cover the {tally['disagreements']} disagreements, each hand once in each finding it shows"
    for signature, found in tally["findings"].items():
        problem = _finding_problem(found, shard, played, campaign["unit"] == "game")
        if problem:
            return f"tally.findings.{signature[:80]}: {problem}"
    return None


def _finding_problem(found: Mapping[str, Any], shard: Shard, played: int, games: bool) -> str | None:
    indices = found["indices"]
    if len(indices) != found["count"]:
        return f"indices: {len(indices)}, not its count {found['count']}"
    if any(later <= earlier for earlier, later in zip(indices, indices[1:])):
        return "indices: not in increasing order, each once"
    last = shard.index(played - 1) if played else -1
    outside = next((index for index in indices if index > last or (index - shard.number + 1) % shard.count), None)
    if outside is not None:
        return f"indices: {outside} is not one of the {played} hand(s) of shard {shard.label} played"
    known = set(indices)
    for index, _, _, part in found["occurrences"]:
        if index not in known:
            return f"occurrences: {index} is not one of its indices"
        if part < 0 and not games:  # a hand's part is 0, or the moves it was played otherwise at (detours.part_of)
            return f"occurrences: part {part} in a campaign of hands"
    return None


def identity_difference(recorded: Mapping[str, Any], wanted: Mapping[str, Any], keys: tuple[str, ...] = IDENTITY) -> str | None:
    """How ``recorded`` is another campaign than ``wanted`` (the first key of ``keys`` that differs,
    and for the parameters the first that differs), or None."""
    for key in keys:
        if recorded.get(key) == wanted.get(key):
            continue
        if key == "digest":
            mine, theirs = recorded.get("parameters", {}), wanted.get("parameters", {})
            name = next((name for name in sorted(set(mine) | set(theirs)) if mine.get(name) != theirs.get(name)), None)
            played = f"played with {name}={quote(mine.get(name))}, not {quote(theirs.get(name))}" if name else "played with other parameters"
            return f"variant {quote(recorded.get('variant'))} {played}"
        return f"{key} {recorded.get(key)!r}, not {wanted.get(key)!r}"
    return None
