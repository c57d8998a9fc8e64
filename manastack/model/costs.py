"""CR 107 and 118, 601.2f-h: mana symbols, costs, X, and the mana payment solver.

- 107.3: X; 0 everywhere but on the stack (107.3g); {X}{X} costs (107.3f).
- 107.4: mana symbols: generic, colored, colorless {C}, hybrid {W/U}, monocolored hybrid {2/W},
  Phyrexian {W/P} (pay {W} or 2 life, 107.4f), snow {S} (107.4h: one mana of any type produced by a snow
  source; `Requirement.snow`, paid by `ManaSource.snow` sources and the pool's snow mana, never reduced by
  effects that reduce generic costs).
- 107.5 / 107.6: {T} and {Q} (checked by the activation code in rules/stack.py).
- 202.3: mana value.
- 601.2g-h: the payment solver finds a set of mana abilities to activate whenever one exists.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import lru_cache

from .mana import COLORS, EMPTY, TYPE_INDEX, TYPES, Bag

_SYMBOL = re.compile(r"\{([^}]+)\}")
SNOW = "S"  # the pip of {S} (107.4h)


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A printed mana cost. `pips` holds the non-generic symbols; each pip is a tuple of the
    ways to pay it: a mana type letter, "2" (two generic mana, for {2/W}) or "P" (2 life)."""

    generic: int = 0
    pips: tuple[tuple[str, ...], ...] = ()
    x_count: int = 0
    text: str = ""
    # 107.3, 601.2h: "Spend only black mana on X" (Consume Spirit): the mana type letter X must be paid with
    # ("" : any mana).
    x_color: str = ""

    @property
    def mana_value(self) -> int:
        """202.3: X counts as 0 (except on the stack: see `mana_value_with_x`)."""
        mv = self.generic
        for pip in self.pips:
            mv += 2 if "2" in pip else 1
        return mv

    def mana_value_with_x(self, x: int) -> int:
        return self.mana_value + self.x_count * x

    def colors(self) -> frozenset[str]:
        """202.2: an object's colors are the colors of the mana symbols in its cost."""
        return frozenset(c for pip in self.pips for c in pip if c in COLORS)

    def is_empty(self) -> bool:
        return not self.generic and not self.pips and not self.x_count

    def plus_generic(self, n: int) -> ManaCost:
        return ManaCost(self.generic + n, self.pips, self.x_count, self.text, self.x_color)


NO_COST = ManaCost()


def parse_cost(text: str | None) -> ManaCost:
    """Parse a mana cost such as "{2}{W}{U/B}{X}". Raises ValueError on unknown symbols."""
    if not text:
        return NO_COST
    generic = 0
    x = 0
    pips: list[tuple[str, ...]] = []
    rest = _SYMBOL.sub("", text).strip()
    if rest:
        raise ValueError(f"not a mana cost: {text!r}")
    for sym in _SYMBOL.findall(text):
        s = sym.upper()
        if s.isdigit():
            generic += int(s)
        elif s == "X":
            x += 1
        elif s in TYPE_INDEX:
            pips.append((s,))
        elif s == "S":
            pips.append((SNOW,))  # 107.4h: neither a color nor a type of mana
        elif "/" in s:
            parts = s.split("/")
            if len(parts) == 2 and parts[1] == "P" and parts[0] in COLORS:
                pips.append((parts[0], "P"))
            elif len(parts) == 2 and parts[0] == "2" and parts[1] in COLORS:
                pips.append((parts[1], "2"))
            elif len(parts) == 2 and all(p in COLORS for p in parts):
                pips.append((parts[0], parts[1]))
            elif len(parts) == 2 and parts[0] == "C" and parts[1] in COLORS:
                pips.append(("C", parts[1]))
            elif len(parts) == 3 and parts[2] == "P" and all(p in COLORS for p in parts[:2]):
                pips.append((parts[0], parts[1], "P"))
            else:
                raise ValueError(f"unknown mana symbol {{{sym}}} in {text!r}")
        else:
            raise ValueError(f"unknown mana symbol {{{sym}}} in {text!r}")
    return ManaCost(generic, tuple(pips), x, text)


@dataclass(frozen=True, slots=True)
class Requirement:
    """A cost with every choice made: colored/colorless mana per type, generic, life."""

    typed: Bag
    generic: int
    life: int = 0
    snow: int = 0  # 107.4h: {S}, paid with mana of any type from a snow source

    @property
    def total(self) -> int:
        return sum(self.typed) + self.generic + self.snow


def requirements(cost: ManaCost, x: int = 0, extra_generic: int = 0) -> list[Requirement]:
    """The ways to pay `cost` (hybrid and Phyrexian pips expanded), cheapest in life first."""
    ent = _BY_ID.get((id(cost), x, extra_generic))
    if ent is None or ent[0] is not cost:  # hashing a ManaCost (a dataclass) is slower than this
        if len(_BY_ID) > 50_000:
            _BY_ID.clear()
        ent = _BY_ID[(id(cost), x, extra_generic)] = (cost, _requirements(cost, x, extra_generic))
    return list(ent[1])


# (id(cost), x, extra generic) -> (the cost, its requirements): the cost is kept, so its id stays its own.
_BY_ID: dict[tuple[int, int, int], tuple] = {}


@lru_cache(maxsize=4096)
def _requirements(cost: ManaCost, x: int, extra_generic: int) -> tuple[Requirement, ...]:
    """`requirements`, computed once per cost (a pure function of it; asked for every card in a
    hand at every priority)."""
    base_generic = cost.generic + extra_generic
    fixed = [0] * 6
    if cost.x_color:
        fixed[TYPE_INDEX[cost.x_color]] += cost.x_count * x  # "Spend only black mana on X"
    else:
        base_generic += cost.x_count * x
    snow = 0
    choices: list[tuple[str, ...]] = []
    for pip in cost.pips:
        if pip == (SNOW,):
            snow += 1
        elif len(pip) == 1:
            fixed[TYPE_INDEX[pip[0]]] += 1
        else:
            choices.append(pip)
    out: dict[Requirement, None] = {}
    for combo in itertools.product(*choices) if choices else [()]:
        typed = list(fixed)
        generic = base_generic
        life = 0
        for c in combo:
            if c == "2":
                generic += 2
            elif c == "P":
                life += 2
            else:
                typed[TYPE_INDEX[c]] += 1
        # 601.2f / 118.7: a cost reduction (a negative extra_generic) can't take the cost below {0}.
        out[Requirement(tuple(typed), max(0, generic), life, snow)] = None  # type: ignore[arg-type]
    return tuple(sorted(out, key=lambda r: (r.life, r.total)))


def deficit(req: Requirement, have: Bag) -> tuple[Bag, int]:
    """What is still missing of `req` after spending `have` (colored first, the rest to generic).
    Exact for single-type requirements: a payment exists iff each type is covered and the
    leftover covers the generic part."""
    missing = []
    leftover = 0
    for need, got in zip(req.typed, have):
        if got >= need:
            missing.append(0)
            leftover += got - need
        else:
            missing.append(need - got)
    return tuple(missing), max(0, req.generic - leftover)  # type: ignore[return-value]


def spend(req: Requirement, have: Bag, keep: Bag | None = None) -> Bag:
    """The mana actually removed from `have` to pay `req` (which it must cover). Generic is paid
    with colorless first, then the types held in the largest amount; with `keep` (mana still needed
    afterwards), first with what exceeds it."""
    taken = list(req.typed)
    left = [h - t for h, t in zip(have, taken)]
    if min(left) < 0:
        raise ValueError("cannot pay")
    g = req.generic
    if keep is not None and g:
        spare = [max(0, a - k) for a, k in zip(left, keep)]
        for i in [5] + sorted(range(5), key=lambda i: -spare[i]):
            use = min(g, spare[i])
            taken[i] += use
            left[i] -= use
            g -= use
    order = [5] + sorted(range(5), key=lambda i: -left[i])
    for i in order:
        if not g:
            break
        use = min(g, left[i])
        taken[i] += use
        left[i] -= use
        g -= use
    if g:
        raise ValueError("cannot pay")
    return tuple(taken)  # type: ignore[return-value]


@dataclass(slots=True, unsafe_hash=True)  # not frozen: its __init__ is the solver's hot path; never changed
class ManaSource:
    """One mana ability the solver may activate: `outputs` are the bags it can produce (one per
    choice, e.g. five for "any color"); `key` identifies it to the caller."""

    key: object
    outputs: tuple[Bag, ...]
    rank: int = 0  # lower is tapped first by the automatic payment
    cost: Requirement | None = None  # a mana cost of its own (Cabal Coffers {2}, Pili-Pala {2})
    # 106.6: the keys of the converters whose costs its mana may pay, when it is restricted mana ("spend
    # this mana only to cast creature spells": Castle Garenbrig's six {G} can't pay another Castle's
    # cost); None: any of them.
    pays: tuple[object, ...] | None = None
    snow: bool = False  # 107.4h: a snow source (its mana may pay {S})


def payable(req_options: list[Requirement], pool: Bag, sources: list[ManaSource], max_life: int | None = None,
            supply: Bag | None = None, snow_pool: Bag = EMPTY) -> bool:
    """Whether `solve_payment` would find a payment. When every source adds one fixed amount of mana
    (basic lands), activating all of them adds the most of every type, so a payment exists iff the
    pool plus all of it (`fixed_supply`; pass it as `supply` when asking about many costs) covers a
    requirement (`deficit`); otherwise the solver decides."""
    if supply is None:
        supply = fixed_supply(pool, sources)
        if supply is None:
            return solve_payment(req_options, pool, sources, max_life, snow_pool) is not None
    for req in req_options:
        if max_life is not None and req.life and req.life > max_life:
            continue  # 119.4 (paying no life is always possible, even at 0 life or less)
        if req.snow:
            # 107.4h: which mana is snow matters
            return solve_payment(req_options, pool, sources, max_life, snow_pool) is not None
        missing, gen = deficit(req, supply)
        if not any(missing) and not gen:
            return True
    return False


def fixed_supply(pool: Bag, sources: list[ManaSource]) -> Bag | None:
    """The pool plus everything the sources add, when each adds one fixed amount (else None)."""
    total = list(pool)
    for src in sources:
        if len(src.outputs) != 1 or src.cost is not None:
            return None
        for i, n in enumerate(src.outputs[0]):
            if n:
                total[i] += n
    return tuple(total)  # type: ignore[return-value]


def solve_payment(
    req_options: list[Requirement], pool: Bag, sources: list[ManaSource], max_life: int | None = None,
    snow_pool: Bag = EMPTY,
) -> tuple[Requirement, list[tuple[object, Bag]]] | None:
    """Find mana abilities to activate (each at most once) so that the pool plus what they produce
    pays one of `req_options`. Exact (depth-first search with memoised failures), not greedy:
    Forest + Island + Birds of Paradise pay {1}{U}{G}. `snow_pool`: the part of `pool` produced by
    snow sources (107.4h: it may pay {S}). Returns the requirement paid and the (source key, chosen
    output) list, or None when no payment exists."""
    if max_life is not None:
        # 119.4: Phyrexian mana can be paid with life only while the life total is at least that much;
        # a payment of no life needs no life (a player at 0 or less still pays {2} with mana).
        req_options = [r for r in req_options if not r.life or r.life <= max_life]
    if not any(r.snow for r in req_options):
        return _solve_plain(req_options, pool, sources)
    for req in req_options:
        found = _solve_snow(req, pool, snow_pool, sources) if req.snow else _solve_plain([req], pool, sources)
        if found is not None:
            return found
    return None


def _solve_plain(req_options: list[Requirement], pool: Bag,
                 sources: list[ManaSource]) -> tuple[Requirement, list[tuple[object, Bag]]] | None:
    """`solve_payment` for requirements without {S}."""
    plain = [x for x in sources if x.cost is None]
    converters = [x for x in sources if x.cost is not None]
    srcs = sorted(plain, key=lambda s: (s.rank, len(s.outputs)))
    # Upper bound of what sources i.. can still add, for pruning.
    max_total = _totals(srcs)
    for req in req_options:
        missing, gen = deficit(req, pool)
        if not any(missing) and not gen:
            return req, []
        chosen: list[tuple[object, Bag]] = []
        if _dfs(srcs, max_total, 0, missing, gen, set(), chosen):
            return req, chosen
    if converters:
        return _solve_with_converters(req_options, pool, srcs, max_total, converters[:3])
    return None


_SNOW_TRIES = 4000  # ways of paying the {S} part tried before giving up (a bound on the search)


def _solve_snow(req: Requirement, pool: Bag, snow_pool: Bag,
                sources: list[ManaSource]) -> tuple[Requirement, list[tuple[object, Bag]]] | None:
    """107.4h: pay the {S} part of `req` first, with snow mana in the pool and snow sources, every way
    (snow mana of the pool by type, then sets of snow sources and their outputs), and the rest of `req`
    with what is left (`_solve_plain`). Mana a snow source adds beyond the {S} part goes to the pool;
    the {S} part is paid with the types the rest of the cost needs least."""
    rest = Requirement(req.typed, req.generic, req.life)
    need = req.snow
    in_pool = [t for t in range(6) for _ in range(min(snow_pool[t], pool[t]))]
    snow_srcs = sorted((x for x in sources if x.snow and x.cost is None), key=lambda s: (s.rank, len(s.outputs)))
    tries = 0
    for from_pool in range(min(need, len(in_pool)), -1, -1):
        for units in dict.fromkeys(itertools.combinations(in_pool, from_pool)):
            base = list(pool)
            for t in units:
                base[t] -= 1
            left = need - from_pool
            for n in range(0 if not left else 1, min(left, len(snow_srcs)) + 1):
                for group in itertools.combinations(snow_srcs, n):
                    for outs in itertools.product(*(x.outputs for x in group)):
                        tries += 1
                        if tries > _SNOW_TRIES:
                            return None
                        got = [sum(o[t] for o in outs) for t in range(6)]
                        if sum(got) < left or any(sum(o) and sum(got) - sum(o) >= left for o in outs):
                            continue  # too little, or a source not needed for the {S} part
                        after = _take_snow(got, left, rest.typed)
                        new_pool = tuple(a + b for a, b in zip(base, after))
                        others = [x for x in sources if all(x is not y for y in group)]
                        found = _solve_plain([rest], new_pool, others)  # type: ignore[arg-type]
                        if found is not None:
                            return req, [(x.key, o) for x, o in zip(group, outs)] + found[1]
    return None


def _take_snow(got: list[int], n: int, typed: Bag) -> list[int]:
    """What is left of the mana `got` after `n` of it pays {S}: the types `typed` needs least go first."""
    left = list(got)
    for t in sorted(range(6), key=lambda t: (typed[t] - left[t], t)):
        use = min(n, left[t])
        left[t] -= use
        n -= use
    return left


def snow_spend(req: Requirement, have: Bag, snow_have: Bag, keep: Bag | None = None) -> tuple[Bag, Bag]:
    """107.4h: the mana removed from `have` to pay `req`, and the part of it that is snow mana (of
    `snow_have`, the snow mana in `have`): {S} is paid with snow mana of the types the rest needs least,
    the rest by `spend`. Raises ValueError when `have` can't pay `req`."""
    if not req.snow:
        return spend(req, have, keep), EMPTY
    rest = Requirement(req.typed, req.generic, req.life)
    in_pool = [t for t in range(6) for _ in range(min(snow_have[t], have[t]))]
    order = sorted(range(6), key=lambda t: (req.typed[t] + (keep[t] if keep else 0) - have[t], t))
    for units in sorted(dict.fromkeys(itertools.combinations(in_pool, req.snow)),
                        key=lambda u: [order.index(t) for t in u]):
        left = list(have)
        for t in units:
            left[t] -= 1
        try:
            taken = spend(rest, tuple(left), keep)  # type: ignore[arg-type]
        except ValueError:
            continue
        snow_bag = single_bag(units)
        return tuple(a + b for a, b in zip(taken, snow_bag)), snow_bag  # type: ignore[return-value]
    raise ValueError("cannot pay")


def single_bag(types: tuple[int, ...]) -> Bag:
    """A bag holding one mana of each type index in `types` (repeats add up)."""
    b = [0] * 6
    for t in types:
        b[t] += 1
    return tuple(b)  # type: ignore[return-value]


def _solve_with_converters(req_options: list[Requirement], pool: Bag, srcs: list[ManaSource], max_total: list[int],
                           converters: list[ManaSource]) -> tuple[Requirement, list[tuple[object, Bag]]] | None:
    """Mana abilities with a mana cost of their own convert mana (Cabal Coffers). Try each ordered
    choice of them: the other sources must pay the spell plus the converters' costs, less what the
    converters add, and each converter's cost must be payable when it is activated (in order).
    A converter's outputs that differ only in types no requirement names are interchangeable (they
    can only pay generic costs): one of each kind is tried (Prophetic Prism's five colors are two
    choices for a {R} spell: red, and any other)."""
    named = [any(r.typed[t] for r in req_options) or any(c.cost.typed[t] for c in converters)  # type: ignore[union-attr]
             for t in range(6)]
    outputs = {id(c): _distinct_outputs(c.outputs, named) for c in converters}
    restricted = {x.key: x.pays for x in srcs if x.pays is not None}
    for n in range(1, len(converters) + 1):
        for seq in itertools.permutations(converters, n):
            # A permanent is activated at most once: one converter per permanent, and its other mana
            # abilities ({T}: Add {C} of a filter land) are not available beside it.
            oids = [_key_oid(c.key) for c in seq]
            if None not in oids and len(set(oids)) < len(oids):
                continue
            use = srcs
            if any(_key_oid(x.key) in oids for x in srcs if _key_oid(x.key) is not None):
                use = [x for x in srcs if _key_oid(x.key) not in oids]
            orders = [use]
            if restricted:
                # The search keeps the first sources that pay: tried again with restricted mana last, so
                # the converters' costs find the mana that may pay them (106.6).
                orders.append([x for x in use if x.pays is None] + [x for x in use if x.pays is not None])
            for use, use_total in ((u, _totals(u)) for u in orders):
                found = _with_sequence(req_options, pool, use, use_total, seq, outputs, restricted)
                if found is not None:
                    return found
    return None


def _totals(srcs: list[ManaSource]) -> list[int]:
    """What sources i.. can still add, at most (the search's bound)."""
    total = [0] * (len(srcs) + 1)
    for i in range(len(srcs) - 1, -1, -1):
        total[i] = total[i + 1] + max(sum(o) for o in srcs[i].outputs)
    return total


def _with_sequence(req_options: list[Requirement], pool: Bag, use: list[ManaSource], use_total: list[int],
                   seq: tuple[ManaSource, ...], outputs: dict[int, list[Bag]],
                   restricted: dict[object, tuple[object, ...]]) -> tuple[Requirement, list[tuple[object, Bag]]] | None:
    """A payment with the converters `seq` activated in order after sources of `use`, or None."""
    for outs in itertools.product(*(outputs[id(c)] for c in seq)):
        extra_pool = pool
        typed = [0] * 6
        generic = 0
        for c, o in zip(seq, outs):
            extra_pool = tuple(a + b for a, b in zip(extra_pool, o))  # type: ignore[assignment]
            typed = [a + b for a, b in zip(typed, c.cost.typed)]  # type: ignore[union-attr]
            generic += c.cost.generic  # type: ignore[union-attr]
        for req in req_options:
            total = Requirement(tuple(a + b for a, b in zip(req.typed, typed)),  # type: ignore[arg-type]
                                req.generic + generic, req.life)
            missing, gen = deficit(total, extra_pool)
            chosen: list[tuple[object, Bag]] = []
            if not (any(missing) or gen) or _dfs(use, use_total, 0, missing, gen, set(), chosen):
                if _converters_payable(req, pool, chosen, seq, outs, restricted):
                    return req, chosen + [(c.key, o) for c, o in zip(seq, outs)]
    return None


def _converters_payable(req: Requirement, pool: Bag, chosen: list[tuple[object, Bag]], seq: tuple[ManaSource, ...],
                        outs: tuple[Bag, ...], restricted: dict[object, tuple[object, ...]]) -> bool:
    """Whether the converters of `seq`, activated in order after the `chosen` sources, can each pay
    their own cost, and the spell `req` is then paid. Restricted mana (106.6, `restricted`: a source's
    key -> the converters it may pay) pays only the converters it may, and is spent on them first;
    generic parts are paid with mana nothing later needs (the spell's colored mana and the later
    converters' colored costs are kept)."""
    free = pool  # mana that may pay any converter's cost
    held: list[tuple[tuple[object, ...], Bag]] = []  # restricted mana: (converters it may pay, amount)
    for key, o in chosen:
        allowed = restricted.get(key) if restricted else None
        if allowed is None:
            free = tuple(a + b for a, b in zip(free, o))  # type: ignore[assignment]
        else:
            held.append((allowed, o))
    for k, (c, o) in enumerate(zip(seq, outs)):
        keep = list(req.typed)
        for later in seq[k + 1:]:
            keep = [a + b for a, b in zip(keep, later.cost.typed)]  # type: ignore[union-attr]
        usable = [i for i, (allowed, _) in enumerate(held) if c.key in allowed]
        have = free
        for i in usable:
            have = tuple(a + b for a, b in zip(have, held[i][1]))  # type: ignore[assignment]
        try:
            taken = list(spend(c.cost, have, tuple(keep)))  # type: ignore[arg-type]
        except ValueError:
            return False
        for i in usable:  # the restricted mana it may use goes first: free mana stays usable for anything
            allowed, bag = held[i]
            use = [min(a, b) for a, b in zip(bag, taken)]
            taken = [a - b for a, b in zip(taken, use)]
            held[i] = (allowed, tuple(a - b for a, b in zip(bag, use)))  # type: ignore[assignment]
        free = tuple(a - b for a, b in zip(free, taken))  # type: ignore[assignment]
        if c.pays is None:
            free = tuple(a + b for a, b in zip(free, o))  # type: ignore[assignment]
        else:
            held.append((c.pays, o))
    for _, bag in held:  # every source the solver was given may pay the spell itself
        free = tuple(a + b for a, b in zip(free, bag))  # type: ignore[assignment]
    return _covers_req(req, free)


def _distinct_outputs(outs: tuple[Bag, ...], named: list[bool]) -> list[Bag]:
    """One output per kind: its amounts of the named types and its total of the others."""
    seen: dict[tuple, Bag] = {}
    for o in outs:
        sig = tuple(o[t] for t in range(6) if named[t]) + (sum(o[t] for t in range(6) if not named[t]),)
        seen.setdefault(sig, o)
    return list(seen.values())


def _key_oid(key: object) -> object:
    """The permanent a source key of rules/stack.py mana_sources names ((oid, abilities)), or None."""
    return key[0] if isinstance(key, tuple) and key else None


def _covers_req(req: Requirement, have: Bag) -> bool:
    try:
        spend(req, have)
        return True
    except ValueError:
        return False


def _dfs(srcs: list[ManaSource], max_total: list[int], i: int, missing: Bag, gen: int,
         failed: set[tuple[int, Bag, int]], chosen: list[tuple[object, Bag]]) -> bool:
    """Depth-first search over sources i..: use one of its outputs that helps, or skip it."""
    if not any(missing) and not gen:
        return True
    if i == len(srcs) or sum(missing) + gen > max_total[i]:
        return False
    key = (i, missing, gen)
    if key in failed:
        return False
    for out in srcs[i].outputs:
        m2 = []
        spare = 0
        for need, got in zip(missing, out):
            if got >= need:
                m2.append(0)
                spare += got - need
            else:
                m2.append(need - got)
        g2 = max(0, gen - spare)
        mt: Bag = tuple(m2)  # type: ignore[assignment]
        if mt == missing and g2 == gen:
            continue  # this output helps nothing: don't waste the source
        chosen.append((srcs[i].key, out))
        if _dfs(srcs, max_total, i + 1, mt, g2, failed, chosen):
            return True
        chosen.pop()
    if _dfs(srcs, max_total, i + 1, missing, gen, failed, chosen):
        return True
    failed.add(key)
    return False


def single(t: str, n: int = 1) -> Bag:
    b = [0] * 6
    b[TYPE_INDEX[t]] = n
    return tuple(b)  # type: ignore[return-value]


ANY_COLOR_OUTPUTS: tuple[Bag, ...] = tuple(single(c) for c in COLORS)
ANY_TYPE_OUTPUTS: tuple[Bag, ...] = tuple(single(c) for c in TYPES)
__all__ = [
    "ManaCost", "parse_cost", "Requirement", "requirements", "solve_payment", "ManaSource",
    "spend", "snow_spend", "deficit", "single", "EMPTY", "SNOW", "ANY_COLOR_OUTPUTS", "ANY_TYPE_OUTPUTS",
]
