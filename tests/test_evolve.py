"""The copy of a state with some fields changed (reference_impl.evolve): what
``dataclasses.replace`` gives, for the states of the state machines and for other frozen
dataclasses whose fields are all slots of their own; the states stay immutable, and a class of
another shape (no slots, or slots split over its bases) is refused."""

from __future__ import annotations

import dataclasses
from dataclasses import InitVar, dataclass, field
from typing import ClassVar

import pytest

from ginspec.suite.variants import get_variant
from reference_impl.cards import DECK
from reference_impl.evolve import _blank_of, _copier, _field_names, evolve
from reference_impl.round import RoundState, deal_in_order
from reference_impl.rules import RoundRules
from reference_impl.table_round import TableState


@pytest.fixture(scope="module")
def dealt() -> RoundState:
    return deal_in_order(RoundRules.from_parameters(get_variant("standard").parameters), "p1", list(DECK))


def test_a_round_state_copy_is_what_replace_gives(dealt: RoundState) -> None:
    changed = evolve(dealt, passes=1, phase="draw", to_play="p1")
    assert changed == dataclasses.replace(dealt, passes=1, phase="draw", to_play="p1")
    assert (changed.passes, changed.phase, changed.to_play) == (1, "draw", "p1")
    assert changed.hand_masks == dealt.hand_masks and changed.hands is dealt.hands
    assert (dealt.passes, dealt.phase) == (0, "first_turn"), "the state copied is unchanged"
    assert evolve(dealt) == dealt and evolve(dealt) is not dealt


def test_the_states_are_filled_as_blanks_of_their_layout_and_stay_frozen(dealt: RoundState) -> None:
    for cls in (RoundState, TableState):
        assert list(_field_names(cls)) == [item.name for item in dataclasses.fields(cls)]
        blank = _blank_of(cls)
        assert blank.__slots__ == cls.__slots__, cls  # type: ignore[attr-defined]
        copy = _copier(cls, ("passes",))
        assert copy.__name__ == "copy" and copy.__globals__["_blank"] is blank, cls
    changed = evolve(dealt, passes=2)
    assert type(changed) is RoundState and changed == dataclasses.replace(dealt, passes=2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        changed.passes = 3  # type: ignore[misc]


def test_post_init_runs_on_the_copy(dealt: RoundState) -> None:
    """RoundState works out the card masks of the hands when they are left out."""
    hands = (dealt.hands[1], dealt.hands[0])
    swapped = evolve(dealt, hands=hands, hand_masks=None)
    assert swapped.hand_masks == (dealt.hand_masks[1], dealt.hand_masks[0])  # type: ignore[index]


def test_a_name_that_is_not_a_field_is_refused(dealt: RoundState) -> None:
    with pytest.raises(KeyError, match="colour"):
        evolve(dealt, colour="red")
    with pytest.raises(TypeError):  # as replace refuses it
        dataclasses.replace(dealt, colour="red")  # type: ignore[call-arg]


@dataclass(frozen=True, slots=True)
class Checked:
    value: int
    seen: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError("negative")


@dataclass(frozen=True, slots=True)
class Derived(Checked):
    extra: str = "x"


@dataclass(frozen=True)
class Plain:
    value: int
    tags: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class WithInitVar:
    value: int
    scale: InitVar[int] = 1
    kind: ClassVar[str] = "with an init-only value"

    def __post_init__(self, scale: int) -> None:
        object.__setattr__(self, "value", self.value * scale)


@dataclass(frozen=True, slots=True)
class WithDerivedField:
    value: int
    doubled: int = field(init=False, default=0)

    def __post_init__(self) -> None:
        object.__setattr__(self, "doubled", 2 * self.value)


@dataclass(frozen=True)
class PlainOnSlotsBase(Checked):
    """Its own field lives in the instance's ``__dict__``, not in a slot."""

    label: str = "plain"


@pytest.mark.parametrize(
    "state, changes",
    [
        (Checked(1), {"value": 2}),
        (Checked(4, (4,)), {}),
        (WithDerivedField(2), {"value": 5}),
    ],
    ids=["slots-post-init", "nothing-changed", "field-left-out-of-init"],
)
def test_every_shape_of_dataclass_copies_as_replace_does(state: object, changes: dict[str, object]) -> None:
    assert evolve(state, **changes) == dataclasses.replace(state, **changes)  # type: ignore[type-var]
    assert type(evolve(state, **changes)) is type(state)


def test_a_class_whose_slots_are_split_over_its_bases_is_refused() -> None:
    """Its instances have no blank of the same layout (the base's slots come first)."""
    with pytest.raises(TypeError, match=r"evolve copies dataclasses whose fields are slots of the class itself: Derived\.value is not one"):
        evolve(Derived(1, (2,), "y"), value=7)


def test_a_check_in_post_init_still_refuses_the_copy() -> None:
    with pytest.raises(ValueError, match="negative"):
        evolve(Checked(1), value=-1)


def test_a_field_left_out_of_init_is_made_again_by_post_init() -> None:
    assert evolve(WithDerivedField(2), value=5).doubled == 10


@pytest.mark.parametrize("state", [Plain(1), PlainOnSlotsBase(1)], ids=["no-slots", "a-field-not-in-a-slot"])
def test_a_class_whose_fields_are_not_all_slots_is_refused(state: object) -> None:
    with pytest.raises(TypeError, match="evolve copies dataclasses whose fields are slots of the class itself: .* is not one"):
        evolve(state, value=2)


def test_a_class_with_an_init_only_value_is_refused_by_its_post_init() -> None:
    with pytest.raises(TypeError, match="scale"):
        evolve(WithInitVar(2, 3), value=4)


@dataclass(frozen=True, slots=True)
class OneField:
    value: int


def test_a_class_of_one_field_is_copied() -> None:
    assert evolve(OneField(1), value=2) == OneField(2)
    assert evolve(OneField(1)) == OneField(1)
