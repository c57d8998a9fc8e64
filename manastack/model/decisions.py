"""What the engine waits for: a Decision, the one shape every pending choice takes (DESIGN.md: one
decision pipeline), and DecisionKind, the closed list of what it can be asked (CR 117 priority, 103.5
mulligans, 508.1 / 509.1 declarations, 510.1 damage assignment, 603.3 trigger order and targets,
608.2d choices made while an effect resolves, 704.5j the legend rule, ...)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class DecisionKind(StrEnum):
    """Every kind of decision the engine raises. A member equals its string ("priority"), so scenario
    files, JSON logs and the tables keyed by kind (registry.CHOICES, validate.DECISION_ACTIONS) keep
    naming kinds by their string. A new kind of decision is added here first."""

    # The turn's own decisions (rules/turn.py, priority.py, sba.py, opening_hand.py).
    PRIORITY = "priority"  # 117.3
    MULLIGAN = "mulligan"  # 103.5: keep (true) or mulligan (false)
    BOTTOM = "bottom"  # 103.5: the cards put on the bottom after a mulligan
    OPENING_HAND = "opening_hand"  # 103.6a: Leylines, Gemstone Caverns
    OPENING_HAND_EXILE = "opening_hand_exile"  # 103.6a: the card exiled for Gemstone Caverns
    DISCARD = "discard"  # 514.1 cleanup, 701.9 discard N
    ATTACKERS = "attackers"  # 508.1
    BLOCKERS = "blockers"  # 509.1
    ORDER_BLOCKERS = "order_blockers"  # 509.2 / 509.3
    ASSIGN_DAMAGE = "assign_damage"  # 510.1
    ORDER_TRIGGERS = "order_triggers"  # 603.3b
    TRIGGER_TARGET = "trigger_target"  # 603.3d
    CHOOSE_MODE = "choose_mode"  # 700.2b, modal triggered abilities
    COPY_EXILED_CARD = "copy_exiled_card"  # 707.12: the card exiled this way that is copied (Chandra, Pyromaster)
    TRIGGER_DIVIDE = "trigger_divide"  # 601.2d / 603.3d: a triggered ability's damage divided among its targets
    CHOOSE_COLOR = "choose_color"  # 614.12: "as it enters, choose a color"
    CHOOSE_MANA = "choose_mana"  # 605: the mana a "choice" mana ability adds
    MANA_CHOICE = "mana_choice"  # 601.2g-h: how a cost is paid when the payments differ
    SACRIFICE_UNLESS = "sacrifice_unless"  # "sacrifice CARDNAME unless you sacrifice ..."
    LEGEND = "legend"  # 704.5j
    # Choices queued by effects as they resolve, ("choice", kind, ...) items (608.2d;
    # registry.CHOICES[kind] lists their answers).
    AMASS = "amass"  # 701.47
    BOLSTER = "bolster"  # 701.39
    CAST_FREE = "cast_free"  # 608.2g: cascade, ripple, "you may cast it without paying"
    CAST_OFFER = "cast_offer"  # 601.3: casting from a graveyard or exile offered
    CAST_TARGET = "cast_target"
    CHANGE_TARGET = "change_target"  # 115.7: "change the target of target spell with a single target"
    CHOOSE_CARD = "choose_card"
    CHOOSE_PILE = "choose_pile"  # 700.3: the pile put into the hand
    CHOOSE_DRAWN = "choose_drawn"  # 121.1: "choose two cards in your hand drawn this turn"
    CHOOSE_CREATURE_TYPE = "choose_creature_type"  # 608.2d: "each player chooses a creature type"
    CIPHER = "cipher"  # 702.99a: the creature a cipher card is encoded on
    CONNIVE_DISCARD = "connive_discard"  # 701.50
    ANOTHER_COUNTER = "another_counter"  # 122.1: "choose a counter on target permanent or player": its kind
    REMOVE_COUNTERS = "remove_counters"  # 122.1: "remove up to N counters": one counter's kind at a time, false to stop
    COUNTER_KIND = "counter_kind"  # "put a +1/+1 counter or a loyalty counter on it": which kind
    SOULBOND_PAIR = "soulbond_pair"  # 702.95a: the creature to pair with, or none
    COPY_ABILITY_TARGETS = "copy_ability_targets"  # 707.10c
    COPY_TARGETS = "copy_targets"  # 707.10c
    DAMAGE_SOURCE = "damage_source"  # 615: "a source of your choice"
    PLAYER_OR_PLANESWALKER = "player_or_planeswalker"  # 120.3: "that player or a planeswalker that player controls"
    DIG = "dig"  # "look at the top N, put one into your hand" (or onto the battlefield, ...)
    DISCARD_ANY = "discard_any"  # "discard any number of cards, then draw that many"
    DISCARD_OR_SACRIFICE = "discard_or_sacrifice"
    EFFECT_OF_CHOICE = "effect_of_choice"  # 608.2d: "gains your choice of flying, first strike, or trample"
    ENDURE = "endure"  # 701.63
    ENLIST = "enlist"  # 702.154
    EXERT = "exert"  # 701.43
    EXILE_FROM_HAND = "exile_from_hand"  # 607.2a imprint
    EXPLORE = "explore"  # 701.44
    FABRICATE = "fabricate"  # 702.123
    FROM_OUTSIDE = "from_outside"  # 400.11b: a card brought into the game from outside it (a wish)
    LEARN_DISCARD = "learn_discard"  # 701.45a: the card discarded to draw a card, or false
    HAND_TO_TOP = "hand_to_top"  # 401.4: cards from a hand put on top of a library, in a chosen order
    DISCARD_UNLESS = "discard_unless"  # 701.8a: "discard two cards unless you discard an artifact card"
    MANIFEST_DREAD = "manifest_dread"  # 701.62
    MAY = "may"  # 608.2d: "you may"
    BATTLEFIELD_INSTEAD = "battlefield_instead"  # 608.2d: a card found put onto the battlefield instead (true/false)
    ORDER_BOTTOM = "order_bottom"  # 401.4
    ORDER_TOP = "order_top"  # 401.4
    PARTNER_FIND = "partner_find"
    PARTNER_MAY = "partner_may"
    PAY_LIFE_OR_SACRIFICE = "pay_life_or_sacrifice"
    PAY_X = "pay_x"  # 107.3: the X of "you may pay {X}" as an ability resolves
    PAY_LIFE_OR_TOP = "pay_life_or_top"  # 119.4 / 401.4: "pay 4 life or put the card on top of your library"
    PAY_OR_COUNTER = "pay_or_counter"  # "counter it unless its controller pays"
    PAY_OR_COUNTER_TO = "pay_or_counter_to"
    PAY_OR_COUNTER_THEN = "pay_or_counter_then"  # "unless its controller pays {X}. If that player doesn't, ..."
    PAY_OR_SACRIFICE = "pay_or_sacrifice"  # 118.12a
    PLAYER_PROTECTION_COLOR = "player_protection_color"  # 702.16b-k
    POPULATE = "populate"  # 701.36
    PROLIFERATE = "proliferate"  # 701.34
    PROTECTION_COLOR = "protection_color"  # 702.16
    PROTECTION_COLOR_GROUP = "protection_color_group"  # 608.2c: "choose a color. Creatures you control gain ..."
    BECOME_COLOR = "become_color"  # 608.2c / 613.1e: "becomes the color of your choice"
    PUT_FROM_HAND = "put_from_hand"
    RESTRICTED_MANA = "restricted_mana"  # 106.6: which mana "Add {U}, {R}, or {W}. Spend this mana only ..." adds
    RETURN = "return"
    RETURN_OR_SACRIFICE = "return_or_sacrifice"
    RETURN_FROM_GRAVEYARD = "return_from_graveyard"  # "return a card from your graveyard ... for each card discarded"
    DISCARD_THEN_RETURN = "discard_then_return"  # 701.8a: the cards discarded first
    SACRIFICE = "sacrifice"  # 701.21
    SACRIFICE_ANY = "sacrifice_any"  # 701.17a: "sacrifice any number of creatures" (a list)
    PAY_ANY_LIFE = "pay_any_life"  # 119.4: "pay any amount of life" (a number)
    SCRY = "scry"  # 701.22
    SEARCH = "search"  # 701.23
    SEARCH_SPLIT = "search_split"  # 701.19a: "put one onto the battlefield tapped and the other into your hand"
    SEARCH_LIBRARY_EXILE = "search_library_exile"  # 701.19a: a card of a player's library to exile, or false (701.19b)
    CAST_EXILED_FREE = "cast_exiled_free"  # 608.2g: which card exiled this way to cast next, or false
    SEPARATE_PILES = "separate_piles"  # 700.3
    SEARCH_NAMED = "search_named"
    SEARCH_TOP = "search_top"
    SEARCH_EXILE_SAME_NAME = "search_exile_same_name"  # 701.19b: the cards with that name found in a graveyard, hand, library
    SEARCH_TO_GRAVEYARD = "search_to_graveyard"  # 701.19a: "search target player's library ... into that player's graveyard"
    SURVEIL = "surveil"  # 701.25
    TAP_OR_UNTAP = "tap_or_untap"
    TOP_OR_BOTTOM = "top_or_bottom"  # 401.4: "on your choice of the top or bottom of its owner's library"
    UNTAP_UP_TO = "untap_up_to"
    UNTAP_LIMIT = "untap_limit"  # 502.3: which permanents untap when a limit holds them back (Winter Orb)
    UNTAP_OPTIONAL = "untap_optional"  # 502.3: which of the permanents its controller "may choose not to untap" untap


# The members by their string: a dict look-up is cheaper than DecisionKind(name) on the hot path.
_KINDS: dict[str, DecisionKind] = {k.value: k for k in DecisionKind}


def decision_kind(name: str) -> DecisionKind:
    """The member named `name` (a queued choice's kind); an unknown kind is refused with a clear error
    (a rules module queued a choice without adding its kind to DecisionKind)."""
    kind = _KINDS.get(name)
    if kind is None:
        raise ValueError(f"unknown decision kind {name!r}: add it to manastack.model.decisions.DecisionKind")
    return kind


@dataclass(frozen=True)
class Decision:
    """What the engine waits for: `kind` (a DecisionKind: priority, mulligan, attackers, blockers,
    assign_damage, order_triggers, trigger_target, scry, may, ...), the deciding `player`, and
    kind-specific `data` (e.g. the cards to choose from)."""

    kind: DecisionKind
    player: int
    data: object = None
    prompt: str = ""
    options: tuple[object, ...] = field(default=())

    def __post_init__(self) -> None:
        # Cheap (an identity test): a plain string would pass every comparison and hide a kind
        # missing from DecisionKind.
        if type(self.kind) is not DecisionKind:
            raise TypeError(f"Decision.kind must be a DecisionKind, not {self.kind!r}")
