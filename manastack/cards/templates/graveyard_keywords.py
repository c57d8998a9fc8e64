"""Keywords about dying, graveyards and upkeeps (engine: rules/graveyard_keywords.py).

- 702.135a Afterlife N: "When this permanent dies, create N 1/1 white and black Spirit creature
  tokens with flying."
- 702.46a Soulshift N: "When this creature dies, you may return target Spirit card with mana value N
  or less from your graveyard to your hand."
- 702.79a Persist / 702.93a Undying: "When this permanent is put into a graveyard from the
  battlefield, if it had no -1/-1 (+1/+1) counters on it, return it to the battlefield under its
  owner's control with a -1/-1 (+1/+1) counter on it."
- 702.43a Modular N: "This permanent enters with N +1/+1 counters on it" and "When this permanent is
  put into a graveyard from the battlefield, you may put a +1/+1 counter on target artifact creature
  for each +1/+1 counter on this permanent."
- 113.6m: activated abilities whose cost or effect moves the card out of its owner's graveyard
  ("{2}{B}: Return CARDNAME from your graveyard to your hand", "{1}{U}, Exile CARDNAME from your
  graveyard: ...") function only there (GraveyardAbility, activated by rules/graveyard_keywords.py).
- 113.6k / 602.5b: "[Cost]: [Effect]. Activate only if CARDNAME is in your graveyard." (Glory): a GraveyardAbility.
- 702.84a Unearth [cost], 702.97a Scavenge [cost], 702.128a Embalm [cost], 702.129a Eternalize [cost]:
  graveyard abilities, activated only as a sorcery.
- 113.6m triggered abilities that return the card from the graveyard ("Whenever an artifact you
  control enters, you may return CARDNAME from your graveyard to your hand").
- 702.30a Echo [mana], 702.32a Fading N, 702.63a Vanishing N, 702.24a Cumulative upkeep [mana].
- 702.123a Fabricate N, 702.100a Evolve, 702.98a Unleash, 702.138c "CARDNAME escapes with N counters".
- 702.81a Retrace, 702.133a Jump-start, 702.138a Escape—[mana][, exile N other cards from your
  graveyard], 702.35a Madness [mana], 702.62a Suspend N—[mana], 702.143a Foretell [mana], 702.170a
  Plot [mana], 702.52a Dredge N.
- Also: "Echo—Discard a card", "Cumulative upkeep—Pay N life", "Embalm/Eternalize—[mana], Discard a
  card", "Devour N", "sacrifice it unless it escaped", "Exile CARDNAME with N time counters on it",
  "Whenever CARDNAME evolves" (702.100b), "When CARDNAME becomes plotted", "You may play lands from your
  graveyard" (305.1), Cosmos Charger's foretell discount.
- 702.34a granted: "Target instant or sorcery card in your graveyard gains flashback until end of turn. The
  flashback cost is equal to its mana cost." (Snapcaster Mage), "Each instant and sorcery card in your
  graveyard gains flashback ..." (Past in Flames): both sentences, in that order (rules/cast_from_zones.py).
- 702.138a granted: "Each nonland card in your graveyard has escape. The escape cost is equal to the card's mana
  cost plus exile three other cards from your graveyard." (Underworld Breach): one paragraph.
Variants left unsupported: X in those costs, madness on modal spells, activation restrictions other
than "activate only as a sorcery" on graveyard abilities.
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.costs import parse_cost
from ...model.vocab import cast_from_zones, enters_keywords, upkeep_keywords
from ...model.vocab import graveyard_keywords as R
from ...model.vocab.referred_objects import SacrificeUnlessPay
from ..compiler import (
    EFFECTS_CHECKS,
    PARAGRAPH_TEMPLATES,
    TRIGGER_TEMPLATES,
    Unsupported,
    compile_paragraph,
    early_paragraph_template,
    keyword_template,
    number,
    paragraph_template,
    parse_effects,
    sentence_template,
    split_sentences,
    trigger_template,
)
from ..draft import CardDraft
from .effects_activated import parse_cost_plus
from .effects_common import parse_filter as parse_effect_filter
from .effects_common import target, template

# 702.135a / 702.46a / 702.43a: the text each keyword stands for (compiled by the effect templates).
_AFTERLIFE = "create {n} 1/1 white and black spirit creature tokens with flying"
_SOULSHIFT = "you may return target spirit card with mana value {n} or less from your graveyard to your hand"
_MODULAR = "you may put a +1/+1 counter on target artifact creature for each +1/+1 counter on cardname"


def _triggered(text: str, event: str, body: str) -> V.TriggeredAbility:
    targets: list[V.TargetSpec] = []
    effects = parse_effects(body, targets)
    return V.TriggeredAbility(text, event, tuple(effects), tuple(targets))


@keyword_template(r"afterlife (\d+)")
def _afterlife(m: re.Match, out: CardDraft) -> None:
    """702.135a; 702.135b: each instance triggers separately."""
    n = int(m.group(1))
    out.abilities.append(_triggered(m.group(0), "dies", _AFTERLIFE.format(n=n)))


@keyword_template(r"soulshift (\d+)")
def _soulshift(m: re.Match, out: CardDraft) -> None:
    """702.46a; 702.46b: each instance triggers separately."""
    out.abilities.append(_triggered(m.group(0), "dies", _SOULSHIFT.format(n=int(m.group(1)))))


@keyword_template(r"(persist|undying)")
def _persist_undying(m: re.Match, out: CardDraft) -> None:
    """702.79a persist (-1/-1), 702.93a undying (+1/+1): "put into a graveyard from the battlefield"
    (event "to_graveyard"), with an intervening if (603.4) on last known information."""
    kind = "-1/-1" if m.group(1) == "persist" else "+1/+1"
    out.abilities.append(R.NoCounterTrigger(m.group(0), "to_graveyard", (R.ReturnWithCounter(kind),),
                                               counter_kind=kind))


@keyword_template(r"modular (\d+)")
def _modular(m: re.Match, out: CardDraft) -> None:
    """702.43a: a replacement effect (614.1c, rules/stack.py "etb_counters") and a triggered ability
    that counts the +1/+1 counters the permanent last had (603.10a)."""
    n = int(m.group(1))
    out.abilities.append(V.StaticAbility(m.group(0), "etb_counters", counter_kind="+1/+1", amount=n))
    targets: list[V.TargetSpec] = []
    effects = parse_effects("put a +1/+1 counter on target artifact creature", targets)
    if len(targets) != 1 or len(effects) != 1 or not isinstance(effects[0], V.AddCounters):
        raise Unsupported(m.group(0))
    # "for each +1/+1 counter on this permanent": counted on its last known information (603.10a).
    each = V.AddCounters("+1/+1", V.Count(counters_on_self="+1/+1"), effects[0].target)
    text = f"{m.group(0)}: {_MODULAR}"
    out.abilities.append(V.TriggeredAbility(text, "to_graveyard", (V.Optional((each,), prompt=_MODULAR[8:]),),
                                               tuple(targets)))


# --------------------------------------------------------------------------- abilities from a graveyard

_MANA = r"((?:\{[0-9wubrgcx/p]+\})+)"
_RETURN_SELF = re.compile(r"return cardname from your graveyard to (your hand|the battlefield(?: tapped)?)")


def _graveyard_effects(body: str, targets: list[V.TargetSpec], restrictions: list | None = None
                       ) -> tuple[tuple[V.Effect, ...], bool]:
    """The effects of a graveyard ability's text and whether it is activated only as a sorcery. "Return
    CARDNAME from your graveyard to ..." is understood only here (113.6m: the ability works only from
    the graveyard); other sentences go to the effect templates. Timing restrictions ("Activate only
    during your upkeep", 602.5b) are appended to `restrictions` when it is given."""
    effects: list[V.Effect] = []
    sorcery = False
    for sentence in split_sentences(body):
        sent = sentence.rstrip(".").strip()
        rm = re.fullmatch(r"(you may |if you do, )?" + _RETURN_SELF.pattern, sent)
        if rm:
            dest = rm.group(2)
            back: V.Effect = R.ReturnSelf("hand" if dest == "your hand" else "battlefield", tapped=dest.endswith("tapped"))
            if rm.group(1) == "you may ":
                back = V.Optional((back,), prompt=sent[len("you may "):])
            elif rm.group(1):
                back = V.IfYouDo((back,))
            effects.append(back)
            continue
        if sent == "activate only as a sorcery":
            sorcery = True
            continue
        for e in parse_effects(sent, targets):
            if isinstance(e, V.ActivationRestriction):
                if e.kind == "sorcery":
                    sorcery = True
                elif e.kind in ("your_turn", "your_upkeep") and restrictions is not None and not restrictions:
                    restrictions.append(e.kind)
                elif e.kind != "instant":
                    raise Unsupported(sent)  # other activation restrictions: not modelled from a graveyard
                continue
            effects.append(e)
    return tuple(effects), sorcery


def graveyard_cost(text: str) -> tuple[V.Cost, bool]:
    """A graveyard ability's cost (lower-cased) → (Cost without the self-exile, whether "exile
    CARDNAME from your graveyard" is part of it). Only costs payable from a graveyard (113.6j)."""
    # "Exile seven other cards from your graveyard": the cost parser reads larger counts as digits.
    text = re.sub(r"\bexile (" + "|".join(_NUMBER_WORDS) + r")\b", lambda w: f"exile {_NUMBER_WORDS[w.group(1)]}", text)
    parts = [p.strip() for p in text.split(",")]
    exile_self = "exile cardname from your graveyard" in parts
    rest = [p for p in parts if p != "exile cardname from your graveyard"]
    cost = parse_cost_plus(", ".join(rest)) if rest else V.Cost()
    if cost.tap or cost.untap or cost.sacrifice_self:
        raise Unsupported(text)  # 113.6j: costs a card in a graveyard can't pay
    if type(cost) is V.CostPlus and (cost.remove_counters is not None or cost.tap_untapped is not None
                                     or cost.restriction):
        raise Unsupported(text)
    return cost, exile_self


@early_paragraph_template(r"(?:[a-z]+ — )?([^:\"“—]*?exile cardname from your graveyard[^:\"“]*|[^:\"“—]+): "
                          r"((?:return cardname from your graveyard to |(?<=graveyard: )).+)")
def _graveyard_ability(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """113.6m: "[Cost]: Return CARDNAME from your graveyard to your hand" and "[Cost], Exile CARDNAME
    from your graveyard: [Effect]" function only while the card is in its owner's graveyard."""
    if "exile cardname" not in m.group(1) and not _RETURN_SELF.match(m.group(2)):
        # "{X}, {T}, Exile X cards from your graveyard: ..." (Necropolis Fiend): a cost that exiles other cards,
        # an ability of the permanent: the paragraph templates' reading
        for rx, fn in PARAGRAPH_TEMPLATES:
            pm = rx.fullmatch(m.string)
            if pm:
                fn(pm, para, out, is_spell)
                return
        raise Unsupported(para)
    cost, exile_self = graveyard_cost(m.group(1))
    if not exile_self and not _RETURN_SELF.match(m.group(2)):
        raise Unsupported(para)
    targets: list[V.TargetSpec] = []
    restrictions: list[str] = []
    effects, sorcery = _graveyard_effects(m.group(2), targets, restrictions)
    if exile_self and any(isinstance(e, R.ReturnSelf) for e in effects):
        raise Unsupported(para)
    if restrictions:
        fields = {f.name: getattr(cost, f.name) for f in dataclasses.fields(cost)}
        cost = V.CostPlus(**{**fields, "restriction": restrictions[0]})  # 602.5b, checked as for permanents
    out.abilities.append(R.GraveyardAbility(para, cost, effects, tuple(targets), sorcery, exile_self=exile_self))


@early_paragraph_template(r"([^:\"“—]+): ([^:\"“]+?)\.? activate only if cardname is in your graveyard\.?")
def _activate_only_in_graveyard(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """113.6k / 602.5b: an activated ability that functions only while the card is in its owner's graveyard."""
    cost, exile_self = graveyard_cost(m.group(1))
    targets: list[V.TargetSpec] = []
    effects = parse_effects(m.group(2), targets)
    if any(isinstance(e, (V.ActivationRestriction, R.ReturnSelf)) for e in effects):
        raise Unsupported(para)
    out.abilities.append(R.GraveyardAbility(para, cost, tuple(effects), tuple(targets), False, exile_self=exile_self))


def _mana_cost(text: str) -> V.Cost:
    try:
        return V.Cost(mana=parse_cost(text.upper()))
    except ValueError as exc:
        raise Unsupported(text) from exc


@keyword_template(rf"unearth {_MANA}")
def _unearth(m: re.Match, out: CardDraft) -> None:
    """702.84a."""
    out.abilities.append(R.GraveyardAbility(m.group(0), _mana_cost(m.group(1)), (R.Unearth(),), (), True))


@keyword_template(rf"scavenge {_MANA}")
def _scavenge(m: re.Match, out: CardDraft) -> None:
    """702.97a."""
    spec = V.TargetSpec("permanent", V.ObjectFilter(types=frozenset({"Creature"})), text="target creature")
    out.abilities.append(R.GraveyardAbility(m.group(0), _mana_cost(m.group(1)), (R.ScavengeCounters(V.Ref(0)),),
                                               (spec,), True, exile_self=True))


@keyword_template(rf"(embalm|eternalize) {_MANA}")
def _embalm(m: re.Match, out: CardDraft) -> None:
    """702.128a embalm (a white Zombie copy), 702.129a eternalize (a black 4/4 Zombie copy)."""
    effect = R.CreateCopyToken("W") if m.group(1) == "embalm" else R.CreateCopyToken("B", (4, 4))
    out.abilities.append(R.GraveyardAbility(m.group(0), _mana_cost(m.group(2)), (effect,), (), True,
                                               exile_self=True))


# --------------------------------------------------------------------------- upkeep keywords

@keyword_template(rf"echo {_MANA}")
def _echo(m: re.Match, out: CardDraft) -> None:
    """702.30a: "At the beginning of your upkeep, if this permanent came under your control since the
    beginning of your last upkeep, sacrifice it unless you pay [cost]." (118.12a)."""
    cost = _mana_cost(m.group(1)).mana
    if cost.x_count:
        raise Unsupported(m.group(0))
    out.abilities.append(upkeep_keywords.EchoTrigger(m.group(0), "upkeep", (SacrificeUnlessPay(V.SELF, cost),), who="you"))


@keyword_template(r"fading (\d+)")
def _fading(m: re.Match, out: CardDraft) -> None:
    """702.32a: "This permanent enters with N fade counters on it" and "At the beginning of your upkeep,
    remove a fade counter from this permanent. If you can't, sacrifice the permanent." """
    out.abilities.append(V.StaticAbility(m.group(0), "etb_counters", counter_kind="fade", amount=int(m.group(1))))
    out.abilities.append(V.TriggeredAbility(m.group(0), "upkeep", (upkeep_keywords.RemoveCounterOrSacrifice("fade"),), who="you"))


@keyword_template(r"vanishing (\d+)")
def _vanishing(m: re.Match, out: CardDraft) -> None:
    """702.63a: "This permanent enters with N time counters on it", "At the beginning of your upkeep, if
    this permanent has a time counter on it, remove a time counter from it" and "When the last time
    counter is removed from this permanent, sacrifice it" (raised by the removal itself: no other
    effect the engine knows removes time counters)."""
    out.abilities.append(V.StaticAbility(m.group(0), "etb_counters", counter_kind="time", amount=int(m.group(1))))
    out.abilities.append(upkeep_keywords.CounterTrigger(m.group(0), "upkeep", (upkeep_keywords.RemoveCounterOrSacrifice("time", vanishing=True),),
                                             who="you", counter_kind="time"))


@keyword_template(rf"cumulative upkeep {_MANA}")
def _cumulative_upkeep(m: re.Match, out: CardDraft) -> None:
    """702.24a (a mana cost; each payment is the cost times the number of age counters)."""
    cost = _mana_cost(m.group(1)).mana
    if cost.x_count:
        raise Unsupported(m.group(0))
    out.abilities.append(V.TriggeredAbility(m.group(0), "upkeep", (upkeep_keywords.CumulativeUpkeep(cost),), who="you"))


# --------------------------------------------------------------------------- enters keywords

@keyword_template(r"fabricate (\d+)")
def _fabricate(m: re.Match, out: CardDraft) -> None:
    """702.123a: "When this permanent enters, you may put N +1/+1 counters on it. If you don't, create N
    1/1 colorless Servo artifact creature tokens." 702.123b: each instance triggers separately."""
    n = int(m.group(1))
    servos = parse_effects(f"create {n} 1/1 colorless servo artifact creature token{'s' if n > 1 else ''}", [])
    out.abilities.append(V.TriggeredAbility(m.group(0), "etb", (enters_keywords.Fabricate(n, tuple(servos)),)))


@keyword_template(r"graft (\d+)")
def _graft(m: re.Match, out: CardDraft) -> None:
    """702.58a: "This permanent enters with N +1/+1 counters on it" and "Whenever another creature enters, if
    this permanent has a +1/+1 counter on it, you may move a +1/+1 counter from this permanent onto that
    creature." 702.58b: each instance works separately."""
    n = int(m.group(1))
    out.abilities.append(V.StaticAbility(m.group(0), "etb_counters", counter_kind="+1/+1", amount=n))
    move = V.Optional((enters_keywords.GraftMove(),), prompt="move a +1/+1 counter from CARDNAME onto that creature")
    flt = V.ObjectFilter(types=frozenset({"Creature"}), other=True)
    out.abilities.append(enters_keywords.GraftTrigger(m.group(0), "enters", (move,), filter=flt))


@keyword_template(r"evolve")
def _evolve(m: re.Match, out: CardDraft) -> None:
    """702.100a (event "enters": a creature you control, 603.6a)."""
    flt = V.ObjectFilter(types=frozenset({"Creature"}), controller="you")
    out.abilities.append(enters_keywords.EvolveTrigger("Evolve", "enters", (enters_keywords.Evolve(),), filter=flt))


# --------------------------------------------------------------------------- casting from a graveyard

@keyword_template(r"retrace")
def _retrace(m: re.Match, out: CardDraft) -> None:
    """702.81a: "You may cast this card from your graveyard by discarding a land card as an additional
    cost to cast it." """
    out.abilities.append(cast_from_zones.CastFromGraveyard("Retrace", "retrace", parse_cost_plus("discard a land card")))


@keyword_template(r"jump-start")
def _jump_start(m: re.Match, out: CardDraft) -> None:
    """702.133a: "You may cast this card from your graveyard if the resulting spell is an instant or
    sorcery spell by discarding a card as an additional cost to cast it" and "If this spell was cast
    using jump-start, exile this card instead of putting it anywhere else any time it would leave the
    stack" (rules/stack.py spell_destination)."""
    out.abilities.append(cast_from_zones.CastFromGraveyard("Jump-start", "jump-start", parse_cost_plus("discard a card")))


_NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
                 "eight": "8", "nine": "9", "ten": "10"}


@early_paragraph_template(rf"escape—{_MANA}(?:, exile (one|two|three|four|five|six|seven|eight|nine|ten|\d+) other "
                          r"cards from your graveyard)?")
def _escape(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.138a: "You may cast this card from your graveyard by paying [cost] rather than paying its mana
    cost" ([cost] here: mana and exiling other cards from the graveyard, 601.2b/f-h). "Escapes with"
    (702.138c-d) is another paragraph, left unsupported."""
    extra = None
    if m.group(2):
        n = _NUMBER_WORDS.get(m.group(2), m.group(2))
        extra = parse_cost_plus(f"exile {n} other cards from your graveyard")
    out.abilities.append(cast_from_zones.CastFromGraveyard(para, "escape", extra, _mana_cost(m.group(1)).mana))


@keyword_template(rf"madness {_MANA}")
def _madness(m: re.Match, out: CardDraft) -> None:
    """702.35a: a static ability in the hand (a discarded card is exiled instead: rules/cast_from_zones.py,
    registry.REPLACEMENTS[Discard]) and the triggered ability that lets its owner cast it for [cost]."""
    cost = _mana_cost(m.group(1)).mana
    if cost.x_count or any(type(e).__name__ == "Modal" for e in out.spell_effects):
        raise Unsupported(m.group(0))  # X in the madness cost, modes chosen while resolving: not modelled
    out.abilities.append(cast_from_zones.Madness(m.group(0), cost))


# --------------------------------------------------------------------------- special actions from a hand

@keyword_template(rf"suspend (\d+)—{_MANA}")
def _suspend(m: re.Match, out: CardDraft) -> None:
    """702.62a (rules/graveyard_keywords.py: the special action 116.2f, the upkeep and last-counter
    triggers from exile, the cast without paying its mana cost, haste)."""
    out.abilities.append(cast_from_zones.Suspend(m.group(0), int(m.group(1)), _mana_cost(m.group(2)).mana))


@keyword_template(rf"foretell {_MANA}")
def _foretell(m: re.Match, out: CardDraft) -> None:
    """702.143a: the special action 116.2h ({2}: exile it face down), then cast it from exile for [cost]
    after the turn it was foretold."""
    cost = _mana_cost(m.group(1)).mana
    if cost.x_count:
        raise Unsupported(m.group(0))
    out.abilities.append(cast_from_zones.Foretell(m.group(0), cost))


@keyword_template(rf"plot {_MANA}")
def _plot(m: re.Match, out: CardDraft) -> None:
    """702.170a: the special action 116.2k (pay [cost], exile it), then 702.170d: cast it without paying
    its mana cost in a later turn's main phase while the stack is empty."""
    out.abilities.append(cast_from_zones.Plot(m.group(0), _mana_cost(m.group(1)).mana))


@paragraph_template(r"cardname escapes with (a|an|one|two|three|four|five|six|\d+) (\+1/\+1|-1/-1) counters? on it")
def _escapes_with(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.138c (rules/graveyard_keywords.py: an ETB replacement that checks the spell escaped)."""
    out.abilities.append(V.StaticAbility(para, "escapes_with", counter_kind=m.group(2), amount=number(m.group(1))))


@keyword_template(r"unleash")
def _unleash(m: re.Match, out: CardDraft) -> None:
    """702.98a: "You may have this permanent enter with an additional +1/+1 counter on it" (614.1c, asked
    as it enters) and "This permanent can't block as long as it has a +1/+1 counter on it" (a conditional
    static ability, compiled by the statics templates)."""
    out.abilities.append(V.StaticAbility("Unleash", "unleash"))
    compile_paragraph("CARDNAME can't block as long as it has a +1/+1 counter on it.", {}, False, out)


@keyword_template(r"dredge (\d+)")
def _dredge(m: re.Match, out: CardDraft) -> None:
    """702.52a (a draw replacement from the graveyard: rules/graveyard_keywords.py)."""
    out.abilities.append(R.Dredge(m.group(0), int(m.group(1))))


# Trigger events that can happen while the card is in the graveyard and that look at other objects or
# players (not the card leaving the battlefield itself, 603.10a).
_GRAVEYARD_EVENTS = {"enters", "cast", "upkeep", "draw", "end", "gain_life", "dies_filter", "you_attack", "begin_combat",
                     "player_dealt_damage_by"}


@early_paragraph_template(r"((?:when|whenever|at) .+?), (.*\breturn cardname from your graveyard to "
                          r"(?:your hand|the battlefield(?: tapped)?)\b.*)")
def _graveyard_trigger(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """113.6m: a triggered ability whose effect returns the card from its owner's graveyard functions only
    there ("Whenever a Dragon you control enters, you may pay {R}. If you do, return this card from your
    graveyard to your hand")."""
    low = m.string
    for i in [i for i, ch in enumerate(low) if ch == ","]:
        cond, rest = low[:i], low[i + 1:].strip()
        for rx, fn in TRIGGER_TEMPLATES:
            tm = rx.fullmatch(cond)
            if not tm:
                continue
            kw = fn(tm)
            if kw.get("event") not in _GRAVEYARD_EVENTS or set(kw) - {"event", "filter", "who", "scope", "intervening"}:
                raise Unsupported(para)
            if kw.get("intervening") is None and rest.startswith("if "):
                continue  # "At the beginning of combat on your turn, if ...": the longer condition's (603.4)
            targets: list[V.TargetSpec] = []
            effects, sorcery = _graveyard_effects(rest, targets)
            if sorcery or not any(_returns_self(e) for e in effects):
                raise Unsupported(para)
            event = kw.pop("event")
            out.abilities.append(R.GraveyardTrigger(para, "graveyard", effects, tuple(targets),
                                                       graveyard_event=event, **kw))
            return
    raise Unsupported(para)


def _returns_self(e: V.Effect) -> bool:
    if isinstance(e, R.ReturnSelf):
        return True
    inner = getattr(e, "effects", ())
    return any(_returns_self(x) for x in inner)


@sentence_template(r"exile cardname with (a|an|one|two|three|four|five|six|\d+) time counters? on it")
def _exile_self_with_counters(m: re.Match, targets: list) -> list:
    """A resolving spell exiles itself with time counters (Arc Blade; 702.62b: then suspended)."""
    return [cast_from_zones.ExileSelfWithCounters("time", int(number(m.group(1))))]


@keyword_template(r"tribute (\d+)")
def _tribute(m: re.Match, out: CardDraft) -> None:
    """702.104a: a replacement effect as the creature enters: an opponent may have it enter with N more +1/+1
    counters (rules/enters_keywords.py); "if tribute wasn't paid" (702.104b) is templates/triggers_conditions.py's."""
    out.abilities.append(V.StaticAbility(m.group(0), "tribute", amount=int(m.group(1))))


@keyword_template(r"amplify (\d+)")
def _amplify(m: re.Match, out: CardDraft) -> None:
    """702.38a: a replacement effect as the creature enters: N +1/+1 counters for each card revealed from its
    controller's hand that shares a creature type with it (rules/enters_keywords.py)."""
    out.abilities.append(V.StaticAbility(m.group(0), "amplify", amount=int(m.group(1))))


@keyword_template(r"devour (\d+)")
def _devour(m: re.Match, out: CardDraft) -> None:
    """702.82a: a replacement effect as the permanent enters (614.1c, rules/graveyard_keywords.py)."""
    out.abilities.append(V.StaticAbility(m.group(0), "devour", amount=int(m.group(1))))


@sentence_template(r"sacrifice (?:it|cardname) unless it escaped")
def _sacrifice_unless_escaped(m: re.Match, targets: list) -> list:
    """702.138b ("When CARDNAME enters, sacrifice it unless it escaped")."""
    return [cast_from_zones.SacrificeUnlessEscaped()]


@keyword_template(r"cumulative upkeep—pay (\d+) life")
def _cumulative_upkeep_life(m: re.Match, out: CardDraft) -> None:
    """702.24a with a life cost (119.4)."""
    out.abilities.append(V.TriggeredAbility(m.group(0), "upkeep", (upkeep_keywords.CumulativeUpkeepLife(int(m.group(1))),),
                                               who="you"))


@trigger_template(r"whenever cardname evolves")
def _evolves(m: re.Match) -> dict:
    """702.100b: a creature "evolves" when +1/+1 counters are put on it as its evolve ability resolves."""
    return {"event": "evolves"}


@trigger_template(r"when cardname becomes plotted")
def _becomes_plotted(m: re.Match) -> dict:
    """702.170a: the plot special action makes the card plotted (the ability triggers from exile, 113.6k)."""
    return {"event": "becomes_plotted"}


@paragraph_template(r"you may play lands from your graveyard")
def _lands_from_graveyard(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """A permission to play lands from the graveyard (305.1; rules/graveyard_keywords.py)."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para, "play_lands_from_graveyard"))


@early_paragraph_template(rf"(embalm|eternalize)—{_MANA}, discard (a|one|two) cards?")
def _embalm_discard(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.128a / 702.129a with a cost that also discards cards ("Eternalize—{3}{U}{U}, Discard a card")."""
    effect = R.CreateCopyToken("W") if m.group(1) == "embalm" else R.CreateCopyToken("B", (4, 4))
    cost = parse_cost_plus(f"{m.group(2)}, discard {m.group(3)} card{'s' if m.group(3) == 'two' else ''}")
    out.abilities.append(R.GraveyardAbility(para, cost, (effect,), (), True, exile_self=True))


@early_paragraph_template(r"echo—discard a card")
def _echo_discard(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.30a with a non-mana cost: "sacrifice it unless you discard a card"."""
    out.abilities.append(upkeep_keywords.EchoTrigger(para, "upkeep", (upkeep_keywords.SacrificeUnlessDiscard(rule="702.30a"),), who="you"))


@paragraph_template(r"foretelling cards from your hand costs \{1\} less and can be done on any player's turn")
def _foretell_helper(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """Cosmos Charger: the foretell special action (116.2h) costs {1} less (118.7a) and is allowed on any
    player's turn while its owner has priority."""
    if is_spell:
        raise Unsupported(para)
    out.abilities.append(V.StaticAbility(para, "foretell_any_turn_less"))


@paragraph_template(r"you may cast cardname from your graveyard(?: by discarding (a|one|two|three) cards? in addition "
                    r"to paying its other costs| as long as you control (?:a|an) ([a-z ]+))?")
def _cast_from_graveyard(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """601.3 / 113.6f: a permission to cast the card from its owner's graveyard (with its mana cost and any
    additional discard cost, 601.2b); "as long as you control a Zombie" (Gravecrawler): only while its owner
    controls such a permanent."""
    extra = None
    if m.group(1):
        n = {"a": "a", "one": "one", "two": "two", "three": "three"}[m.group(1)]
        extra = parse_cost_plus(f"discard {n} card{'' if n in ('a', 'one') else 's'}")
    while_control = parse_effect_filter(m.group(2)) if m.group(2) else None
    out.abilities.append(cast_from_zones.CastFromGraveyard(para, "graveyard", extra, while_control=while_control))


@early_paragraph_template(rf"flashback—{_MANA}, pay (\d+) life")
def _flashback_life(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.34a: "Flashback [cost]" where [cost] is mana and life (119.4): cast from the graveyard paying it
    rather than the mana cost; exiled instead of going anywhere else when it leaves the stack."""
    if not is_spell or any(type(a).__name__ in ("Kicker", "Flashback") for a in out.abilities):
        raise Unsupported(para)
    cost = _mana_cost(m.group(1)).mana
    if cost.x_count:
        raise Unsupported(para)
    out.abilities.append(cast_from_zones.CastFromGraveyard(para, "flashback", V.Cost(life=int(m.group(2))), cost))


# --------------------------------------------------------------------------- 702.34a flashback granted

@template(r"(target (?:instant or sorcery|instant|sorcery) card in your graveyard|each (instant and sorcery|instant|sorcery) "
          r"card in your graveyard) gains flashback until end of turn")
def _gains_flashback(m, targets):
    """702.34a: the cost is the next sentence's ("_flashback_cost_is_mana_cost")."""
    if m.group(2):
        kinds = "instant or sorcery" if m.group(2) == "instant and sorcery" else m.group(2)
        return [cast_from_zones.GrantFlashback(filter=parse_effect_filter(kinds + " card", allow_card=True))]
    return [cast_from_zones.GrantFlashback(target(m.group(1), targets))]


@dataclasses.dataclass(frozen=True, slots=True)
class _CostIsManaCost:
    """"The flashback cost is equal to its mana cost": folded into the GrantFlashback before it."""


@template(r"the flashback cost is equal to (?:its|that card's) mana cost")
def _flashback_cost_is_mana_cost(m, targets):
    return [_CostIsManaCost()]


def _fold_flashback_cost(effects: list, targets: list) -> None:
    """Each GrantFlashback is followed by the sentence naming its cost (the only cost modelled: its mana
    cost); that sentence is dropped once read."""
    i = 0
    while i < len(effects):
        if isinstance(effects[i], cast_from_zones.GrantFlashback):
            if i + 1 >= len(effects) or not isinstance(effects[i + 1], _CostIsManaCost):
                raise Unsupported("gains flashback: a cost other than its mana cost")
            del effects[i + 1]
        elif isinstance(effects[i], _CostIsManaCost):
            raise Unsupported("the flashback cost is equal to its mana cost")
        i += 1


EFFECTS_CHECKS.append(_fold_flashback_cost)


# --------------------------------------------------------------------------- 702.138a escape granted

@paragraph_template(r"each ([a-z ]+?) card in your graveyard has escape\. the escape cost is equal to the card's mana "
                    r"cost plus exile (one|two|three|four|five) other cards? from your graveyard\.?")
def _grants_escape(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.138a granted (Underworld Breach): a static ability of the permanent (rules/cast_from_zones.py)."""
    if is_spell:
        raise Unsupported(para)
    flt = parse_effect_filter(m.group(1) + " card", allow_card=True)
    n = _NUMBER_WORDS[m.group(2)]
    extra = parse_cost_plus(f"exile {n} other cards from your graveyard")
    out.abilities.append(cast_from_zones.GrantsEscape(para.strip(), flt, extra))


# --------------------------------------------------------------------------- 601.3 "this turn" permissions

@dataclasses.dataclass(frozen=True, slots=True)
class _ExileTopCard:
    """"Exile the top [two] card[s] of your library": folded with the permission after it (`_fold_exile_top`)."""

    amount: int = 1


@dataclasses.dataclass(frozen=True, slots=True)
class _MayPlayIt:
    """"You may play it / that card this turn", "Until end of turn, you may play that card", "Until the end of
    your next turn, you may play those cards" (`plural`: them, those cards)."""

    until: str = "eot"
    plural: bool = False


_TOP_COUNT = {"card": 1, "two cards": 2, "three cards": 3}
_PLAY_IT = r"(it|that card|them|those cards)"
_PLAY_UNTIL = {"this turn": "eot", "until end of turn": "eot",
               "until the end of your next turn": cast_from_zones.UNTIL_END_OF_YOUR_NEXT_TURN}


@template(r"exile the top (card|two cards|three cards) of your library")
def _exile_top_card(m, targets):
    return [_ExileTopCard(_TOP_COUNT[m.group(1)])]


@template(rf"(?:you may play {_PLAY_IT} (this turn|until the end of your next turn)"
          rf"|(until end of turn|until the end of your next turn), you may play {_PLAY_IT})")
def _may_play_it(m, targets):
    it, duration = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    return [_MayPlayIt(_PLAY_UNTIL[duration], plural=it in ("them", "those cards"))]


@dataclasses.dataclass(frozen=True, slots=True)
class _CardsGainCastWhile:
    """"Creature cards exiled this way gain "You may cast this card from exile as long as you control a Lukka
    planeswalker."": folded with the exile before it (`_fold_exile_top`)."""

    only: V.ObjectFilter


@template(r"(creature|instant|sorcery|artifact|enchantment|nonland) cards exiled this way gain [\"“]you may cast cardname "
          r"from exile as long as you control a cardname planeswalker\.?[\"”]")
def _cards_gain_cast_while(m, targets):
    """601.3: in the quoted ability, "CARDNAME planeswalker" is a planeswalker of the source's planeswalker type
    (205.3j: the short name the compiler replaced), "CARDNAME" the card itself."""
    return [_CardsGainCastWhile(parse_effect_filter(f"{m.group(1)} card", allow_card=True))]


def _fold_exile_top(effects: list, targets: list) -> None:
    """"Exile the top card of your library. You may play it this turn." (impulse: cast_from_zones.ExileTopMayPlay);
    either sentence alone is refused."""
    i = 0
    while i < len(effects):
        if isinstance(effects[i], _ExileTopCard):
            permit = effects[i + 1] if i + 1 < len(effects) else None
            if isinstance(permit, _CardsGainCastWhile) and effects[i].amount > 1:
                effects[i:i + 2] = [cast_from_zones.ExileTopMayPlay(effects[i].amount, "permanent", only=permit.only)]
                continue
            if not isinstance(permit, _MayPlayIt) or permit.plural != (effects[i].amount > 1):
                raise Unsupported("exile the top card of your library")
            effects[i:i + 2] = [cast_from_zones.ExileTopMayPlay(effects[i].amount, permit.until)]
        elif isinstance(effects[i], (_MayPlayIt, _CardsGainCastWhile)):
            raise Unsupported("you may play it this turn")
        i += 1


EFFECTS_CHECKS.append(_fold_exile_top)


@template(r"you may cast (target (?:[a-z]+ )*?(?:instant or sorcery|instant|sorcery|creature|artifact|enchantment) card)"
          r" from your graveyard this turn")
def _cast_from_graveyard_this_turn(m, targets):
    """601.3: "You may cast target instant or sorcery card from your graveyard this turn" (the card keeps the
    permission until end of turn, rules/cast_from_zones.py); its exile sentence is folded in below."""
    return [cast_from_zones.CastFromGraveyardThisTurn(target(m.group(1) + " from your graveyard", targets))]


@dataclasses.dataclass(frozen=True, slots=True)
class _ExileThatCardInstead:
    """"If that card would be put into your graveyard this turn, exile it instead": folded into the
    CastFromGraveyardThisTurn before it."""


@template(r"if that (?:card|spell) would be put into your graveyard(?: this turn)?, exile it instead")
def _exile_that_card_instead(m, targets):
    return [_ExileThatCardInstead()]


def _fold_exile_instead(effects: list, targets: list) -> None:
    """The exile sentence belongs to the permission just before it; anywhere else it is refused."""
    i = 0
    while i < len(effects):
        if isinstance(effects[i], _ExileThatCardInstead):
            if i == 0 or not isinstance(effects[i - 1], cast_from_zones.CastFromGraveyardThisTurn) \
                    or effects[i - 1].exile_instead:
                raise Unsupported("if that card would be put into your graveyard, exile it instead")
            permit = effects[i - 1]
            spec = targets[permit.target.index] if isinstance(permit.target, V.Ref) else None
            if spec is None or not spec.filter.types or not spec.filter.types <= {"Instant", "Sorcery"}:
                # a permanent card cast this way would be exiled too if it died this turn: not modelled
                raise Unsupported("if that card would be put into your graveyard, exile it instead")
            effects[i - 1] = dataclasses.replace(effects[i - 1], exile_instead=True)
            del effects[i]
            continue
        i += 1


EFFECTS_CHECKS.append(_fold_exile_instead)
