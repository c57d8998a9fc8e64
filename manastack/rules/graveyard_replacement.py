"""Replacement effects on cards put into graveyards "from anywhere" (614.1a, 614.6, 616.1, 404.1).

- "If CARDNAME would be put into a graveyard from anywhere, exile it instead" (Generous Soul, the
  disturb Auras): the card's own replacement effect, which functions wherever the card is (a creature
  dying, a card discarded or milled, a spell countered or resolving).
- "If CARDNAME would die, exile it instead", "If a creature an opponent controls / another creature would die,
  exile it instead" (700.4: only a move from the battlefield; the creature's qualities as it would die).
- "If a card or token would be put into a graveyard from anywhere, exile it instead" (Rest in Peace),
  "If a card would be put into an opponent's graveyard from anywhere, exile it instead" (Leyline of the
  Void), "... into your graveyard ..." (Yawgmoth's Agenda), "If an instant or sorcery card would be put
  into a graveyard from anywhere, exile it instead" (Dryad Militant): static abilities of permanents on
  the battlefield. A card goes to its owner's graveyard (404.1), so "an opponent's graveyard" is an
  opponent's card. "A card" leaves tokens alone (they go to the graveyard and cease to exist, 111.7).
- "If CARDNAME would be put into a graveyard from anywhere, reveal CARDNAME and shuffle it into its owner's
  library instead" (Darksteel Colossus, Progenitus, Nexus of Fate): the card's own, in every zone; the event
  becomes a move into its owner's library, which is then shuffled (ZoneChange.shuffle, 701.20a), the card
  revealed (701.16a). With an "exile it instead" effect too, the owner chooses which applies (616.1).
- The event becomes a move to exile (614.6: it never goes to the graveyard, so it doesn't "die",
  700.4); several such effects give the same event whichever applies first (616.1).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ..engine import registry
from ..model.events import Event, ZoneChange
from ..model.state import BATTLEFIELD, EXILE, GRAVEYARD, LIBRARY, Obj
from ..model.vocab import ANY_OBJECT
from ..model.vocab.graveyard_replacement import (  # noqa: F401 (the vocabulary this module executes)
    GRAVEYARD_EXILE,
    GraveyardToExile,
    GraveyardToLibrary,
)
from . import targeting

if TYPE_CHECKING:
    from ..engine.game import Game


def _own(g: Game, o: Obj, e: ZoneChange) -> bool:
    return any(isinstance(ab, GraveyardToExile) and ab.whose == "self" and (not ab.dies or e.from_zone == BATTLEFIELD)
               for ab in g.chars(o).abilities)


def _applies(g: Game, src: Obj, ab: GraveyardToExile, o: Obj, e: ZoneChange) -> bool:
    if ab.whose == "self":
        return False  # read on the moving object itself (_own)
    if ab.dies and e.from_zone != BATTLEFIELD:
        return False  # 700.4: "would die": put into a graveyard from the battlefield
    if o.card.is_token and not ab.tokens:
        return False
    if ab.whose == "opponents" and o.owner == src.controller or ab.whose == "yours" and o.owner != src.controller:
        return False
    return ab.filter == ANY_OBJECT or targeting.matches_filter(g, ab.filter, o, src.controller, src.id)


def _to_exile_finder(g: Game, e: Event) -> list[registry.Replacement]:
    if not isinstance(e, ZoneChange) or e.to_zone != GRAVEYARD:
        return []
    o = g.s.objects.get(e.obj)
    if o is None:
        return []
    sources = [src.id for src, ab in g.statics_of_kind(GRAVEYARD_EXILE)
               if isinstance(ab, GraveyardToExile) and _applies(g, src, ab, o, e)]
    if _own(g, o, e):
        sources.append(o.id)
    return [registry.Replacement(("graveyard_exile", sid), "exile it instead", _exile_instead, same=("graveyard_exile",),
                                 source=sid, log=("replace", "614.1a", {"card": o.card.name, "instead": "exile",
                                                                        "by": g.s.objects[sid].card.name}))
            for sid in sources]


def _exile_instead(e: Event) -> Event:
    assert isinstance(e, ZoneChange)
    return dataclasses.replace(e, to_zone=EXILE)


registry.REPLACEMENTS.setdefault(ZoneChange, []).append(_to_exile_finder)


def _to_library_finder(g: Game, e: Event) -> list[registry.Replacement]:
    if not isinstance(e, ZoneChange) or e.to_zone != GRAVEYARD:
        return []
    if not g.may_have(GraveyardToLibrary):
        return []  # the cheap look first: asked for every move to a graveyard
    o = g.s.objects.get(e.obj)
    if o is None or not any(isinstance(ab, GraveyardToLibrary) for ab in g.chars(o).abilities):
        return []
    return [registry.Replacement(("graveyard_shuffle", o.id), "shuffle it into its owner's library instead",
                                 _shuffle_instead, source=o.id, then=_reveal,
                                 log=("replace", "614.1a", {"card": o.card.name, "instead": "shuffle into library",
                                                            "by": o.card.name}))]


def _shuffle_instead(e: Event) -> Event:
    assert isinstance(e, ZoneChange)
    return dataclasses.replace(e, to_zone=LIBRARY, shuffle=True, bottom=False, index=None)


def _reveal(g: Game, before: Event, after: Event | None) -> None:
    assert isinstance(before, ZoneChange)
    o = g.s.objects.get(before.obj)
    if o is not None:
        g.log_event("reveal", "701.16a", player=g.s.players[o.owner].name, cards=[o.card.name], source=o.card.name)


registry.REPLACEMENTS[ZoneChange].append(_to_library_finder)
