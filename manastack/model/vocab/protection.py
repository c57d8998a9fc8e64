"""The vocabulary manastack/cards/templates/statics_protection.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V
from .statics import LayeredStatic


@dataclass(frozen=True, slots=True)
class GainProtection(V.Effect):
    """"[object] gains protection from [qualities] until end of turn" (702.16a, layer 6, until the
    cleanup step 514.2); `color_choice`: "you" ("from the color of your choice", chosen as it
    resolves) or "its_controller" ("of its controller's choice"), added to `qualities`."""

    target: V.Who
    qualities: tuple[str, ...] = ()
    color_choice: str = ""


@dataclass(frozen=True, slots=True)
class GainProtectionFromChosenColor(V.Effect):
    """"Choose a color. Creatures you control gain protection from the chosen color until end of turn"
    (Akroma's Blessing, Brave the Elements): the ability's controller chooses one color as it resolves
    (608.2c); every permanent `filter` matches then gains protection from it (611.2c, 702.16a)."""

    filter: V.ObjectFilter


@dataclass(frozen=True, slots=True)
class ProtectionKeepingSource(LayeredStatic):
    """"Enchanted creature has protection from white. This effect doesn't remove CARDNAME."
    (702.16n): a LayeredStatic whose protection doesn't make its own source fall off
    (rules/protection.aura_kept)."""

    keeps_source: bool = True


