"""``ginspec replay`` judges an engine under its profile as ``ginspec check`` does: one that lays off
for the defender (``layoff_style: automatic``, :mod:`ginspec.play.replay_automatic`) is sent the
transcript without its lay-offs and judged on the end the defender's best lay-offs (LAYOFF-OPTIMAL)
give, whatever lay-offs were written; and the reference engine declaring each profile never departs
from the rules."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from ginspec.detection.campaign.hands import play_hand
from ginspec.suite.variants import get_variant
from reference_impl.rules import RoundRules
from tests.in_process import ginspec


@pytest.fixture(scope="module")
def hands_with_layoffs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A hand whose defender lays off one card as the rules' best, written twice: as played, and
    with that lay-off left out (the defender then says ``done`` holding it, and no result is
    recorded)."""
    folder = tmp_path_factory.mktemp("automatic")
    rules = RoundRules.for_two_players(dict(get_variant("standard").parameters))
    hand = next(hand for hand in (play_hand(rules, 0, index) for index in range(40))
                if sum(" layoff " in f" {text} " for text in hand.actions) == 1 and hand.end.get("finished"))
    written = hand.transcript("standard", {})
    played, short = folder / "played.yaml", folder / "short.yaml"
    played.write_text(yaml.safe_dump(written), encoding="utf-8")
    without = {key: value for key, value in written.items() if key != "result"}
    without["actions"] = [text for text in written["actions"] if " layoff " not in f" {text} "]
    short.write_text(yaml.safe_dump(without), encoding="utf-8")
    return played, short


@pytest.mark.parametrize("which", [0, 1])
def test_an_engine_laying_off_for_the_defender_agrees_with_the_rules(hands_with_layoffs: tuple[Path, Path], which: int) -> None:
    result = ginspec("replay", str(hands_with_layoffs[which]), "--engine", "tests.masquerade_engines:AutomaticLayoffs")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "agrees with the rules at every move" in result.stdout


def test_an_engine_that_forgets_the_best_lay_offs_departs_at_the_end(hands_with_layoffs: tuple[Path, Path]) -> None:
    result = ginspec("replay", str(hands_with_layoffs[1]), "--engine", "tests.engines.automatic:ForgetsLayoffs")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "departs from the rules at the result" in result.stdout, result.stdout  # every state agrees: only the points tell


def _profiles() -> dict[str, object]:
    from tests.test_campaign_profiles import PLAYED_READINGS
    from tests.masquerade_engines import AutomaticLayoffs, Limited, NoRefusals, Omitting, Reading

    return {
        "automatic": AutomaticLayoffs(),
        "omits legal": Omitting(frozenset({"legal"})),
        "omits points": Omitting(frozenset({"points"})),
        "limited knock_limit": Limited({"knock_limit": (10,)}),
        "no refusals": NoRefusals(),
        "home oklahoma": Limited({}, "oklahoma"),
        **{f"reads {question} {reading}": Reading(question, reading) for question, reading in PLAYED_READINGS},
    }


@pytest.mark.parametrize("name", sorted(_profiles()))
def test_every_profile_agrees_with_itself_in_replay(name: str) -> None:
    """Ten hands of a campaign as transcripts: the reference engine declaring each profile never
    departs from the rules on them (a hand it cannot play is unsupported, with the reason)."""
    from ginspec.adapters.profile import engine_profile
    from ginspec.commands.replay import replay_one
    from ginspec.play.transcripts import transcript_from_document

    rules = RoundRules.for_two_players(dict(get_variant("standard").parameters))
    engine = _profiles()[name]
    engine.capabilities = lambda declared=engine_profile(engine.capabilities()): declared  # type: ignore[attr-defined]
    verdicts = [replay_one(transcript_from_document(play_hand(rules, 5, index).transcript("standard", {}), f"hand-{index}"), engine, name)[0] for index in range(10)]
    assert "departs" not in verdicts and "error" not in verdicts, verdicts
    assert "ok" in verdicts
    if name.startswith("reads "):  # played by the rules' side: judged on every hand, none turned away
        assert set(verdicts) == {"ok"}, verdicts
