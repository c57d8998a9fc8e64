"""Counterspell variants and spells that care about a target's color or mana value; executed by
rules/counterspells.py (and rules/referred_objects.py for IfTargetMatches, InsteadIf).

- 608.2c / 608.2b: "Counter target spell if it's blue." / "Destroy target permanent if it's red." / "put a +1/+1
  counter on equipped creature if it's red" (the equipped creature's color as it resolves).
  (Pyroblast, Hydroblast): any spell or permanent may be targeted; the color is checked as it resolves.
- 701.5a: "Counter target spell unless its controller pays {X}" (Logic Knot), "... twice {X}" (Thassa's
  Intervention), "... {1} for each card in your graveyard" (Circular Logic); "If that player doesn't, they
  tap all lands with mana abilities they control and lose all unspent mana." after it (Power Sink).
- 115.1 / 608.2b: "counter target spell with mana value X or less, where X is the number of Faeries you
  control" (Spellstutter Sprite); "[counter | destroy] target [spell | creature] with mana value less than
  or equal to the number of cards in its controller's graveyard" (Drown in the Loch); "Counter target
  spell that targets a creature" (Confound).
- 608.2c: an instant's or sorcery's paragraph "[Ferocious — ]If [condition], counter that spell instead."
  after a counterspell (Stubborn Denial): the condition is one an intervening "if" may have, checked as it
  resolves.
- 108.3 / 608.2h: "Its owner gains 4 life" (Path of Peace): any player sentence with "its owner" as its
  subject, after an effect on a target; "You gain life equal to its mana value" (Divine Offering).
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.vocab.counterspells import (
    CardsInGraveyard,
    ChangeTarget,
    CounterThatSpell,
    CounterUnlessPaysAmount,
    ManaValueBound,
    OwnerOf,
    SingleTarget,
    TargetsMatching,
)
from ...model.vocab.referred_objects import IfTargetMatches, InsteadIf, ObjectStat
from ...model.vocab.statics import OnAttached
from ..compiler import COLOR_WORDS, EFFECTS_CHECKS, Unsupported, paragraph_template
from ..draft import CardDraft
from .conditions import _intervening
from .effects_common import parse_filter, sub_effects, template
from .effects_referred import _as_player

_COLOR = r"(?:white|blue|black|red|green)"


def _new_target(text: str, targets: list) -> tuple[list, int]:
    """The effects of `text` and the index of the one target it adds (else Unsupported)."""
    n = len(targets)
    effects = sub_effects(text, targets)
    if len(targets) != n + 1 or len(effects) != 1:
        del targets[n:]
        raise Unsupported(text)
    return effects, n


@template(rf"(.+) if it's ({_COLOR}(?: or {_COLOR})?)")
def _if_its_color(m: re.Match, targets: list) -> list:
    """608.2c: "Counter target spell if it's blue": the target is any spell; its color is checked as the
    effect happens (105.2), unlike "counter target blue spell" (115.1: only a blue spell may be targeted)."""
    colors = frozenset(COLOR_WORDS[w] for w in m.group(2).split(" or "))
    n = len(targets)
    inner = sub_effects(m.group(1), targets)
    if len(targets) == n and len(inner) == 1 and isinstance(inner[0], OnAttached):
        # "put a +1/+1 counter on equipped creature if it's red": the permanent it's attached to (Ref(0) of
        # OnAttached), its color as the effect happens
        return [OnAttached((IfTargetMatches(V.Ref(0), V.ObjectFilter(colors=colors), inner[0].effects),))]
    del targets[n:]
    inner, i = _new_target(m.group(1), targets)
    return [IfTargetMatches(V.Ref(i), V.ObjectFilter(colors=colors), tuple(inner))]


# ---------------------------------------------------------------------------- counter unless pays a number


def _spell_target(text: str, targets: list) -> V.Ref:
    effects, i = _new_target(f"counter {text}", targets)
    if targets[i].kind != "spell" or not isinstance(effects[0], V.CounterSpell):
        del targets[i:]
        raise Unsupported(text)
    return V.Ref(i)


@template(r"counter (target .*spell) unless its controller pays (twice )?\{x\}")
def _counter_unless_x(m: re.Match, targets: list) -> list:
    """701.5a / 107.3: "... unless its controller pays {X}" (X of the counterspell), "twice {X}"."""
    return [CounterUnlessPaysAmount(_spell_target(m.group(1), targets), "X", 2 if m.group(2) else 1)]


@template(r"counter (target .*spell) unless its controller pays \{1\} for each card in your graveyard")
def _counter_unless_graveyard(m: re.Match, targets: list) -> list:
    """701.5a / 608.2h: the cards in your graveyard counted as it resolves (Circular Logic)."""
    return [CounterUnlessPaysAmount(_spell_target(m.group(1), targets), CardsInGraveyard())]


@dataclasses.dataclass(frozen=True, slots=True)
class _IfDoesnt:
    """"If that player doesn't, they ...": waiting for the counterspell before it (never left compiled)."""

    declined: tuple[str, ...]


_DECLINED = {"tap all lands with mana abilities they control": "tap_mana_lands",
             "lose all unspent mana": "lose_unspent_mana"}


@template(r"if that player doesn't, they (.+)")
def _if_that_player_doesnt(m: re.Match, targets: list) -> list:
    """"If that player doesn't, they tap all lands with mana abilities they control and lose all unspent
    mana" (Power Sink): what the spell's controller does if they don't pay."""
    parts = re.split(r",? and ", m.group(1))
    if not all(p in _DECLINED for p in parts):
        raise Unsupported(m.string)
    return [_IfDoesnt(tuple(_DECLINED[p] for p in parts))]


def _merge_declined(effects: list, targets: list) -> None:
    for i, e in enumerate(effects):
        if isinstance(e, _IfDoesnt):
            prev = effects[i - 1] if i else None
            if not isinstance(prev, CounterUnlessPaysAmount) or prev.declined:
                raise Unsupported("if that player doesn't")
            effects[i - 1:i + 1] = [dataclasses.replace(prev, declined=e.declined)]
            _merge_declined(effects, targets)
            return


EFFECTS_CHECKS.append(_merge_declined)


# ---------------------------------------------------------------------------- targets bounded by what they are


def _wrapped_target(text: str, targets: list, wrap) -> list:
    """The effects of `text` with its one new target's filter wrapped by `wrap` (the target's kind and its
    other qualities kept)."""
    effects, i = _new_target(text, targets)
    spec = targets[i]
    targets[i] = dataclasses.replace(spec, filter=wrap(spec.filter))
    return effects


@template(r"counter target ((?:[a-z]+ )*?spell) with mana value x or less, where x is the number of (.+)")
def _counter_mana_value_count(m: re.Match, targets: list) -> list:
    """115.1 / 608.2b: "counter target spell with mana value X or less, where X is the number of Faeries you
    control" (Spellstutter Sprite): counted when the target is chosen and again as it resolves."""
    what = m.group(2)
    if not what.endswith(" you control"):
        raise Unsupported(m.string)
    count = parse_filter(what)
    return _wrapped_target(f"counter target {m.group(1)}", targets, lambda f: ManaValueBound(base=f, count=count))


@paragraph_template(r"(counter|destroy|gain control of) target ([a-z -]+?) with (?:mana value|converted mana cost) x\.?")
def _mana_value_x(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """115.1 / 601.2b-c: "Counter target spell with mana value X" (Spell Blast), "Destroy target creature with
    mana value X" (Disembowel): the X announced for the spell, before its targets are chosen (an ability's X
    is not read this way: a spell's text only)."""
    if not is_spell:
        raise Unsupported(para)
    effects = _wrapped_target(f"{m.group(1)} target {m.group(2)}", out.spell_targets,
                              lambda f: ManaValueBound(base=f, exact=True, x=True))
    out.spell_effects.extend(effects)


@template(r"(counter|destroy|exile) target (.+?) with mana value less than or equal to the number of cards in its "
          r"controller's graveyard")
def _mana_value_graveyard(m: re.Match, targets: list) -> list:
    """115.1 / 608.2b: Drown in the Loch: the target's controller's graveyard, counted when the target is
    chosen and again as it resolves."""
    return _wrapped_target(f"{m.group(1)} target {m.group(2)}", targets,
                           lambda f: ManaValueBound(base=f, controllers_graveyard=True))


@template(r"counter target ((?:[a-z]+ )*?spell) that targets an? (.+)")
def _counter_spell_that_targets(m: re.Match, targets: list) -> list:
    """115.1 / 608.2b: "Counter target spell that targets a creature" (Confound)."""
    what = parse_filter(m.group(2))
    if what == V.ObjectFilter() and m.group(2) != "permanent":
        raise Unsupported(m.string)
    return _wrapped_target(f"counter target {m.group(1)}", targets, lambda f: TargetsMatching(base=f, what=what))


@template(r"counter that spell")
def _counter_that_spell(m: re.Match, targets: list) -> list:
    """701.5a, after "whenever a player casts a spell ...": the spell the trigger's event is (Chalice of the Void)."""
    return [CounterThatSpell()]


@template(r"change the target of target ((?:[a-z]+ )*?spell) with a single target")
def _change_target(m: re.Match, targets: list) -> list:
    """115.7: "Change the target of target spell with a single target" (Deflection, Misdirection, Shunt)."""
    effects, i = _new_target(f"counter target {m.group(1)}", targets)
    targets[i] = dataclasses.replace(targets[i], filter=SingleTarget(base=targets[i].filter), text=m.group(0))
    return [ChangeTarget(V.Ref(i))]


# ---------------------------------------------------------------------------- "counter that spell instead"


@paragraph_template(r"if ([^,—]+), counter that spell instead")
def _counter_instead(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """608.2c: "Ferocious — If you control a creature with power 4 or greater, counter that spell instead."
    after "Counter target noncreature spell unless its controller pays {1}" (Stubborn Denial)."""
    effects = out.spell_effects
    prev = effects[-1] if is_spell and effects else None
    if not isinstance(prev, (V.CounterUnlessPays, CounterUnlessPaysAmount)):
        raise Unsupported(para)
    effects[-1] = InsteadIf(_intervening(m.group(1), ""), (V.CounterSpell(prev.target),), (prev,))


# ---------------------------------------------------------------------------- its owner


@template(r"(its|that creature's|that permanent's) owner (gains|loses|draws|discards|mills) (.+)")
def _its_owner(m: re.Match, targets: list) -> list:
    """108.3 / 608.2h: "Destroy target creature. Its owner gains 4 life." (Path of Peace): the owner of the
    permanent targeted earlier in the ability, as it last existed once it has left the battlefield."""
    if not targets or targets[-1].kind != "permanent":
        raise Unsupported(m.string)
    return _as_player(f"{m.group(2)} {m.group(3)}", targets, OwnerOf(V.Ref(len(targets) - 1)))


@template(r"(you|its controller) (gains?|loses?) life equal to (?:its|that permanent's|that creature's) mana value")
def _life_equal_mana_value(m: re.Match, targets: list) -> list:
    """608.2h / 202.3: "Destroy target artifact. You gain life equal to its mana value." (Divine Offering): the
    permanent targeted just before, as it last existed (its X is 0 on the battlefield)."""
    if not targets or targets[-1].kind != "permanent":
        raise Unsupported(m.string)  # "its" is something else (the revealed card of Dark Confidant)
    ref = V.Ref(len(targets) - 1)
    effects = sub_effects(f"{m.group(1)} {m.group(2)} 1 life", targets)
    if len(effects) != 1 or not isinstance(effects[0], (V.GainLife, V.LoseLife)):
        raise Unsupported(m.string)
    return [dataclasses.replace(effects[0], amount=ObjectStat(ref, "mana value"))]
