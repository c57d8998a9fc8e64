"""Vehicles, Mounts and face-down permanents: the texts (the rules are in rules/vehicles_facedown.py and rules/facedown.py).

- 702.122a "Crew N" (a keyword line item): an activated ability whose cost taps other untapped
  creatures with total power N or greater and whose effect makes the Vehicle an artifact creature
  until end of turn. The Vehicle card keeps its printed power and toughness (208.3), used once it's a
  creature.
- 702.171a "Saddle N": the same cost; the Mount becomes saddled until end of turn; sorcery speed.
- "CARDNAME crews Vehicles as though its power were N greater" / "CARDNAME saddles Mounts and crews
  Vehicles as though its power were N greater".
- Triggers: "Whenever CARDNAME crews a Vehicle, that Vehicle ..." (702.122b; "that Vehicle" is the
  trigger's event object), "Whenever CARDNAME saddles a Mount or crews a Vehicle during your main
  phase, that Mount or Vehicle ..." (702.171c), "Whenever CARDNAME becomes crewed" (702.122d),
  "Whenever CARDNAME attacks while saddled" (702.171b), "When CARDNAME is turned face up" and
  "Whenever a permanent is turned face up" (708.8, 603.2).
- 702.37a morph, 702.37b megamorph, 702.168a disguise with a mana cost, and "Morph—Reveal a white card
  in your hand" / "Morph—Pay N life" / "Morph—Discard a card" (other costs and costs with X, 702.37f,
  are not supported); "As CARDNAME is turned face up, put N +1/+1 counters on it" (708.11).
- 701.34a "Manifest the top card of your library", 701.60a "Manifest dread" (also "..., then attach
  this Equipment to that creature" and "manifest dread twice"), 701.56a "Cloak the top card of your
  library"; "Turn CARDNAME face down", "Turn / Look at / Destroy target face-down creature".
- 702.151 reconfigure; "Whenever CARDNAME or equipped creature attacks / deals combat damage to a player".
- "CARDNAME / it / target Vehicle becomes an artifact creature until end of turn", "Vehicles you control
  become artifact creatures until end of turn" (613.1d), "Vehicles you control have ... / get ...",
  "Enchant creature or Vehicle", "As long as enchanted permanent is a Vehicle, it's a creature",
  "target creature that crewed (saddled) it this turn", "it becomes saddled until end of turn".
"""

from __future__ import annotations

import re

from ...model.costs import parse_cost
from ...model.vocab import (
    IT,
    SELF,
    ActivatedAbility,
    Cost,
    Destroy,
    Explore,
    ObjectFilter,
    Ref,
    StaticAbility,
    TargetSpec,
    TriggeredAbility,
)
from ...model.vocab.facedown import (
    FaceDownCost,
    LookAtFaceDown,
    Manifest,
    ManifestDread,
    ReturnFaceDown,
    TurnFaceDown,
    TurnFaceUpEffect,
    WithMorphFilter,
)
from ...model.vocab.statics import LayeredStatic
from ...model.vocab.vehicles_facedown import (
    AnyOfFilter,
    AttachedToCreatureCost,
    BecomeArtifactCreature,
    BecomeCrewed,
    CrewBonus,
    CrewCost,
    CrewedItFilter,
    ReconfigureAttach,
    ReconfigureUnattach,
)
from ..compiler import (
    PARAGRAPH_TEMPLATES,
    TRIGGER_TEMPLATES,
    Unsupported,
    first_template,
    keyword_template,
    paragraph_template,
    parse_effects,
    sentence_template,
    trigger_template,
)
from ..draft import CardDraft
from .statics import KIND, parse_predicate


@keyword_template(r"crew (\d+)")
def _crew(m: re.Match, out: CardDraft) -> None:
    """702.122a."""
    n = int(m.group(1))
    out.abilities.append(ActivatedAbility(f"Crew {n}", CrewCost(crew=n), (BecomeCrewed(),)))


@keyword_template(r"saddle (\d+)")
def _saddle(m: re.Match, out: CardDraft) -> None:
    """702.171a: "Activate only as a sorcery"."""
    n = int(m.group(1))
    out.abilities.append(ActivatedAbility(f"Saddle {n}", CrewCost(crew=n, saddle=True), (BecomeCrewed(saddle=True),),
                                             sorcery_speed=True))


@paragraph_template(r"cardname (crews vehicles|saddles mounts and crews vehicles) as though its power were (\d+) greater")
def _crew_bonus(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    out.abilities.append(CrewBonus(para, "crew_bonus", amount=int(m.group(2)), saddle=m.group(1).startswith("saddles")))


_FACE_DOWN_KW = r"(morph|megamorph|disguise) ((?:\{[0-9wubrgc/]+\})+)"


@keyword_template(_FACE_DOWN_KW)
def _face_down_kw(m: re.Match, out: CardDraft) -> None:
    """702.37a-b / 702.168a: with a mana cost (no X: 702.37f is not supported)."""
    try:
        cost = parse_cost(m.group(2).upper())
    except ValueError as exc:
        raise Unsupported(m.group(0)) from exc
    kind = m.group(1)
    out.abilities.append(FaceDownCost(f"{kind.capitalize()} {cost.text}", kind, cost=cost))


_COLOR_LETTER = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@paragraph_template(r"(morph|megamorph)—(reveal an? (white|blue|black|red|green) card in your hand|pay (\d+) life|discard a card)")
def _morph_other_cost(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.37a "Morph—[cost]" with a cost that isn't mana: revealing a card of a color from your hand, paying
    life, discarding a card."""
    if m.group(3):
        other: tuple = ("reveal", _COLOR_LETTER[m.group(3)])
    elif m.group(4):
        other = ("life", int(m.group(4)))
    else:
        other = ("discard", "")
    out.abilities.append(FaceDownCost(para.strip(), m.group(1), other=other))


def _trigger(para: str, out: CardDraft, rest: str, event: str, *, it_words: tuple[str, ...] = (), scope: str = "") -> None:
    """A triggered ability whose effect text is `rest`; the words in `it_words` ("that vehicle") name
    the trigger's event object (rules: the Vehicle crewed), compiled as "it"."""
    for w in it_words:
        rest = re.sub(rf"\b{w}\b", "it", rest)
    targets: list = []
    effects = parse_effects(rest, targets)
    out.abilities.append(TriggeredAbility(para, event, effects, tuple(targets), scope=scope))


@paragraph_template(r"whenever cardname crews an? vehicle, (.+)")
def _crews_trigger(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.122b."""
    _trigger(para, out, m.group(1), "crews", it_words=("that vehicle",))


@paragraph_template(r"whenever cardname saddles a mount or crews a vehicle during your main phase, (.+)")
def _crews_or_saddles_trigger(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """702.122b / 702.171c; "during your main phase" (505.1) is checked as it's tapped for the cost."""
    _trigger(para, out, m.group(1), "crews_or_saddles", it_words=("that mount or vehicle",), scope="main_phase")


@trigger_template(r"whenever cardname becomes crewed")
def _becomes_crewed(m: re.Match) -> dict:
    """702.122d: whenever a crew ability of CARDNAME resolves."""
    return {"event": "becomes_crewed"}


@trigger_template(r"whenever cardname attacks while saddled")
def _attacks_saddled(m: re.Match) -> dict:
    """702.171b."""
    return {"event": "attacks_saddled"}


@trigger_template(r"when cardname is turned face up")
def _turned_face_up(m: re.Match) -> dict:
    """708.8: it triggers as the permanent is turned face up (not on entering)."""
    return {"event": "turned_face_up"}


@trigger_template(r"whenever (?:a|cardname or another) (permanent|creature)( you control)? is turned face up")
def _any_turned_face_up(m: re.Match) -> dict:
    """"Whenever a permanent is turned face up", "Whenever CARDNAME or another creature you control is
    turned face up" (itself included: it is face up on the battlefield as it triggers); "that creature"
    is the one turned face up."""
    flt = ObjectFilter(types=frozenset({"Creature"})) if m.group(1) == "creature" else None
    return {"event": "turned_face_up_any", "who": "you" if m.group(2) else "any", "filter": flt}


@paragraph_template(r"when cardname enters(?: the battlefield)?(?: or|,? or when it's) (?:is )?turned face up, (.+)")
def _etb_or_turned_face_up(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"When CARDNAME enters or is turned face up, ...": one ability with two trigger events, compiled as
    two abilities of the same text (the events never coincide: a permanent turned face up has already
    entered, 708.8)."""
    targets: list = []
    effects = parse_effects(m.group(1), targets)
    for event in ("etb", "turned_face_up"):
        out.abilities.append(TriggeredAbility(para, event, effects, tuple(targets)))


_NUM = {"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


@paragraph_template(r"as cardname is turned face up, put (a|one|two|three|four|five|six) \+1/\+1 counters? on it")
def _face_up_counters(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """708.11: applied while the permanent is turned face up (rules/vehicles_facedown.py turn_face_up)."""
    out.abilities.append(StaticAbility(para, "face_up_counters", counter_kind="+1/+1", amount=_NUM[m.group(1)]))


@paragraph_template(r"when cardname enters(?: the battlefield)?, manifest dread, then attach cardname to that creature")
def _manifest_dread_attach(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"When this Equipment enters, manifest dread, then attach this Equipment to that creature" (701.60a, 701.3a)."""
    out.abilities.append(TriggeredAbility(para, "etb", (ManifestDread(attach=True),)))


@sentence_template(r"turn (cardname|target creature with a morph ability) face down")
def _turn_face_down(m: re.Match, targets: list) -> list:
    """708.2a."""
    if m.group(1) == "cardname":
        return [TurnFaceDown()]
    targets.append(TargetSpec("permanent", WithMorphFilter(types=frozenset({"Creature"})), text=m.group(1)))
    return [TurnFaceDown(Ref(len(targets) - 1))]


@sentence_template(r"manifest dread")
def _manifest_dread(m: re.Match, targets: list) -> list:
    """701.60a."""
    return [ManifestDread()]


@paragraph_template(r"manifest the top card of your library, then put (a|two|three) \+1/\+1 counters? on it")
def _manifest_with_counters(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"Manifest the top card of your library, then put two +1/+1 counters on it" (a spell's text): "it"
    is the manifested permanent (701.34a)."""
    if not is_spell:
        raise Unsupported(para)
    out.spell_effects.append(Manifest(counters={"a": 1, "two": 2, "three": 3}[m.group(1)]))


@sentence_template(r"(manifest|cloak) the top card of your library")
def _manifest_top(m: re.Match, targets: list) -> list:
    """701.34a / 701.56a."""
    return [Manifest(cloak=m.group(1) == "cloak")]


_YOUR_OTHER_CREATURE = ObjectFilter(types=frozenset({"Creature"}), controller="you", other=True)


@keyword_template(r"reconfigure ((?:\{[0-9wubrgc]+\})+)")
def _reconfigure(m: re.Match, out: CardDraft) -> None:
    """702.151a: two activated abilities, both at sorcery speed: "[Cost]: Attach this permanent to another
    target creature you control" and "[Cost]: Unattach this permanent. Activate only if this permanent is
    attached to a creature"; 702.151b (the keyword marks it for the layer-4 rule)."""
    cost = parse_cost(m.group(1).upper())
    text = f"Reconfigure {cost.text}"
    spec = TargetSpec("permanent", _YOUR_OTHER_CREATURE, text="another target creature you control")
    out.keywords.add("reconfigure")
    out.abilities.append(ActivatedAbility(text, Cost(mana=cost), (ReconfigureAttach(Ref(0)),), (spec,),
                                             sorcery_speed=True))
    out.abilities.append(ActivatedAbility(text, AttachedToCreatureCost(mana=cost), (ReconfigureUnattach(),),
                                             sorcery_speed=True))


@sentence_template(r"(cardname|it|(?:another )?target vehicle(?: you control)?) becomes an artifact creature until end of turn")
def _becomes_artifact_creature(m: re.Match, targets: list) -> list:
    """613.1d: "CARDNAME becomes an artifact creature until end of turn" (its printed P/T apply, 208.3);
    "it" is the trigger's object ("Whenever a Vehicle you control enters, it becomes ..."); "another
    target Vehicle you control" is not the source."""
    who = m.group(1)
    if who == "cardname":
        return [BecomeArtifactCreature(SELF)]
    if who == "it":
        return [BecomeArtifactCreature(IT)]
    flt = ObjectFilter(subtypes=frozenset({"Vehicle"}), controller="you" if who.endswith("you control") else None,
                       other=who.startswith("another"))
    targets.append(TargetSpec("permanent", flt, text=who))
    return [BecomeArtifactCreature(Ref(len(targets) - 1))]


@sentence_template(r"(it|target mount you control) becomes saddled until end of turn")
def _becomes_saddled(m: re.Match, targets: list) -> list:
    """702.171b: the designation, without a saddle ability ("Whenever a Mount you control enters, it becomes
    saddled until end of turn"); no creature saddled it (702.171c)."""
    if m.group(1) == "it":
        return [BecomeCrewed(saddle=True, target=IT)]
    targets.append(TargetSpec("permanent", ObjectFilter(subtypes=frozenset({"Mount"}), controller="you"),
                              text=m.group(1)))
    return [BecomeCrewed(saddle=True, target=Ref(len(targets) - 1))]


@paragraph_template(r"when cardname enters(?: the battlefield)? and whenever it attacks while saddled, (.+)")
def _etb_and_attacks_saddled(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """One ability with two trigger events (603.2), compiled as two abilities of the same text."""
    targets: list = []
    effects = parse_effects(m.group(1), targets)
    for event in ("etb", "attacks_saddled"):
        out.abilities.append(TriggeredAbility(para, event, effects, tuple(targets)))


@sentence_template(r"vehicles you control become artifact creatures until end of turn")
def _vehicles_become_creatures(m: re.Match, targets: list) -> list:
    """611.2c: the Vehicles you control as it resolves."""
    return [BecomeArtifactCreature(filter=ObjectFilter(subtypes=frozenset({"Vehicle"}), controller="you"))]


@paragraph_template(r"(vehicles|mounts and vehicles) you control (get [+-]\d+/[+-]\d+.*|have .+)")
def _vehicles_you_control(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"Vehicles you control have flying", "Mounts and Vehicles you control get +1/+1", "Vehicles you
    control have crew 1" (604.1; layer 6 / 7c, rules/continuous.py): a group by subtype (205.3)."""
    subs = frozenset({"Vehicle"} | ({"Mount"} if m.group(1).startswith("mounts") else set()))
    flt = ObjectFilter(subtypes=subs, controller="you")
    crew = re.fullmatch(r"have crew (\d+)", m.group(2))
    if crew:
        inner = CardDraft.quoted()
        _crew(re.fullmatch(r"crew (\d+)", f"crew {crew.group(1)}"), inner)  # type: ignore[arg-type]
        out.abilities.append(LayeredStatic(para.strip(), KIND, filter=flt, affects="group",
                                              granted=tuple(inner.abilities)))
        return
    pr = parse_predicate(m.group(2), para)
    out.abilities.append(LayeredStatic(para.strip(), KIND, filter=flt, affects="group", **pr))


_SELF_OR_EQUIPPED = {"attacks": ("attacks", "attached_attacks"),
                     "deals combat damage to a player": ("combat_damage_player", "attached_combat_damage_player")}


@paragraph_template(r"whenever cardname or equipped creature (attacks|deals combat damage to a player), (.+)")
def _self_or_equipped(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"Whenever this creature or equipped creature attacks, it gets +2/+0 until end of turn" (an Equipment
    with reconfigure, 702.151: it attacks itself while unattached, or the creature it equips attacks): one
    ability with two events, compiled as two abilities of the same text; "it" is the creature that
    attacked (the source itself, or the equipped creature)."""
    own_event, equipped_event = _SELF_OR_EQUIPPED[m.group(1)]
    rest = m.group(2)
    targets: list = []
    effects = parse_effects(rest, targets)
    out.abilities.append(TriggeredAbility(para, own_event, effects, tuple(targets)))
    targets2: list = []
    rest2 = re.sub(r"\bit\b", "equipped creature", rest)
    if re.search(r"\bits\b", rest2):
        raise Unsupported(para)
    effects2 = parse_effects(rest2, targets2)
    out.abilities.append(TriggeredAbility(para, equipped_event, effects2, tuple(targets2)))


# --------------------------------------------------------------------------- face-down and "creature or Vehicle" filters

_CREATURE_OR_VEHICLE = AnyOfFilter(options=(ObjectFilter(types=frozenset({"Creature"})),
                                            ObjectFilter(subtypes=frozenset({"Vehicle"}))))


def _first(registry: list, pattern: str):
    """Register a template ahead of the general ones (which would match the same text and give up)."""
    def deco(fn):
        first_template(registry, (re.compile(pattern), fn))
        return fn
    return deco


@_first(PARAGRAPH_TEMPLATES, r"enchant creature or vehicle")
def _enchant_creature_or_vehicle(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """303.4a / 702.5a: the Aura targets, and can be attached to, a creature or a Vehicle (704.5m)."""
    out.enchant = _CREATURE_OR_VEHICLE
    out.abilities.append(StaticAbility(para, "enchant", _CREATURE_OR_VEHICLE))


def _face_down_target(phrase: str, targets: list) -> Ref:
    """"target face-down creature [you control | an opponent controls]" (708)."""
    m = re.fullmatch(r"target face-down creature( you control| an opponent controls)?", phrase)
    if not m:
        raise Unsupported(phrase)
    controller = {" you control": "you", " an opponent controls": "opponent"}.get(m.group(1) or "")
    flt = AnyOfFilter(options=(ObjectFilter(types=frozenset({"Creature"}), controller=controller),), face_down=True)
    targets.append(TargetSpec("permanent", flt, text=phrase))
    return Ref(len(targets) - 1)


@sentence_template(r"look at (target face-down creature)")
def _look_at_face_down(m: re.Match, targets: list) -> list:
    """708.5: only a face-down permanent's controller may look at it; this lets the player look."""
    return [LookAtFaceDown(_face_down_target(m.group(1), targets))]


@sentence_template(r"destroy (target face-down creature(?: you control| an opponent controls)?)")
def _destroy_face_down(m: re.Match, targets: list) -> list:
    return [Destroy(_face_down_target(m.group(1), targets))]


@sentence_template(r"turn (target face-down creature(?: you control| an opponent controls)?) face up")
def _turn_target_face_up(m: re.Match, targets: list) -> list:
    """708.8 (no cost is paid); 701.34g."""
    return [TurnFaceUpEffect(_face_down_target(m.group(1), targets))]


@_first(TRIGGER_TEMPLATES, r"whenever a face-down creature you control enters(?: the battlefield)?")
def _face_down_enters(m: re.Match) -> dict:
    """603.6a: a permanent that enters face down (708.3) is seen face down."""
    flt = AnyOfFilter(options=(ObjectFilter(types=frozenset({"Creature"}), controller="you"),), face_down=True)
    return {"event": "enters", "filter": flt}


@sentence_template(r"manifest dread twice")
def _manifest_dread_twice(m: re.Match, targets: list) -> list:
    """701.60a, twice (one after the other)."""
    return [ManifestDread(), ManifestDread()]


@paragraph_template(r"as long as enchanted permanent is a vehicle, it's a creature in addition to its other types")
def _enchanted_vehicle_is_creature(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """613.1d layer 4 (rules/vehicles_facedown.py vehicle_equipment_types); the Vehicle's printed power and
    toughness apply."""
    out.abilities.append(StaticAbility(para, "enchanted_vehicle_is_creature"))


@paragraph_template(r"face-down creature spells you cast cost \{(\d+)\} less to cast")
def _face_down_cost_reduction(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """601.2f: a cost reduction for the face-down spells its controller casts (708.4: they are creature
    spells with no mana cost, cast for {3})."""
    out.abilities.append(StaticAbility(para, "face_down_cost_reduction", amount=int(m.group(1))))


_CREWED_IT = r"target creature that (crewed|saddled) it this turn"


@paragraph_template(rf"(whenever cardname (?:attacks(?: while saddled)?|attacks or blocks)), (.*\b{_CREWED_IT}\b.*)")
def _crewed_it_target(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """"Whenever CARDNAME attacks, target creature that crewed it this turn explores": the effect compiled
    with "target creature", its target then restricted to the creatures that crewed (saddled) the source
    this turn (CrewedItFilter)."""
    cond, rest = m.group(1), m.group(2)
    kinds = re.findall(_CREWED_IT, rest)
    if len(kinds) != 1:
        raise Unsupported(para)
    event = {"whenever cardname attacks": "attacks", "whenever cardname attacks while saddled": "attacks_saddled",
             "whenever cardname attacks or blocks": "attacks_or_blocks"}[cond]
    targets: list = []
    effects = parse_effects(re.sub(_CREWED_IT, "target creature", rest), targets)
    if len(targets) != 1 or targets[0].kind != "permanent" or targets[0].filter != ObjectFilter(
            types=frozenset({"Creature"})):
        raise Unsupported(para)
    spec = TargetSpec("permanent", CrewedItFilter(types=frozenset({"Creature"}), saddled=kinds[0] == "saddled"),
                      text=f"target creature that {kinds[0]} it this turn")
    out.abilities.append(TriggeredAbility(para, event, effects, (spec,)))


@sentence_template(r"target creature explores")
def _target_explores(m: re.Match, targets: list) -> list:
    """701.40a: the target creature explores ("target creature that crewed it this turn explores")."""
    targets.append(TargetSpec("permanent", ObjectFilter(types=frozenset({"Creature"})), text="target creature"))
    return [Explore(Ref(len(targets) - 1))]


@paragraph_template(r"when cardname dies, return it to the battlefield face down under your control")
def _dies_return_face_down(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """708.3 (rules/vehicles_facedown.py ReturnFaceDown)."""
    out.abilities.append(TriggeredAbility(para, "dies", (ReturnFaceDown(),)))
