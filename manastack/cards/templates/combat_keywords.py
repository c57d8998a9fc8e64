"""Combat keyword abilities (CR 702) and combat effect sentences; carried out by
rules/combat_keywords.py, rules/combat.py and rules/triggers.py.

Keywords:
- 702.90 infect, 702.80 wither (static: damage as -1/-1 counters / poison counters, 120.3b-d).
- 702.164 toxic N (static: combat damage to a player also gives N poison counters, 120.3g).
- 702.25 flanking, 702.23 rampage N, 702.130 afflict N, 702.91 battle cry, 702.121 melee,
  702.105 dethrone, 702.112 renown N, 702.134 mentor, 702.39 provoke, 702.116 myriad (nothing in a
  two-player game), 702.165 backup N (grants the abilities printed below it: a card finisher),
  mobilize N (702.181a, CR 2026-02) — triggered.
- 702.54 bloodthirst N, 702.136 riot (614.1c: applied as the permanent enters).
- 701.39d exert ("You may exert CARDNAME as it attacks. When you do, ..."), 702.154 enlist: optional
  costs to attack (508.1g) with linked reflexive abilities (607.2h).

Static abilities: "CARDNAME must be blocked if able", "all creatures able to block CARDNAME do so"
(509.1c), "you may have CARDNAME assign its combat damage as though it weren't blocked" (510.1).

Effect sentences (611.2c: they change the rules of the game until end of turn):
"[object] can't block this turn", "[object] can't be blocked this turn" (also "... except by
creatures with haste", "... by creatures with power N or less"), "[object] can't attack or block
this turn", "[object] can attack this turn as though it didn't have defender", "[group] can't block
this turn" ("creatures without flying"), "those creatures ..." (the targets of "up to N target
creatures"), "[object] doesn't untap during its controller's / your next untap step" (502.3),
"[object] gets +N/+N until end of turn and can't be blocked this turn", "target creature can't
block CARDNAME this turn", "target creature blocks CARDNAME this turn if able", "all creatures able
to block target creature this turn do so", "[object] must be blocked this turn if able", "target
creature attacks this turn if able", "CARDNAME can block an additional creature this turn",
"CARDNAME assigns no combat damage this turn", "remove it from combat" (506.4), "untap all
creatures you control", "it gets +1/+1 until end of turn for each creature blocking it", "... for
each other attacking Goblin", "create ... tokens that are tapped and attacking" (508.4), tokens
"with toxic N", "[player] gets N poison counters" (122.1f).

Trigger conditions: "when(ever) CARDNAME blocks", "... blocks or becomes blocked", "... blocks a
creature with flying" (a quality of the attacker), "... becomes blocked by a non-Wall creature",
"whenever a creature you control becomes blocked", "whenever a creature blocks", "whenever
enchanted / equipped creature blocks / becomes blocked / attacks or blocks" (509.1i, 509.2a),
"whenever you exert a creature".
"""

from __future__ import annotations

import dataclasses
import re

from ...model import vocab as V
from ...model.vocab.attacking import (
    AttackIfDefenderControls,
    BackupGrant,
    CantBlockSource,
    CreateAttacking,
    ExertAbility,
    PumpPerOtherAttacking,
    RemoveFromCombat,
)
from ...model.vocab.blocking_requirements import MustBlock
from ...model.vocab.combat_keywords import (
    ATTACKS_YOU,
    NEXT_UNTAP,
    CombatRule,
    CombatRuleAll,
    DethroneTrigger,
    GivePoison,
    Melee,
    Myriad,
    PumpPerBlocker,
    Renown,
    RenownTrigger,
    UntapAll,
)
from ...model.vocab.statics import LayeredStatic
from ..compiler import (
    CARD_FINISHERS,
    COLOR_WORDS,
    KEYWORDS,
    Unsupported,
    keyword_template,
    paragraph_template,
    parse_effects,
    trigger_template,
)
from ..draft import CardDraft
from .effects_common import SUBTYPES, N, amount, article_filter, parse_filter, sub_effects, target, template
from .effects_tokens import creature_token
from .statics import KIND, parse_group

# 702.90 / 702.80: static abilities whose whole meaning is read from the keyword set (rules/effects.py
# deal_damage), so granting them ("gains infect until end of turn") works like any other keyword.
KEYWORDS.update({"infect", "wither"})


# --------------------------------------------------------------------------- keywords


@keyword_template(r"toxic (\d+)")
def _toxic(m: re.Match, out: CardDraft) -> None:
    """702.164a-c: a static ability; each instance adds to the total toxic value (702.164b)."""
    out.abilities.append(V.StaticAbility(f"Toxic {m.group(1)}", "toxic", amount=int(m.group(1))))


_CREATURE = frozenset({"Creature"})


@keyword_template(r"flanking")
def _flanking(m: re.Match, out: CardDraft) -> None:
    """702.25a: "Whenever this creature becomes blocked by a creature without flanking, the blocking
    creature gets -1/-1 until end of turn." Each instance triggers (702.25b). The keyword is kept so
    that other creatures' flanking sees this one has flanking."""
    out.keywords.add("flanking")
    out.abilities.append(V.TriggeredAbility(
        "Flanking", "blocked_by_creature", (V.Pump(V.IT, -1, -1),),
        filter=V.FilterPlus(types=_CREATURE, non_keywords=frozenset({"flanking"}))))


@keyword_template(r"rampage (\d+)")
def _rampage(m: re.Match, out: CardDraft) -> None:
    """702.23a: "Whenever this creature becomes blocked, it gets +N/+N until end of turn for each
    creature blocking it beyond the first" (counted on resolution, 702.23b)."""
    n = int(m.group(1))
    out.abilities.append(V.TriggeredAbility(f"Rampage {n}", "becomes_blocked", (PumpPerBlocker(n),)))


@keyword_template(r"afflict (\d+)")
def _afflict(m: re.Match, out: CardDraft) -> None:
    """702.130a: "Whenever this creature becomes blocked, defending player loses N life.\""""
    n = int(m.group(1))
    out.abilities.append(V.TriggeredAbility(f"Afflict {n}", "becomes_blocked", (V.LoseLife(n, V.DEFENDING),)))


@keyword_template(r"battle cry")
def _battle_cry(m: re.Match, out: CardDraft) -> None:
    """702.91a: "Whenever this creature attacks, each other attacking creature gets +1/+0 until end
    of turn" (611.2c: the creatures attacking as it resolves)."""
    flt = V.FilterPlus(types=_CREATURE, other=True, attacking=True)
    out.abilities.append(V.TriggeredAbility("Battle cry", "attacks", (V.PumpAll(flt, 1, 0),)))


@keyword_template(r"melee")
def _melee(m: re.Match, out: CardDraft) -> None:
    """702.121a."""
    out.abilities.append(V.TriggeredAbility("Melee", "attacks", (Melee(),)))


@keyword_template(r"myriad")
def _myriad(m: re.Match, out: CardDraft) -> None:
    """702.116a: the ability triggers, and with two players (no opponent other than the defending
    player) does nothing as it resolves."""
    out.abilities.append(V.TriggeredAbility("Myriad", "attacks", (Myriad(),)))


@keyword_template(r"dethrone")
def _dethrone(m: re.Match, out: CardDraft) -> None:
    """702.105a: "Whenever this creature attacks the player with the most life or tied for most
    life, put a +1/+1 counter on this creature.\""""
    out.abilities.append(DethroneTrigger("Dethrone", "attacks", (V.AddCounters("+1/+1", 1, V.SELF),)))


@keyword_template(r"renown (\d+)")
def _renown(m: re.Match, out: CardDraft) -> None:
    """702.112a: "When this creature deals combat damage to a player, if it isn't renowned, put N
    +1/+1 counters on it and it becomes renowned.\""""
    n = int(m.group(1))
    out.abilities.append(RenownTrigger(f"Renown {n}", "combat_damage_player", (Renown(n),)))


@keyword_template(r"bloodthirst (\d+)")
def _bloodthirst(m: re.Match, out: CardDraft) -> None:
    """702.54a: "If an opponent was dealt damage this turn, this permanent enters with N +1/+1
    counters on it" (614.1c, rules/combat_keywords.py bloodthirst_enters)."""
    out.abilities.append(V.StaticAbility(f"Bloodthirst {m.group(1)}", "bloodthirst", amount=int(m.group(1))))


@keyword_template(r"riot")
def _riot(m: re.Match, out: CardDraft) -> None:
    """702.136a: a static ability applied as the permanent enters (614.1c; rules/combat_keywords.py riot_enters)."""
    out.abilities.append(V.StaticAbility("Riot", "riot"))


# --------------------------------------------------------------------------- effect sentences (611.2c)

_ONE = r"(cardname|it|they|that creature|target .+?|another target .+?)"


def _object(phrase: str, targets: list) -> V.Who:
    """One object: CARDNAME, "it" / "that creature", or a target. Groups and "up to N" targets are
    refused (Unsupported)."""
    p = phrase.strip()
    if p == "they":
        raise Unsupported(p)
    if re.match(r"(another )?target ", p) and re.search(r"\b(creatures|permanents)\b", p):
        raise Unsupported(p)  # several targets
    who = target(p, targets)
    if not isinstance(who, V.Ref) and who not in (V.SELF, V.IT):
        raise Unsupported(p)
    return who


def _those(targets: list) -> list[V.Ref]:
    """"those creatures" / "they": the targets of the last "up to N target creatures" (one group of
    TargetSpecs, cards/templates/multi_targets.py)."""
    if not targets or targets[-1].kind != "permanent":
        raise Unsupported("those creatures")
    group = getattr(targets[-1], "group", 0)
    if not group:
        raise Unsupported("those creatures")
    return [V.Ref(i) for i, t in enumerate(targets) if getattr(t, "group", 0) == group]


def _rule_group(phrase: str) -> V.ObjectFilter:
    """A group of creatures a rules effect applies to ("creatures without flying", "creatures your
    opponents control"); only the qualities rules/combat_keywords.py matches on read."""
    # "each creature your opponents control blocks this turn if able" (Predatory Rampage) is the group too
    p = re.sub(r"^each (non[a-z]+ )?creature\b", r"\1creatures", phrase.strip())
    if not re.fullmatch(r"(?:all )?(?:non[a-z]+ )?creatures(?: (?:you control|your opponents control|you don't control"
                        r"|without [a-z ]+|with [a-z ]+))?", p):
        raise Unsupported(p)
    flt = parse_filter(re.sub(r"^all ", "", p))
    if flt.types != _CREATURE or flt.subtypes or flt.colors or flt.non_colors or flt.non_types or flt.tapped \
            is not None or flt.other or flt.attacking_or_blocking or flt.nonbasic or flt.max_mana_value is not None:
        raise Unsupported(p)
    if isinstance(flt, V.FilterPlus):
        allowed = {"keywords", "non_keywords"}
        for f in dataclasses.fields(V.FilterPlus):
            if f.name in allowed or f.name in {x.name for x in dataclasses.fields(V.ObjectFilter)}:
                continue
            if getattr(flt, f.name) != f.default:
                raise Unsupported(p)
    return flt


_RULE_PREDICATES: dict[str, tuple[str, ...]] = {
    "can't block this turn": ("cant_block",),
    "can't be blocked this turn": ("cant_be_blocked",),
    "can't attack or block this turn": ("cant_attack", "cant_block"),
    "can't attack this turn": ("cant_attack",),
    "can attack this turn as though it didn't have defender": ("attack_despite_defender",),
    "can attack this turn as though they didn't have defender": ("attack_despite_defender",),
    "must be blocked this turn if able": ("must_be_blocked",),
    "can't be blocked this turn except by creatures with haste": ("blockable_only_by:kw:haste",),
    "blocks this turn if able": ("blocks_each_combat",),
    "block this turn if able": ("blocks_each_combat",),  # "creatures your opponents control block ..."
    "attack this turn if able": ("attacks_each_combat",),  # 508.1d: "creatures your opponents control attack ..."
}
_PRED_RX = ("can't block this turn|can't be blocked this turn|can't attack or block this turn|can't attack this turn|"
            "can attack this turn as though (?:it|they) didn't have defender|must be blocked this turn if able|"
            "blocks this turn if able|block this turn if able|attack this turn if able|can't be blocked this turn except by creatures with haste|"
            r"can't be blocked by creatures with power \d+ or less this turn")


@template(rf"(.+?) ({_PRED_RX})")
def _combat_rule(m: re.Match, targets: list) -> list:
    """611.2c: "target creature can't block this turn", "CARDNAME can't be blocked this turn",
    "creatures without flying can't block this turn" (a group: creatures that start matching later
    this turn are affected too)."""
    subj, pred = m.group(1), m.group(2)
    pm = re.fullmatch(r"can't be blocked by creatures with power (\d+) or less this turn", pred)
    rules = (f"unblockable_by_power_le:{pm.group(1)}",) if pm else _RULE_PREDICATES[pred]
    if subj in ("those creatures", "they"):
        return [CombatRule(ref, rules) for ref in _those(targets)]
    if subj == "other creatures that player controls":
        # "Target creature ... blocks this turn if able. ... Other creatures that player controls can't block
        # this turn" (Mark for Death): the target's controller's other creatures
        refs = [i for i, t in enumerate(targets) if t.kind == "permanent"]
        if len(refs) != 1 or len(targets) != 1:
            raise Unsupported(m.string)
        return [CombatRuleAll(V.ObjectFilter(types=frozenset({"Creature"})), rules, others_of=V.Ref(refs[0]))]
    if re.fullmatch(_ONE, subj) and subj != "they":
        return [CombatRule(_object(subj, targets), rules)]
    return [CombatRuleAll(_rule_group(subj), rules)]


@template(r"(.+?) (?:doesn't|don't) untap during (its controller's|your|their controllers'|their controller's) next untap step")
def _no_untap(m: re.Match, targets: list) -> list:
    """502.3: "... doesn't untap during its controller's next untap step" (the untap step of whoever
    controls it then), "CARDNAME doesn't untap during your next untap step" (yours)."""
    if m.group(1) in ("those creatures", "they"):
        if m.group(2) == "your":
            raise Unsupported(m.string)
        return [CombatRule(ref, ("doesnt_untap",), NEXT_UNTAP) for ref in _those(targets)]
    if m.group(2) == "their controllers'":
        raise Unsupported(m.string)
    who = _object(m.group(1), targets)
    return [CombatRule(who, ("doesnt_untap",), NEXT_UNTAP, yours=m.group(2) == "your")]


@template(r"(that creature|it) doesn't untap during its controller's untap step for as long as you control cardname")
def _no_untap_while_you_control(m: re.Match, targets: list) -> list:
    """502.3 / 611.2b: "Tap target creature an opponent controls. That creature doesn't untap during its
    controller's untap step for as long as you control CARDNAME" (Dungeon Geists, Tidebinder Mage, Time of
    Ice): the effect ends once CARDNAME leaves the battlefield or its controller loses control of it."""
    return [CombatRule(_object(m.group(1), targets), ("doesnt_untap",), "permanent", while_you_control_source=True)]


@template(r"(cardname|it|that creature|target .+?) (gets [+-]\d+/[+-]\d+|gains [a-z ,]+?|gets [+-]\d+/[+-]\d+ and gains "
          r"[a-z ,]+?) until end of turn and ((?:can't|can|doesn't|must) .+)")
def _pump_and_rule(m: re.Match, targets: list) -> list:
    """"CARDNAME gets +2/+0 until end of turn and can't be blocked this turn", "... gains shroud
    until end of turn and doesn't untap during your next untap step": one subject, two effects (the
    second refers to the same object: "it", not a new target)."""
    subj = m.group(1)
    first = sub_effects(f"{subj} {m.group(2)} until end of turn", targets)
    again = "cardname" if subj == "cardname" else "it"
    return first + sub_effects(f"{again} {m.group(3)}", targets)


@template(r"untap all (.+)")
def _untap_all(m: re.Match, targets: list) -> list:
    """"Untap all creatures you control" (701.21b)."""
    phrase = m.group(1)
    if "target" in phrase:
        raise Unsupported(phrase)
    if phrase.endswith(" that attacked this turn"):
        # "Untap all creatures that attacked this turn" (Relentless Assault): this turn's attackers (508.1)
        base = parse_filter(phrase.removesuffix(" that attacked this turn"))
        plus = V.FilterPlus(**{f.name: getattr(base, f.name) for f in dataclasses.fields(base)})
        return [UntapAll(dataclasses.replace(plus, attacked_this_turn=True))]
    return [UntapAll(parse_filter(phrase))]


@template(rf"(defending player|that player|target player|target opponent|each opponent|each player|you) gets? {N} "
          r"poison counters?")
def _poison(m: re.Match, targets: list) -> list:
    """122.1f: a player gets poison counters (704.5c: ten or more and they lose)."""
    p = m.group(1)
    who: V.Who = V.DEFENDING if p == "defending player" else target(p, targets)
    return [GivePoison(amount(m.group(2)), who)]


# --------------------------------------------------------------------------- trigger conditions (509)


@trigger_template(r"when cardname blocks")
def _when_blocks(m: re.Match) -> dict:
    return {"event": "blocks"}


@trigger_template(r"(?:when|whenever) cardname blocks or becomes blocked")
def _blocks_or_becomes_blocked(m: re.Match) -> dict:
    """509.1i / 509.2a: one ability, two events (a creature never blocks and becomes blocked in one combat)."""
    return {"event": "blocks_or_becomes_blocked"}


@trigger_template(r"(?:when|whenever) cardname blocks (?:a|an) (.+)")
def _blocks_quality(m: re.Match) -> dict:
    """"Whenever CARDNAME blocks a creature with flying": once for each such creature it blocks
    ("that creature")."""
    return {"event": "blocks_creature", "filter": parse_filter(m.group(1))}


@trigger_template(r"(?:when|whenever) cardname becomes blocked by (?:a|an) (.+)")
def _blocked_by_quality(m: re.Match) -> dict:
    """"Whenever CARDNAME becomes blocked by a non-Wall creature": once per such blocker."""
    return {"event": "blocked_by_creature", "filter": parse_filter(m.group(1))}


@trigger_template(r"(?:when|whenever) cardname blocks or becomes blocked by (?:a|an) (.+)")
def _blocks_or_blocked_by_quality(m: re.Match) -> dict:
    return {"event": "blocks_or_blocked_by", "filter": parse_filter(m.group(1))}


@trigger_template(r"whenever (a|another) (.+?) becomes blocked")
def _creature_becomes_blocked(m: re.Match) -> dict:
    """"Whenever a creature you control becomes blocked" ("it": that creature)."""
    return {"event": "creature_becomes_blocked",
            "filter": article_filter(m)}


@trigger_template(r"whenever (a|another) (.+?) blocks")
def _creature_blocks(m: re.Match) -> dict:
    """"Whenever a creature blocks" ("that creature": the blocker)."""
    return {"event": "creature_blocks",
            "filter": article_filter(m)}


@trigger_template(r"(?:when|whenever) (?:enchanted|equipped) creature (blocks|becomes blocked|blocks or becomes blocked)")
def _attached_blocks(m: re.Match) -> dict:
    return {"event": {"blocks": "attached_blocks", "becomes blocked": "attached_becomes_blocked",
                      "blocks or becomes blocked": "attached_blocks_or_becomes_blocked"}[m.group(1)]}


# --------------------------------------------------------------------------- blocking requirements (509.1c)

_SELF_OR_HOST = {"cardname": "self", "enchanted creature": "enchanted", "equipped creature": "equipped"}


@paragraph_template(r"cardname can't attack (if|unless) defending player controls (?:a|an) ([a-z0-9 ]+)")
def _attack_if_defender_controls(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """508.1c: "CARDNAME can't attack if defending player controls an untapped creature with power 3 or greater"
    (Orgg, Goblin Mutant, Veteran Brawlers), "... unless defending player controls a creature with flying" (Lurking
    Green Dragon, Ronom Serpent, Whimwader): a restriction on the creature's own attack."""
    if is_spell or re.search(r" or an? ", m.group(2)):
        raise Unsupported(para)
    flt = parse_filter(m.group(2))
    if flt.controller is not None or flt.other:
        raise Unsupported(para)
    out.abilities.append(AttackIfDefenderControls(para.strip(), "attack_if_defender_controls", filter=flt,
                                                  unless=m.group(1) == "unless"))


@paragraph_template(r"(cardname|enchanted creature|equipped creature) must be blocked if able")
def _must_be_blocked(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """509.1c: a requirement: the defending player blocks it with at least one creature if able."""
    out.abilities.append(LayeredStatic(para.strip(), KIND, affects=_SELF_OR_HOST[m.group(1)],
                                          rules=("must_be_blocked",)))


@paragraph_template(r"all creatures able to block (cardname|enchanted creature|equipped creature) do so")
def _lure(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """509.1c: each creature of the defending player able to block it must block it (Lure)."""
    out.abilities.append(LayeredStatic(para.strip(), KIND, affects=_SELF_OR_HOST[m.group(1)],
                                          rules=("all_able_block",)))


@template(rf"all creatures able to block {_ONE} this turn do so")
def _lure_this_turn(m: re.Match, targets: list) -> list:
    """611.2c / 509.1c: "All creatures able to block target creature this turn do so"."""
    return [CombatRule(_object(m.group(1), targets), ("all_able_block",))]


@template(r"(target .+?|that creature) can't block cardname this turn")
def _cant_block_source(m: re.Match, targets: list) -> list:
    """509.1b: "target creature can't block CARDNAME this turn" (only the source is protected)."""
    return [CantBlockSource(_object(m.group(1), targets))]


@template(r"(target .+?|that creature|it) blocks (cardname|it) this turn if able")
def _blocks_source(m: re.Match, targets: list) -> list:
    """509.1c: "target creature blocks CARDNAME this turn if able" (the source of the ability)."""
    if m.group(2) == "it" and m.group(1) != "target creature":
        raise Unsupported(m.string)
    return [MustBlock(_object(m.group(1), targets))]


_CREATURE_DEFENDING = V.ObjectFilter(types=_CREATURE, controller="opponent")


@keyword_template(r"provoke")
def _provoke(m: re.Match, out: CardDraft) -> None:
    """702.39a: "Whenever this creature attacks, you may have target creature defending player
    controls untap and block this creature this turn if able." (Two players: the defending player
    is the attacking player's opponent.)"""
    spec = V.TargetSpec("permanent", _CREATURE_DEFENDING, text="target creature defending player controls")
    body = (V.TapUntap(V.Ref(0), untap=True), MustBlock(V.Ref(0)))
    out.abilities.append(V.TriggeredAbility("Provoke", "attacks", (V.Optional(body, prompt="have it untap and "
                                                                                      "block this creature"),),
                                               (spec,)))


# --------------------------------------------------------------------------- backup (702.165)


@dataclasses.dataclass(frozen=True, slots=True)
class _BackupMark(V.Ability):
    """Where a "Backup N" keyword stands among the card's abilities; replaced by its trigger once the
    whole text is compiled (`_finish_backup`), since it grants the abilities printed below it."""

    n: int = 1
    keywords_before: frozenset[str] = frozenset()
    protection_before: int = 0


@keyword_template(r"backup (\d+)")
def _backup(m: re.Match, out: CardDraft) -> None:
    if not out.spell_text:
        raise Unsupported(m.group(0))  # inside a granted ability: no card text below it to finish with
    out.abilities.append(_BackupMark(f"Backup {m.group(1)}", int(m.group(1)), frozenset(out.keywords),
                                        len(out.protection)))


# Events of granted triggered abilities that rules/triggers.py reads from the creature's current
# abilities (a granted ability of another event could go unnoticed).
_GRANTABLE_EVENTS = frozenset({"attacks", "combat_damage_player", "dies"})
_BACKUP_TARGET = V.TargetSpec("permanent", V.ObjectFilter(types=_CREATURE), text="target creature")


def _finish_backup(out: CardDraft) -> list[str]:
    """702.165a: "When this creature enters, put N +1/+1 counters on target creature. If that's
    another creature, it also gains the non-backup abilities of this creature printed below this one
    until end of turn." Keywords below it are those not already on the card when it was read."""
    abilities = out.abilities
    if not any(isinstance(ab, _BackupMark) for ab in abilities):
        return []
    bad: list[str] = []
    new: list = []
    for i, ab in enumerate(abilities):
        if not isinstance(ab, _BackupMark):
            new.append(ab)
            continue
        below = tuple(x for x in abilities[i + 1:] if not isinstance(x, _BackupMark))
        for x in below:
            ok = isinstance(x, (V.ActivatedAbility, V.ManaAbility)) or (
                type(x) is V.TriggeredAbility and x.event in _GRANTABLE_EVENTS)
            if not ok:
                bad.append(f"{ab.text} (granting: {x.text})")
        keywords = tuple(sorted(set(out.keywords) - ab.keywords_before))
        protection = tuple(out.protection[ab.protection_before:])
        new.append(V.TriggeredAbility(ab.text, "etb", (V.AddCounters("+1/+1", ab.n, V.Ref(0)),
                                                      BackupGrant(V.Ref(0), keywords, below, protection)),
                                      (_BACKUP_TARGET,)))
    out.abilities[:] = new
    return bad


CARD_FINISHERS.append(_finish_backup)


# --------------------------------------------------------------------------- mentor (702.134)

_MENTOR_TARGET = V.TargetSpec("permanent", V.FilterPlus(types=_CREATURE, attacking=True, power_below_source=True),
                              text="target attacking creature with lesser power")


@keyword_template(r"mentor")
def _mentor(m: re.Match, out: CardDraft) -> None:
    """702.134a: "Whenever this creature attacks, put a +1/+1 counter on target attacking creature
    with power less than this creature's power" (checked as the target is chosen and on resolution)."""
    out.abilities.append(V.TriggeredAbility("Mentor", "attacks", (V.AddCounters("+1/+1", 1, V.Ref(0)),),
                                               (_MENTOR_TARGET,)))


@paragraph_template(r"you may have cardname assign its combat damage as though it weren't blocked")
def _as_though_unblocked(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """When it is blocked, its controller may have it assign all its combat damage to the player or
    planeswalker it attacks (510.1b) instead of to the blocking creatures (510.1c)."""
    out.abilities.append(LayeredStatic(para.strip(), KIND, rules=("assign_as_unblocked",)))


# --------------------------------------------------------------------------- exert, enlist (508.1g)


@paragraph_template(r"you may exert cardname as it attacks(?:\. when you do, (.+))?")
def _exert(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """701.39d: an optional cost to attack; "When you do, ..." is a linked reflexive triggered
    ability (607.2h), its "it" the exerted creature."""
    reflexive = None
    if m.group(1):
        targets: list = []
        effects = parse_effects(m.group(1), targets)
        reflexive = V.TriggeredAbility(para.strip(), "reflexive", tuple(effects), tuple(targets))
    out.abilities.append(ExertAbility(para.strip(), "exert", reflexive=reflexive))


@keyword_template(r"enlist")
def _enlist(m: re.Match, out: CardDraft) -> None:
    """702.154a: an optional cost to attack (rules/combat_keywords.py attack_costs) and its linked
    "when you do" ability."""
    out.abilities.append(V.StaticAbility("Enlist", "enlist"))


@trigger_template(r"whenever you exert a creature")
def _you_exert(m: re.Match) -> dict:
    """701.39: "it" / "that creature" is the exerted creature."""
    return {"event": "you_exert"}


@trigger_template(r"(?:when|whenever) (?:enchanted|equipped) creature attacks or blocks")
def _attached_attacks_or_blocks(m: re.Match) -> dict:
    """508.1 / 509.1i: "it" / "its controller" refer to the enchanted creature."""
    return {"event": "attached_attacks_or_blocks"}


@template(r"(cardname|it) gets \+(\d+)/\+(\d+) until end of turn for each creature (blocking it|it's blocking)")
def _pump_per_blocker(m: re.Match, targets: list) -> list:
    """"it gets +1/+1 until end of turn for each creature blocking it" / "... for each creature it's
    blocking" (counted as it resolves)."""
    who = V.SELF if m.group(1) == "cardname" else target("it", targets)
    if who not in (V.SELF, V.IT):
        raise Unsupported(m.string)
    return [PumpPerBlocker(int(m.group(2)), beyond_first=False, target=who, toughness=int(m.group(3)),
                           blocked=m.group(4) == "it's blocking")]


@template(r"(cardname|it|target .+?) can block (an|one|two|three|any number of) additional creatures? this turn")
def _extra_blocks(m: re.Match, targets: list) -> list:
    """509.1a: "can block an additional creature this turn" (rules/combat.py max_blocked)."""
    n = m.group(2)
    rule = "any_number_blocks" if n == "any number of" else f"extra_blocks:{amount(n)}"
    return [CombatRule(_object(m.group(1), targets), (rule,))]


@template(r"(cardname|it|target .+?) can block any number of creatures this turn")
def _any_number_blocks(m: re.Match, targets: list) -> list:
    return [CombatRule(_object(m.group(1), targets), ("any_number_blocks",))]


@template(r"(cardname|it|that creature|target .+?) attacks you this turn if able")
def _attacks_you_if_able(m: re.Match, targets: list) -> list:
    """508.1d: "Target creature an opponent controls attacks you this turn if able" (Alluring Siren): it
    must attack, and attack the ability's controller (not a planeswalker: rules/combat.py)."""
    return [CombatRule(_object(m.group(1), targets), ("attacks_each_combat", ATTACKS_YOU))]


@template(r"(cardname|it|that creature|target .+?) attacks this turn if able")
def _attacks_if_able(m: re.Match, targets: list) -> list:
    """508.1d: a requirement for this turn (rules/combat.py attack_declaration_error)."""
    return [CombatRule(_object(m.group(1), targets), ("attacks_each_combat",))]


@template(r"(cardname|it) assigns no combat damage this turn")
def _no_combat_damage(m: re.Match, targets: list) -> list:
    """510.1a: it assigns no combat damage this turn (rules/combat.py assigners)."""
    return [CombatRule(_object(m.group(1), targets), ("no_combat_damage",))]


@template(r"remove (cardname|it|that creature|target .+?) from combat")
def _remove_from_combat(m: re.Match, targets: list) -> list:
    """506.4: "untap it and remove it from combat"."""
    return [RemoveFromCombat(_object(m.group(1), targets))]


# --------------------------------------------------------------------------- entering attacking (508.4)


@template(r"(create .+?),? (?:that's|that are|which are) tapped and attacking")
def _create_attacking(m: re.Match, targets: list) -> list:
    """508.4: tokens put onto the battlefield attacking (the defending player: the only opponent)."""
    inner = sub_effects(m.group(1), targets)
    if len(inner) != 1 or type(inner[0]) not in (V.CreateTokenCard, V.CreateToken) or inner[0].who != V.YOU:
        raise Unsupported(m.string)
    made = dataclasses.replace(inner[0], tapped=True) if type(inner[0]) is V.CreateTokenCard else inner[0]
    return [CreateAttacking(made)]


@keyword_template(r"mobilize (\d+)")
def _mobilize(m: re.Match, out: CardDraft) -> None:
    """Mobilize N (702.181a, CR 2026-02): "Whenever this creature attacks, create N 1/1 red Warrior
    creature tokens. Those tokens enter tapped and attacking. Sacrifice them at the beginning of the
    next end step." """
    n = int(m.group(1))
    token = creature_token(1, 1, frozenset({"R"}), ("Warrior",), (), ())
    out.abilities.append(V.TriggeredAbility(f"Mobilize {n}", "attacks", (
        CreateAttacking(V.CreateTokenCard(token, n, tapped=True), sacrifice_at_end=True),)))


@template(r"(cardname|it) gets \+(\d+)/\+(\d+) until end of turn for each other attacking (.+)")
def _per_other_attacking(m: re.Match, targets: list) -> list:
    """"it gets +1/+0 until end of turn for each other attacking Goblin" (counted as it resolves)."""
    who = V.SELF if m.group(1) == "cardname" else target("it", targets)
    if who not in (V.SELF, V.IT):
        raise Unsupported(m.string)
    what = m.group(4)
    if what == "cardname":
        raise Unsupported(m.string)  # "each other attacking creature named ..." is not a filter we have
    flt = parse_filter(what)
    return [PumpPerOtherAttacking(who, int(m.group(2)), int(m.group(3)), flt)]


_TOKEN_COLOR = r"(?:colorless|white|blue|black|red|green)"


@template(rf"create {N} (tapped )?(\d+)/(\d+) ({_TOKEN_COLOR}(?:(?:,| and|, and) {_TOKEN_COLOR})*) ([a-z' -]+?) "
          r"((?:artifact )*)creature tokens? with toxic (\d+)(?: and [\"“](.+)[\"”])?")
def _token_with_toxic(m: re.Match, targets: list) -> list:
    """"create a 1/1 colorless Phyrexian Mite artifact creature token with toxic 1 and "This token
    can't block."" (111.4; toxic, 702.164a, is compiled from the token's own text)."""
    colors = frozenset(COLOR_WORDS[c] for c in re.split(r",? and |, ", m.group(5)) if c in COLOR_WORDS)
    subtypes = []
    for w in m.group(6).split():
        if w not in SUBTYPES:
            raise Unsupported(m.group(6))
        subtypes.append(SUBTYPES[w])
    extra = tuple(t.capitalize() for t in m.group(7).split())
    text = f"Toxic {m.group(8)}"
    if m.group(9):
        quoted = m.group(9).replace("cardname", "this creature")
        text += "\n" + quoted[0].upper() + quoted[1:]
    card = creature_token(int(m.group(3)), int(m.group(4)), colors, tuple(subtypes), extra, (), text)
    return [V.CreateTokenCard(card, amount(m.group(1)), tapped=bool(m.group(2)))]


# --------------------------------------------------------------------------- 510.1a: toughness as combat damage


@paragraph_template(r"(cardname|each creature|each creature you control|each creature you control with toughness "
                    r"greater than its power) assigns combat damage equal to its toughness rather than its power")
def _assigns_toughness(m: re.Match, para: str, out: CardDraft, is_spell: bool) -> None:
    """510.1a: the creature assigns combat damage equal to its toughness (Doran, the Siege Tower)."""
    who = m.group(1)
    rule = "assign_toughness_if_greater" if who.endswith("greater than its power") else "assign_toughness"
    if who == "cardname":
        kw: dict = {"affects": "self"}
    elif who == "each creature":
        kw = parse_group("creatures")
    else:
        kw = parse_group("creatures you control")
    out.abilities.append(LayeredStatic(para.strip(), KIND, rules=(rule,), **kw))
