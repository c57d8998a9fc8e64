"""Answers a scenario gives for decisions and for choices made mid-action (SCENARIOS.md: checked,
and used up in the order the rules ask them), including the order of simultaneous triggers (603.3b)."""

from __future__ import annotations

from typing import Any

from ..engine.registry import Replacement
from ..model import actions as A
from ..model.state import (
    player_ref,
)
from ..rules import produce
from .common import SET_CHOICES, ScenarioFailure, StepError, UnansweredChoice, _norm


class Answers:
    """The scenario Runner's answers to decisions and to choices made mid-action (a part of Runner)."""

    @staticmethod
    def one_at_a_time(acts: list[A.Action]) -> bool:
        """Whether the decision picks one object (or player) among several, not a list at once."""
        values = [a.value for a in acts if isinstance(a, A.Choose)]
        return bool(values) and all(isinstance(v, int) and not isinstance(v, bool) for v in values)


    def order_triggers(self, d) -> None:
        """603.3b: `d.player` orders their simultaneous triggered abilities, answered (SCENARIOS.md) as
        one list of their sources, first put on the stack first. An order that can't change the result
        (identical triggers: one class) is made without asking; an answer given for it is checked and
        used up. A list naming none of the triggers is left for a later choice."""
        g = self.game
        trigs, classes = d.data
        n = len(trigs)
        distinct = len(set(classes)) > 1
        q = self.answers[d.player]
        if q and isinstance(q[0][0], list):
            value, line = q[0]
            order, why = self.match_trigger_order(trigs, classes, value)
            if order is not None:
                q.pop(0)
                g.apply(A.Choose(order))
                return
            if distinct or why != "names none of them":
                raise StepError(f"answer {value!r} (line {line}) doesn't fit the choice: {why}: {d.prompt}")
        elif q and distinct:
            value, line = q[0]
            raise StepError(f"answer {value!r} (line {line}) doesn't fit the choice: an order of triggered "
                            f"abilities is one list of their sources: {d.prompt}")
        if distinct:
            raise ScenarioFailure(f"unanswered choice: {d.prompt} ({g.s.players[d.player].name})")
        g.apply(A.Choose(tuple(range(n))))  # every order is the same (identical triggers)


    def match_trigger_order(self, trigs: tuple, classes: tuple[int, ...], value: list
                            ) -> tuple[tuple[int, ...] | None, str]:
        """The order (trigger indices) a list of sources names, or (None, why not). Each item names
        triggers by their source (an id, or a card name: a name repeated picks the next object of that
        name, in setup order, once the previous one's triggers are used up) or by a part of the
        ability's text (`"draw two cards"`: one source with several triggers, Mulldrifter evoked)."""
        g = self.game
        n = len(trigs)
        if len(value) != n:
            return None, f"{len(value)} item(s) for {n} triggered abilities"
        order_of = {c: i for i, c in enumerate(self.candidates())}

        def src(t: tuple) -> int:
            return g.current_id(t[1])

        named: list[set[int]] = []
        name_uses: dict[str, int] = {}
        for item in value:
            m: set[int] = set()
            if isinstance(item, str) and item in self.ids:
                cur = g.current_id(self.ids[item])
                m = {i for i, t in enumerate(trigs) if src(t) == cur}
            elif isinstance(item, str | int) and not isinstance(item, bool):
                text = str(item)
                by_name = [i for i, t in enumerate(trigs) if t[4] == text]
                if by_name:
                    # the k-th mention of a name: the sources of that name in setup order, each for as
                    # many mentions as it has triggers here
                    k = name_uses.get(text, 0)
                    name_uses[text] = k + 1
                    objs = sorted({src(trigs[i]) for i in by_name}, key=lambda o: (order_of.get(o, 1 << 30), o))
                    for o in objs:
                        mine = {i for i in by_name if src(trigs[i]) == o}
                        if k < len(mine):
                            m = mine
                            break
                        k -= len(mine)
                else:
                    want = _norm(text)
                    m = {i for i, t in enumerate(trigs) if want and want in _norm(t[2].text.replace("CARDNAME", t[4]))}
            named.append(m)
        if not any(named):
            return None, "names none of them"
        found: dict[tuple[int, ...], tuple[int, ...]] = {}  # class sequence -> first order giving it
        kinds: set[tuple] = set()  # (source, ability) sequences of the orders that fit

        def walk(k: int, used: tuple[int, ...]) -> None:
            if len(kinds) > 1 or len(found) > 200:
                return
            if k == n:
                found.setdefault(tuple(classes[i] for i in used), used)
                kinds.add(tuple((src(trigs[i]), trigs[i][2].text) for i in used))
                return
            for i in sorted(named[k]):
                if i not in used:
                    walk(k + 1, used + (i,))

        walk(0, ())
        if not found:
            return None, "it doesn't name each of them once"
        if len(found) > 1 and len(kinds) > 1:
            return None, ("ambiguous: more than one order fits; name the sources by id or the abilities by a "
                          "part of their text")
        # One order, or orders that differ only in which of one source's triggers of one ability (on
        # different event objects) goes first: a repeated name takes them in the order they triggered,
        # as repeated names pick objects in order.
        seq = next(iter(found))
        left = list(range(n))
        out = []
        for c in seq:  # identical triggers in the order they triggered (the listed form of the order)
            i = next(j for j in left if classes[j] == c)
            left.remove(i)
            out.append(i)
        return tuple(out), ""


    def answer_action(self, d, value: Any, acts: list[A.Action]) -> A.Action | None:
        g = self.game
        if d.kind in ("discard", "bottom", "legend", "trigger_target"):
            options = [a.value for a in acts if isinstance(a, A.Choose)]
            if value is None:
                # `null`: an "up to N" target left unchosen (601.2c)
                return A.Choose(None) if None in options else None
            p = self.player_index(value)
            if p is not None and player_ref(p) in options:
                return A.Choose(player_ref(p))
            if isinstance(value, str) and value in self.ids:
                oid = g.current_id(self.ids[value])
                return A.Choose(oid) if oid in options else None
            for oid in options:
                if isinstance(oid, int) and oid >= 0 and g.s.objects[oid].card.name == str(value):
                    # the first object of that name that fits, in setup order
                    for c in self.candidates():
                        if c in options and g.s.objects[c].card.name == str(value):
                            return A.Choose(c)
            return None
        if d.kind == "choose_mana":
            return A.Choose(str(value).strip("{}").upper())
        if d.kind == "sacrifice_unless":
            if value is False:
                return A.Choose(False)
            cands = d.data[0]
            try:
                oid = self.ref(value, lambda o: o.id in cands)
            except StepError:
                return None
            return A.Choose(oid) if oid in cands else None
        if d.kind == "mulligan":
            return A.Choose(bool(value))
        if d.kind == "pay_x":  # 107.3: the X of "you may pay {X}" (after `true`), as a number
            options = [a.value for a in acts if isinstance(a, A.Choose)]
            return A.Choose(value) if isinstance(value, int) and not isinstance(value, bool) and value in options else None
        return self.generic_answer(d, value, acts)


    def generic_answer(self, d, value: Any, acts: list[A.Action]) -> A.Action | None:
        """Choices effects make as they resolve (rules/effects.py CHOICES, modes of a triggered
        ability), in SCENARIOS.md's answer forms: yes/no as true/false; modes as numbers; objects by
        name or id; several objects at once (scry, surveil) as one list, `[]` for none."""
        options = [a.value for a in acts if isinstance(a, A.Choose)]
        if isinstance(value, bool):
            return A.Choose(value) if any(isinstance(o, bool) and o == value for o in options) else None
        if d.kind == "choose_mode":
            want = tuple(value) if isinstance(value, list) else (value,)
            return A.Choose(want) if want in options else None
        if d.kind == "pay_any_life":  # 119.4: a number (the engine checks it against the life total)
            return A.Choose(value) if isinstance(value, int) else None
        if d.kind == "trigger_divide":  # 601.2d: one number per target, in the order of the targets
            want = tuple(value) if isinstance(value, list) else (value,)
            return A.Choose(want) if want in options else None
        if d.kind in ("scry", "surveil") or any(isinstance(o, tuple) for o in options):
            names = value if isinstance(value, list) else [value]
            chosen: list[int] = []
            for n in names:
                try:
                    oid = self.ref(n, lambda o: o.id in d.data and o.id not in chosen)
                except StepError:
                    return None
                if oid not in (d.data or ()) or oid in chosen:
                    return None
                chosen.append(oid)
            return A.Choose(tuple(chosen))
        if isinstance(value, str) and any(isinstance(o, str) for o in options):
            # a color ("G") or a creature type by name
            want = value.strip("{}").lower()
            return next((A.Choose(o) for o in options if isinstance(o, str) and o.lower() == want), None)
        cands = [o for o in options if isinstance(o, int) and not isinstance(o, bool)]
        try:
            oid = self.ref(value, lambda o: o.id in cands)
        except StepError:
            return None
        return A.Choose(oid) if oid in cands else None


    def chooser(self, p: int, kind: str, options: list, prompt: str, asked: bool = True) -> Any:
        """Answer a choice made while a mana ability resolves, from `p`'s answers. `asked` False: a
        choice the rules make without asking (Game.unasked): the next answer is taken if it
        fits the options, else None (the engine's pick stands; the answer is for a later choice)."""
        q = self.answers[p]
        if not asked:
            if not q or kind in SET_CHOICES:
                return None
            pick = self.match_option(kind, q[0][0], options)
            if pick is not None:
                q.pop(0)
            return pick
        if kind in SET_CHOICES:
            return self.choose_set(p, kind, options, prompt)
        if not q:
            if len(options) == 1:
                return options[0]
            raise UnansweredChoice(f"unanswered choice: {prompt}")
        value, line = q[0]
        pick = self.match_option(kind, value, options)
        if pick is None:
            if len(options) == 1 and kind != "sacrifice":
                return options[0]
            raise UnansweredChoice(f"answer {value!r} (line {line}) doesn't fit the choice: {prompt}")
        q.pop(0)
        return pick


    def choose_set(self, p: int, kind: str, options: list, prompt: str) -> tuple[int, ...]:
        """Several objects at once, any number of them (702.51a convoke: the creatures tapped), answered
        with one list, `[]` (or false) for none; it is always asked (there is always a choice)."""
        q = self.answers[p]
        if not q:
            raise UnansweredChoice(f"unanswered choice: {prompt}")
        value, line = q[0]
        names = [] if value is False else value if isinstance(value, list) else [value]
        chosen: list[int] = []
        for n in names:
            try:
                oid = self.ref(n, lambda o: o.id in options and o.id not in chosen)
            except StepError:
                oid = None
            if oid is None or oid not in options or oid in chosen:
                raise UnansweredChoice(f"answer {value!r} (line {line}) doesn't fit the choice: {prompt}")
            chosen.append(oid)
        q.pop(0)
        return tuple(chosen)


    def match_option(self, kind: str, value: Any, options: list) -> Any:
        g = self.game
        if kind == "mana":
            return produce.choose_output(tuple(options), value, "")
        if kind == "sacrifice":
            try:
                oid = self.ref(value, lambda o: o.id in options)
            except StepError:
                return None
            return oid if oid in options else None
        if kind == "replacement_order":
            names = value if isinstance(value, list) else [value]
            want = []
            for n in names:
                if isinstance(n, str) and n in self.ids:
                    want.append(("id", g.current_id(self.ids[n])))
                else:
                    want.append(("name", str(n)))
            for order in options:
                applied = list(order)
                if len(applied) < len(want):
                    continue
                if all(_fits(r, w) for r, w in zip(applied, want)):
                    return order
            return None
        if kind == "color":
            v = str(value).strip("{}").upper()
            return v if v in options else None
        if kind == "creature_type":
            v = str(value).strip().lower()
            return next((o for o in options if o.lower() == v), None)
        if kind == "divide":  # 601.2d: the division of a spell's damage, one number per target in order
            want = tuple(value) if isinstance(value, list) else (value,)
            return want if want in options else None
        if kind == "cost_option":  # 601.2b: "discard a card or pay {5}", answered with the option's text
            v = str(value).strip().lower()
            return next((o for o in options if o.lower() == v), None)
        if kind == "card_name":  # 201.4: "choose a card name", answered with the name
            v = str(value).strip()
            return v if v in options else next((o for o in options if o.lower() == v.lower()), None)
        if kind in ("replicate", "squad", "assist", "half", "life_amount"):  # 702.56a / 702.157a / 702.132a / 709.3 / 119.4
            return value if isinstance(value, int) and not isinstance(value, bool) and value in options else None
        if options and all(isinstance(o, bool) for o in options):
            # A yes/no made while casting: an optional additional cost such as kicker (702.33a).
            return value if isinstance(value, bool) and value in options else None
        if options and all(isinstance(o, int) and not isinstance(o, bool) for o in options):
            # Objects a cost uses (cards to discard, creatures to tap ...), by name or id.
            try:
                oid = self.ref(value, lambda o: o.id in options)
            except StepError:
                return None
            return oid if oid in options else None
        return None


def _fits(applied: object, want: tuple[str, object]) -> bool:
    """Whether one replacement effect of an order (616.1) is the one an answer names: by its source's id
    (the event door's Replacement.source, or the key of a counter replacement's label or of a mana
    replacement) or by its name."""
    if isinstance(applied, str):
        return want[0] == "name" and applied == want[1]
    if isinstance(applied, Replacement):
        label = applied.label
        if want[0] == "id":
            return applied.source == want[1] or getattr(label, "key", None) == want[1]
        return applied.name == want[1] or getattr(label, "name", None) == want[1]
    return getattr(applied, "key", None) == want[1] if want[0] == "id" else getattr(applied, "name", None) == want[1]
