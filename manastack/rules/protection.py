"""Protection qualities (702.16); the templates are in cards/templates/statics_protection.py.

- 702.16a: whether a source has a quality ("from artifacts", "from Goblins", "from everything",
  702.16j), read by rules/stack.py protected_from (PROTECTION_QUALITIES; it checks color qualities itself).
- 613.1f (layer 6): "gains protection from the color of your choice until end of turn" (514.2).
- 608.2c / 611.2c: "Choose a color. Creatures you control gain protection from the chosen color until end of turn"
  (Akroma's Blessing, Brave the Elements): one color chosen as it resolves (registry.CHOICES
  "protection_color_group"), then the creatures it applies to are fixed (611.2c).
- 702.16n: "This effect doesn't remove CARDNAME": the Aura that gives protection stays attached
  (registry.AURA_KEPT).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.compiler import COLOR_WORDS
from ..engine import registry
from ..model.events import EffectCreated
from ..model.state import BATTLEFIELD, ContinuousEffect
from ..model.vocab.protection import GainProtection, GainProtectionFromChosenColor
from . import attacking as _attacking_module
from . import effect_context
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


def protection_quality(q: str, source: Any) -> bool:
    """702.16a: whether a source with characteristics `source` has quality `q` (as compiled by
    templates.statics_protection: "type:Artifact", "subtype:Goblin", "everything" (702.16j),
    "monocolored", "colorless"). Color qualities are checked by stack.protected_from."""
    if q.startswith("type:"):
        return q[5:] in source.types
    if q.startswith("subtype:"):
        return q[8:] in source.subtypes
    if q == "everything":
        return True
    if q == "monocolored":
        return len(source.colors) == 1
    if q == "colorless":
        return not source.colors
    return False


registry.PROTECTION_QUALITIES.append(protection_quality)


_COLOR_WORD = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def grant_protection(g: Game, oid: int, qualities: tuple[str, ...], controller: int, source: str) -> None:
    """613.1f (layer 6): `oid` gains protection from `qualities` until end of turn (514.2), as a
    combat_keywords.GRANT continuous effect."""
    s = g.s
    grant = ContinuousEffect(_attacking_module.GRANT, oid, timestamp=s.next_timestamp, controller=controller,
                             data=((), tuple(qualities)))
    s.next_timestamp += 1
    g.perform(EffectCreated("702.16a", grant, "gains_protection", {"card": g.name_of(oid), "qualities": list(qualities),
                                                                  "source": source}))


def _gain_protection(g: Game, ctx: Any, e: Any) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None:
        return None
    if not e.color_choice:
        grant_protection(g, oid, e.qualities, ctx.controller, ctx.name)
        return None
    # 608.2c: the color is chosen as the effect resolves, by the ability's controller ("of your
    # choice") or the object's controller ("of its controller's choice").
    chooser = g.s.objects[oid].controller if e.color_choice == "its_controller" else ctx.controller
    return [effect_context.queue_choice("protection_color", chooser, tuple(_COLOR_WORD),
                      f"{ctx.name}: choose a color ({g.name_of(oid)} gains protection from it until end of turn)",
                      (oid, e.qualities, ctx.controller, ctx.name))]


def _answer_color(g: Game, d: Any, value: Any) -> None:
    letter, (oid, qualities, controller, name) = effect_context.take_color_answer(g, d, value)
    o = g.s.objects.get(oid)
    if o is not None and o.zone == BATTLEFIELD:
        grant_protection(g, oid, tuple(qualities) + (_COLOR_WORD[letter],), controller, name)


def register_protection_effect(cls: type) -> None:
    registry.register_effect(cls, _gain_protection)
    registry.CHOICES["protection_color"] = (effect_context.color_actions, _answer_color)


def _has_quality(q: str, source: Any) -> bool:
    """Whether a source with characteristics `source` has protection quality `q` (stack.protected_from
    for one quality)."""
    if q == "multicolored":
        return len(source.colors) > 1
    if q in COLOR_WORDS:
        return COLOR_WORDS[q] in source.colors
    return protection_quality(q, source)


def aura_kept(g: Game, aura: Obj, host: Obj, aura_chars: Any) -> bool:
    """702.16n: protection the Aura's own "... This effect doesn't remove CARDNAME" ability gives
    doesn't put that Aura into the graveyard; protection from any other source still does."""
    exempt: list[str] = []
    for ab in aura_chars.abilities:
        if getattr(ab, "keeps_source", False):
            exempt.extend(_COLOR_WORD.get(aura.chosen_color or "", "") if q == "chosen_color" else q
                          for q in ab.protection)
    if not exempt:
        return False
    remaining = list(g.chars(host).protection)
    for q in exempt:
        if q in remaining:
            remaining.remove(q)  # one instance: the same quality from another source still counts
    return not any(_has_quality(q, aura_chars) for q in remaining)


registry.AURA_KEPT.append(aura_kept)


register_protection_effect(GainProtection)


def _gain_protection_from_chosen(g: Game, ctx: Any, e: GainProtectionFromChosenColor) -> list | None:
    return [effect_context.queue_choice("protection_color_group", ctx.controller, tuple(_COLOR_WORD),
                                        f"{ctx.name}: choose a color (protection from it until end of turn)",
                                        (e.filter, ctx.controller, ctx.source, ctx.name))]


def _answer_group_color(g: Game, d: Any, value: Any) -> None:
    letter, (flt, controller, source, name) = effect_context.take_color_answer(g, d, value)
    for oid in _targeting_module.objects_matching(g, flt, controller, source):  # 611.2c: fixed now
        grant_protection(g, oid, (_COLOR_WORD[letter],), controller, name)


registry.register_effect(GainProtectionFromChosenColor, _gain_protection_from_chosen)
registry.CHOICES["protection_color_group"] = (effect_context.color_actions, _answer_group_color)
