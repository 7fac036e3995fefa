"""The files a campaign reads back under damage: a progress file (``--resume``) or a shard's
(``fuzz merge``) cut short, with a value of the wrong type, with counts that are not its hands', or
of another campaign is refused in one line by both readers; nothing else is ever raised, and no
damaged file is used (:mod:`ginspec.detection.campaign.records`). The files damaged are those of
a real campaign with findings, shard 1/2 and shard 2/2."""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ginspec.commands.main import main
from ginspec.detection.campaign.checkpoint import PROGRESS_FILE, load_progress
from ginspec.detection.campaign.merge import merge_shards
from ginspec.detection.campaign.records import parameters_digest
from ginspec.detection.campaign.shards import Shard
from ginspec.detection.campaign.worker import Plan
from ginspec.errors import UsageError
from ginspec.suite.variants import get_variant

TWO_DEPARTURES = "tests.engines.two_departures:TwoDepartures"
HANDS, SEED = 100, 6
PARAMETERS = dict(get_variant("standard").parameters)


@pytest.fixture(scope="module")
def shard_files(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[str, Any]]:
    """The progress files of shards 1/2 and 2/2 of a campaign against an engine that departs."""
    folder = tmp_path_factory.mktemp("shards")
    documents = []
    for number in (1, 2):
        status = main(["fuzz", "--engine", TWO_DEPARTURES, "--hands", str(HANDS), "--seed", str(SEED), "--shard", f"{number}/2",
                       "--report-dir", str(folder / str(number))], open("/dev/null", "w"))
        assert status == 1, "the engine departs: the campaign has findings to damage"
        documents.append(json.loads((folder / str(number) / PROGRESS_FILE).read_text(encoding="utf-8")))
    assert documents[0]["tally"]["findings"] and documents[0]["chunks_done"] == 1
    return documents[0], documents[1]


PLAN = Plan(TWO_DEPARTURES, "standard", {}, PARAMETERS, SEED, HANDS, Shard(1, 2))


def paths(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value inside ``value`` (not ``value`` itself)."""
    children = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in children:
        yield (*at, key)
        yield from paths(inner, (*at, key))


def put(document: dict[str, Any], path: tuple[Any, ...], value: Any) -> None:
    for key in path[:-1]:
        document = document[key]
    document[path[-1]] = value


def got(document: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        document = document[key]
    return document


def json_type(value: Any) -> str:
    return "bool" if isinstance(value, bool) else "number" if isinstance(value, (int, float)) else type(value).__name__


JSON_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False, allow_infinity=False).filter(lambda number: number != int(number)),
    st.text(max_size=8), st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
)


def refused_by_both(text: str, other: dict[str, Any], first: bool) -> None:
    """The damaged file ``text`` is refused by ``--resume`` and by ``fuzz merge`` beside the other
    shard, in one line each."""
    with tempfile.TemporaryDirectory() as temporary:
        damaged, sound = Path(temporary) / "damaged", Path(temporary) / "sound"
        damaged.mkdir()
        sound.mkdir()
        (damaged / PROGRESS_FILE).write_text(text, encoding="utf-8")
        (sound / PROGRESS_FILE).write_text(json.dumps(other), encoding="utf-8")
        for read in (lambda: load_progress(damaged, PLAN), lambda: merge_shards([damaged, sound] if first else [sound, damaged])):
            with pytest.raises(UsageError) as refused:
                read()
            message = str(refused.value)
            assert "\n" not in message and len(message) < 600, message


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@SETTINGS
@given(data=st.data())
def test_a_file_cut_short_is_refused(shard_files: tuple[dict[str, Any], dict[str, Any]], data: st.DataObject) -> None:
    first, second = shard_files
    text = json.dumps(first) + "\n"
    cut = data.draw(st.integers(1, len(text.rstrip()) - 1), label="characters kept")
    refused_by_both(text[:cut], second, data.draw(st.booleans(), label="damaged shard first"))


@SETTINGS
@given(data=st.data())
def test_a_value_of_another_type_is_refused(shard_files: tuple[dict[str, Any], dict[str, Any]], data: st.DataObject) -> None:
    first, second = shard_files
    path = data.draw(st.sampled_from(sorted(paths(first), key=repr)), label="field")
    old = got(first, path)
    value = data.draw(JSON_VALUES.filter(lambda new: json_type(new) != json_type(old)), label="value")
    damaged = copy.deepcopy(first)
    put(damaged, path, value)
    refused_by_both(json.dumps(damaged), second, data.draw(st.booleans(), label="damaged shard first"))


COUNTS = [("chunks_done",), ("tally", "hands"), ("tally", "agreed"), ("tally", "unsupported"), ("tally", "disagreements")]


@SETTINGS
@given(data=st.data())
def test_counts_that_are_not_the_hands_played_are_refused(shard_files: tuple[dict[str, Any], dict[str, Any]], data: st.DataObject) -> None:
    first, second = shard_files
    findings = [("tally", "findings", signature, "count") for signature in first["tally"]["findings"]]
    path = data.draw(st.sampled_from(COUNTS + findings), label="count")
    delta = data.draw(st.integers(-300, 300).filter(bool), label="changed by")
    damaged = copy.deepcopy(first)
    put(damaged, path, got(first, path) + delta)
    refused_by_both(json.dumps(damaged), second, data.draw(st.booleans(), label="damaged shard first"))


FOREIGN = {
    "engine": st.sampled_from(["reference", "exec:./other", TWO_DEPARTURES + "2"]),
    "variant": st.sampled_from(["oklahoma", "house", "standard2"]),
    "seed": st.integers(-5, 10**6).filter(lambda seed: seed != SEED),
    "hands": st.integers(1, 10**6).filter(lambda hands: hands != HANDS),
    "unit": st.just("game"),
    "shard": st.sampled_from(["2/2", "1/3", "1/1", "3/3"]),
    "chunk_hands": st.integers(1, 1000).filter(lambda size: size != 100),
    "overrides": st.just({"knock_limit": 5}),
}


@SETTINGS
@given(data=st.data())
def test_another_campaign_is_refused(shard_files: tuple[dict[str, Any], dict[str, Any]], data: st.DataObject) -> None:
    """Another campaign's identity, the file otherwise sound: the parameters (with their digest
    worked out again, as a campaign under other rules records them) or one other field."""
    first, second = shard_files
    damaged = copy.deepcopy(first)
    campaign = damaged["campaign"]
    key = data.draw(st.sampled_from(sorted(FOREIGN) + ["parameters"]), label="field")
    if key == "parameters":
        name, value = data.draw(st.sampled_from([("knock_limit", 7), ("gin_bonus", 31), ("big_gin", False), ("undercut_bonus", 10)]), label="parameter")
        campaign["parameters"][name] = value
        campaign["digest"] = parameters_digest(campaign["parameters"])
    else:
        campaign[key] = data.draw(FOREIGN[key], label="value")
        if key == "overrides":
            campaign["parameters"].update(campaign["overrides"])
            campaign["digest"] = parameters_digest(campaign["parameters"])
    refused_by_both(json.dumps(damaged), second, data.draw(st.booleans(), label="damaged shard first"))


def test_the_sound_files_are_used(shard_files: tuple[dict[str, Any], dict[str, Any]], tmp_path: Path) -> None:
    """The files damaged above, undamaged, are read: the checks refuse damage, not the files."""
    for number, document in enumerate(shard_files, start=1):
        (tmp_path / str(number)).mkdir()
        (tmp_path / str(number) / PROGRESS_FILE).write_text(json.dumps(document), encoding="utf-8")
    chunks, tally, _ = load_progress(tmp_path / "1", PLAN)
    assert (chunks, tally.hands) == (1, HANDS // 2)
    campaign, merged, parts, complete, _ = merge_shards([tmp_path / "2", tmp_path / "1"])
    assert (merged.hands, parts, complete) == (HANDS, "all", True)
    assert merged.disagreements == shard_files[0]["tally"]["disagreements"] + shard_files[1]["tally"]["disagreements"]


def test_a_key_written_twice_is_refused_by_both(shard_files: tuple[dict[str, Any], dict[str, Any]]) -> None:
    """JSON keeps the last of a repeated key without a word; a record naming ``hands`` twice, the
    second time with another count, is damaged, not read as the last one says."""
    first, second = shard_files
    text = json.dumps(first)
    tally = json.dumps(first["tally"])
    assert tally in text
    doubled = text.replace(tally, tally[:-1] + f', "hands": {first["tally"]["hands"] + 100}}}', 1)
    assert json.loads(doubled)["tally"]["hands"] == first["tally"]["hands"] + 100
    refused_by_both(doubled, second, True)
    with tempfile.TemporaryDirectory() as temporary:
        (Path(temporary) / PROGRESS_FILE).write_text(doubled, encoding="utf-8")
        with pytest.raises(UsageError, match="the key 'hands' appears twice in one object"):
            load_progress(Path(temporary), PLAN)
