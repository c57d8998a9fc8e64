"""The vocabulary manastack/cards/templates/statics.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V
from . import Effect, ObjectFilter, StaticAbility

# A rule "cant_have:KEYWORD" ("loses first strike and can't have or gain first strike"): the keyword is
# removed after every effect that would give it (101.2: "can't" wins), whatever its timestamp
# (rules/continuous.py).
CANT_HAVE = "cant_have:"

# Rules "attack_tax:N" / "block_tax:N" ("can't attack or block unless its controller pays {N}", 508.1d /
# 509.1d): the characteristics carry them tagged with their source ("attack_tax:3@17", SOURCE_TAG), so
# that the costs of two sources add up (rules/combat_costs.py).
# Rules "add_color:W" / "add_subtype:Angel" ("is a white Angel in addition to its other colors and types",
# 205.1b): layers 5 and 4 of the object a LayeredStatic affects (itself or the object it is attached to),
# read by rules/continuous.py before the other layers.
ADD_COLOR = "add_color:"
ADD_SUBTYPE = "add_subtype:"
# 205.1a / 613.1d: "Enchanted creature is a Demon Spirit": its creature types are replaced by these
SET_CREATURE_TYPE = "set_creature_type:"
ATTACK_TAX = "attack_tax:"
BLOCK_TAX = "block_tax:"
SOURCE_TAG = "@"


@dataclass(frozen=True, slots=True)
class Condition:
    """"as long as ..." / "during your turn" (611.3a: checked continuously). kind:
    "your_turn", "not_your_turn", "attacking", "untapped", "tapped" (the source);
    "control" (the source's controller controls at least `n` permanents matching `filter`, not
    counting the source when `filter.other`; `filter.controller` "opponent": an opponent controls);
    "graveyard" (at least `n` cards in your graveyard; of one of `filter.types` when given), "graveyard_types"
    (at least `n` card types among them), "life_ge" / "life_le" (your life total), "opponent_life_le" /
    "opponent_poison_ge" (some opponent has at most `n` life / at least `n` poison counters), "hand_le" (at most `n` cards in your hand),
    "counter" (the source has a `what` counter), "monarch" (the source's controller is the monarch, 722), "attached" (an Aura or Equipment, or `what`, is
    attached to the source); "host" (the object the source is attached to has one of `filter.types`,
    one of `filter.subtypes` and one of `filter.colors`, each when listed), "host_attacking" /
    "host_untapped" (that object is attacking / untapped): "enchanted creature gets +1/+2 as long as
    it's white". `negated`: the condition is "otherwise" (608.2c-like wording of a static: the
    opposite of the condition of the sentence before)."""

    kind: str
    n: int = 1
    filter: ObjectFilter | None = None
    what: str = ""
    negated: bool = False


@dataclass(frozen=True, slots=True)
class PerCount:
    """"for each X" in "+N/+N for each X" (the modification is multiplied). kind: "control"
    (permanents matching `filter`, relative to the source's controller; `filter.other`: not the
    affected object), "attached" (Auras/Equipment attached to the affected object, `what` one of
    them or "" both), "graveyard" (cards in your graveyard, of `what` type when given; "all_graveyards": in every graveyard), "hand"
    (cards in your hand), "counters" (`what` counters on the source), "life" (your life total)."""

    kind: str
    filter: ObjectFilter | None = None
    what: str = ""


@dataclass(frozen=True, slots=True)
class LayeredStatic(StaticAbility):
    """604.1 / 613: a static ability of a permanent whose effect applies to objects on read.

    `affects`: "self" (the source), "enchanted" / "equipped" (the object the source is attached
    to, 303.4b / 301.5a; when `filter.subtypes` is set, only while it has one of them; with
    `attacking`, only while it attacks), or "group" (permanents matching `filter`: every type in `filter.types`
    (all of them), one of `filter.subtypes`, one of `filter.colors`, none of `filter.non_colors`,
    `filter.controller` relative to the source's controller, `filter.other`: not the source;
    plus `attacking`, `with_keyword`, `token`).
    Effects: `keywords` and `protection` are added in layer 6, `granted` abilities too;
    `power`/`toughness` modify in layer 7c; `rules` are combat/untap rules read by rules/combat.py
    and the untap step ("cant_block", "cant_attack", "cant_be_blocked", "attacks_each_combat",
    "blocks_each_combat", "block_only_flyers", "max_one_blocker", "min_blockers:N",
    "unblockable_by_power_le:N", "unblockable_by_power_ge:N", "cant_block_power_ge:N",
    "attack_unless:SUBTYPE", "cant_attack_alone", "cant_block_alone", "doesnt_untap",
    "unblockable_by:Q", "blockable_only_by:Q|Q", "unblockable_by_lesser_power", "extra_blocks:N",
    "any_number_blocks", "all_creature_types", "no_activated" (its activated abilities can't be
    activated: they are left out of its abilities), "no_nonmana_activated" (likewise, "unless they're
    mana abilities"), "unblockable_by_greater_power", "attack_tax:N" / "block_tax:N" (a cost to attack / block,
    rules/combat_costs.py)).
    `condition`: None (always) or a Condition; `per`: "+N/+N for each ..." (a PerCount);
    `with_counter`: the group is "each creature you control with a +1/+1 counter on it"; `attached`:
    "creatures you control that are enchanted / equipped"; `supertype`: "legendary creatures";
    `without_keywords`: the group is "creatures without flying or islandwalk" (none of them, read after
    the other statics' layer-6 effects: such a static adds only rules)."""

    affects: str = "self"
    keywords: tuple[str, ...] = ()
    protection: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    condition: Condition | None = None
    attacking: bool = False
    with_keyword: str = ""
    token: bool = False
    per: PerCount | None = None
    with_counter: str = ""
    attached: str = ""  # group: "Aura" (enchanted creatures) / "Equipment" (equipped creatures)
    supertype: str = ""  # group: "Legendary"
    without_keywords: tuple[str, ...] = ()  # group: has none of these keywords


@dataclass(frozen=True, slots=True)
class OnAttached(Effect):
    """An effect of an Aura's or Equipment's own ability on the object it is attached to ("tap
    enchanted creature", "{R}: Enchanted creature gets +1/+0 until end of turn"): `effects` refer to
    that object as Ref(0). If the source has left the battlefield, the object it was attached to as
    it last existed on the battlefield (608.2h)."""

    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class AttachedFilter(V.ObjectFilter):
    """Only the object the source is attached to (rules/continuous.matches_static)."""

    attached_only: bool = True


@dataclass(frozen=True, slots=True)
class ChosenTypeStatic(LayeredStatic):
    """A group LayeredStatic limited to creatures of the type chosen as its source entered
    ("Other creatures you control of the chosen type get +1/+1"; rules/entry_choices._of_chosen_type)."""

    of_chosen_type: bool = True


@dataclass(frozen=True, slots=True)
class ChosenNameStatic(LayeredStatic):
    """A group LayeredStatic for the sources with the card name chosen as its source entered
    ("Activated abilities of sources with the chosen name can't be activated", 201.4, 602.5;
    rules/entry_choices._of_chosen_name; sources in other zones: entry_choices.named_source_restriction)."""

    of_chosen_name: bool = True


@dataclass(frozen=True, slots=True)
class ChosenColorStatic(LayeredStatic):
    """A group LayeredStatic for creatures of the color chosen as its source entered
    (rules/entry_choices._of_chosen_color)."""

    of_chosen_color: bool = True


@dataclass(frozen=True, slots=True)
class EnchantPlayer(V.StaticAbility):
    """702.5a / 702.5d: "Enchant player" / "Enchant opponent": the Aura spell targets a player
    (`target_kind` "player" or "opponent") and the Aura is attached to that player
    (rules/auras_on_players.aura_player_legal)."""

    target_kind: str = "player"


@dataclass(frozen=True, slots=True)
class EnchantedPlayersStatic(LayeredStatic):
    """A group LayeredStatic for the permanents of the player its source enchants ("Creatures
    enchanted player controls get -1/-1"; rules/auras_on_players._of_enchanted_player)."""

    of_enchanted_player: bool = True


@dataclass(frozen=True, slots=True)
class GraveyardLayeredStatic(LayeredStatic):
    """113.6 / 604.1: "As long as CARDNAME is in your graveyard and you control an Island, creatures you
    control have flying" (Wonder): a LayeredStatic of a group that functions only while its card is in its
    owner's graveyard (rules/continuous.py `_statics` reads it there; "you" is the card's owner, 108.4a)."""

