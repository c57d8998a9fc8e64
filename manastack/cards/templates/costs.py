"""Keywords about costs and casting.

- 702.29 Cycling {N}: "[Cost], Discard this card: Draw a card." — an activated ability that works only
  while the card is in its owner's hand (702.29a). "Basic landcycling" and "[land type]cycling"
  (702.29e) search for a card of that kind instead. Compiled as a HandAbility; rules/stack.py
  activates it from the hand (602.2, 702.29a).
- 702.53 Transmute {N}: "[Cost], Discard this card: Search your library for a card with the same mana value
  as the discarded card, reveal that card, and put it into your hand. Then shuffle. Activate only as a
  sorcery." — a HandAbility too.
- 101.2 / 701.5a "CARDNAME can't be countered.": counter effects leave the spell on the stack.
- 702.33 Kicker {N} (one mana kicker cost): answered true/false as the spell is cast (601.2b);
  "If this spell was kicked, [effect]" (not "... instead", not kicker-only targets) and "If this
  creature was kicked, it enters with N +1/+1 counters on it". Triggered "if it was kicked" stays
  unsupported (a permanent doesn't remember being kicked).
- 702.21 Ward {N}: triggers when a spell or activated ability of an opponent targets the permanent.
- 702.34 Flashback {N}: cast an instant or sorcery from the graveyard, then exile it.
"""

from __future__ import annotations

from ...model import vocab as V
from ...model.costs import parse_cost
from ...model.vocab.effects import DiscardPayment, LifePayment
from ...model.vocab.keyword_costs import (  # noqa: F401 (the vocabulary this module executes)
    Flashback,
    HandAbility,
    IfKicked,
    Kicker,
    WardCounter,
)
from ...model.vocab.library_effects import SearchSameManaValue
from ..compiler import (
    SENTENCE_TEMPLATES,
    Unsupported,
    keyword_template,
    later_template,
    number,
    paragraph_template,
    parse_effects,
    sentence_template,
)
from ..draft import CardDraft
from .effects_common import parse_filter

_MANA = r"((?:\{[0-9wubrgc]+\})+)"


def _mana(text: str) -> V.Cost:
    try:
        return V.Cost(mana=parse_cost(text.upper()))
    except ValueError as exc:
        raise Unsupported(text) from exc


@keyword_template(r"cycling ((?:\{[0-9wubrgcx]+\})+)")
def _cycling(m, out: CardDraft):
    """702.29a: "Cycling [cost]" means "[Cost], Discard this card: Draw a card." An X in the cost (Shark
    Typhoon's {X}{1}{U}, 107.3) is announced as it is activated (rules/activation.py) and is the X of
    the card's "when you cycle CARDNAME" trigger."""
    out.abilities.append(HandAbility(m.group(0), _mana(m.group(1)), (V.Draw(1),)))


@keyword_template(rf"(basic land|plains|island|swamp|mountain|forest)cycling {_MANA}")
def _typecycling(m, out: CardDraft):
    """702.29e: "[Type]cycling [cost]" means "[Cost], Discard this card: Search your library for a
    [type] card, reveal it, put it into your hand, then shuffle." """
    kind = m.group(1)
    flt = parse_filter(kind if kind == "basic land" else kind.capitalize(), allow_card=True) \
        if kind == "basic land" else V.ObjectFilter(subtypes=frozenset({kind.capitalize()}))
    out.abilities.append(HandAbility(m.group(0), _mana(m.group(2)), (V.SearchLibrary(flt, "hand"),)))


@keyword_template(rf"transmute {_MANA}")
def _transmute(m, out: CardDraft):
    """702.53a (rules/library_effects.py SearchSameManaValue)."""
    out.abilities.append(HandAbility(m.group(0), _mana(m.group(1)), (SearchSameManaValue(),), sorcery_speed=True))


@paragraph_template(r"cardname can't be countered")
def _uncounterable(m, para, out: CardDraft, is_spell):
    """101.2 / 701.5a: a spell that can't be countered stays on the stack when an effect would counter
    it (rules/effects.py can_be_countered)."""
    out.abilities.append(V.StaticAbility(para, "cant_be_countered"))


# --- 702.33 Kicker -------------------------------------------------------------------------------


@paragraph_template(rf"kicker {_MANA}")
def _kicker(m, para, out: CardDraft, is_spell):
    try:
        cost = parse_cost(m.group(1).upper())
    except ValueError as exc:
        raise Unsupported(para) from exc
    if any(type(a).__name__ in ("Kicker", "Flashback") for a in out.abilities):
        raise Unsupported(para)  # 702.33c: several kicker costs (or kicker with flashback) are not modelled
    out.abilities.append(Kicker(para, cost))


@sentence_template(r"if cardname was kicked, (.+)")
def _if_kicked(m, targets):
    rest = m.group(1)
    if rest.endswith(" instead"):
        # "If CARDNAME was kicked, it deals 4 damage instead": it replaces the effect before it
        # (templates/effects_instead.py)
        later = later_template(SENTENCE_TEMPLATES, _if_kicked, m.string)
        if later is None:
            raise Unsupported(m.string)
        return later[0](later[1], targets)
    if "instead" in rest or "kicker" in rest:
        raise Unsupported(m.string)
    n = len(targets)
    effects = parse_effects(rest, targets)
    if len(targets) != n:
        # 601.2c: a target only a kicked spell has is chosen only when kicked: not modelled.
        raise Unsupported(m.string)
    return [IfKicked(tuple(effects))]


@paragraph_template(r"if cardname was kicked, it enters(?: the battlefield)? with (a|an|one|two|three|four|five|six|\d+) "
                    r"\+1/\+1 counters? on it")
def _kicked_counters(m, para, out: CardDraft, is_spell):
    """702.33d / 614.1c: "If this was kicked, it enters with N +1/+1 counters on it"
    (rules/stack.py enters_battlefield, kind "etb_counters_if_kicked")."""
    n = number(m.group(1))
    out.abilities.append(V.StaticAbility(para, "etb_counters_if_kicked", counter_kind="+1/+1", amount=n))


# --- 702.21 Ward ---------------------------------------------------------------------------------


@keyword_template(rf"ward {_MANA}")
def _ward(m, out: CardDraft):
    """702.21a: "Ward [cost]" means "Whenever this permanent becomes the target of a spell or ability an
    opponent controls, counter that spell or ability unless that player pays [cost]." The event is
    raised by rules/stack.py (ward_check) when a spell is cast or an ability activated."""
    try:
        cost = parse_cost(m.group(1).upper())
    except ValueError as exc:
        raise Unsupported(m.group(0)) from exc
    out.abilities.append(V.TriggeredAbility(m.group(0), "ward", (WardCounter(cost),)))


@keyword_template(r"ward—discard a card")
def _ward_discard(m, out: CardDraft):
    """702.21a with a discard cost: "Ward—Discard a card" (payable only with a card in hand; the player chooses it)."""
    out.abilities.append(V.TriggeredAbility(m.group(0), "ward", (WardCounter(DiscardPayment(1)),)))


@keyword_template(r"ward—pay (\d+) life")
def _ward_life(m, out: CardDraft):
    """702.21a with a life cost: "Ward—Pay 2 life" (payable only with at least that much life, 119.4)."""
    out.abilities.append(V.TriggeredAbility(m.group(0), "ward", (WardCounter(LifePayment(int(m.group(1)))),)))


# --- 702.34 Flashback ----------------------------------------------------------------------------


@keyword_template(r"flashback ((?:\{[0-9wubrgc]+\})+)")
def _flashback(m, out: CardDraft):
    try:
        cost = parse_cost(m.group(1).upper())
    except ValueError as exc:
        raise Unsupported(m.group(0)) from exc
    if any(isinstance(a, (Kicker, Flashback)) for a in out.abilities):
        raise Unsupported(m.group(0))  # kicker with flashback (or two flashback costs): not modelled
    out.abilities.append(Flashback(m.group(0), cost))


# --- 119.4 paying life while resolving ---------------------------------------------------------------

@sentence_template(r"pay (\d+) life")
def _pay_life(m, targets):
    """"You may pay 2 life. If you do, ...": life paid as the ability resolves, only with a life total of
    at least that much (119.4); rules/effects.py pays it like mana (`pay_mana_now`, `can_pay_mana`)."""
    return [V.PayMana(LifePayment(int(m.group(1))))]  # type: ignore[arg-type]
