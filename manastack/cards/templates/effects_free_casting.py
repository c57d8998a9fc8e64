"""Casting a target card from a graveyard while a triggered ability resolves (608.2g), with the
replacement effect that exiles the spell instead of putting it into the graveyard (614.1a):

- "[trigger], you may cast target instant or sorcery card [with mana value N or less | with mana value
  less than or equal to CARDNAME's power] from your graveyard without paying its mana cost. If that
  spell would be put into your graveyard, exile it instead." (Dreadhorde Arcanist, Goblin
  Dark-Dwellers, Torrential Gearhulk, Efreet Flamepainter).

The engine side is rules/free_casting.py (`CastTargetCard`); "CARDNAME's power" is read by
rules/targeting.py as the target is chosen and again on resolution (608.2b).
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.vocab.free_casting import CastTargetCard
from ..compiler import Unsupported, paragraph_template, trigger_kwargs
from ..draft import CardDraft
from .effects_common import target

_SOURCE_POWER = " with mana value less than or equal to cardname's power"


@paragraph_template(r"((?:when|whenever|at) .+?), you may cast (target .+? card(?: with [^.]+?)? from your graveyard) "
                    r"without paying its mana cost\. if that spell would be put into your graveyard, exile it instead")
def _cast_target_from_graveyard(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    kwargs = trigger_kwargs(m.group(1))
    phrase = m.group(2)
    by_power = _SOURCE_POWER in phrase
    targets: list[V.TargetSpec] = []
    ref = target(phrase.replace(_SOURCE_POWER, ""), targets)
    if not isinstance(ref, V.Ref) or len(targets) != 1 or targets[0].kind != "graveyard_card":
        raise Unsupported(para)
    spec = targets[0]
    if not spec.filter.types or not spec.filter.types <= {"Instant", "Sorcery"}:
        raise Unsupported(para)  # "If an instant or sorcery spell cast this way ...": a permanent spell differs
    if by_power:
        base = {f.name: getattr(spec.filter, f.name) for f in dataclasses.fields(spec.filter)}
        spec = dataclasses.replace(spec, filter=V.FilterPlus(**base, mana_value_max_source_power=True),
                                   text=m.group(2))
    out.abilities.append(V.TriggeredAbility(para, effects=(CastTargetCard(ref),), targets=(spec,), **kwargs))
