"""The fuzzer: random decks of compiled cards, played by random and heuristic agents under both
rules profiles, with the engine's promises checked after every action:

- every action `legal_actions()` lists is accepted by `apply()` (the one the agent takes, and at
  sampled decisions every listed action, each on a clone);
- `legal_actions()` changes nothing (sampled: a fresh listing on a clone, state compared);
- the rules invariants of fuzz/invariants.py;
- no engine fault (an exception other than IllegalActionError), no game ending at a decision cap
  or loop bound, every game ending with a result;
- replaying the recorded actions from the same seed gives the same log, byte for byte.

Each failing game is written as a case file (fuzz/cases.py) that `--replay` plays again.
"""

from __future__ import annotations

import hashlib
import io
import pickle
import random
import traceback
import types
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from ..agents import make_agent
from ..engine.game import PROFILES, Game
from ..errors import IllegalActionError
from ..model.state import GameState
from ..rules import loops
from .cases import FuzzCase, decode, encode
from .decks import random_deck
from .invariants import Invariants, InvariantViolation

MAX_DECISIONS = 20_000
MAX_TURNS = 100
FAILURE_KINDS = ("fault", "refused_listed", "agent_illegal", "invariant", "side_effect", "replay", "capped")
# Game ends that are bounds, not results of play (a game stuck in a loop the agents didn't leave; the
# agents' own decision cap, agents.play_game).
CAP_REASONS = (*loops.BOUND_RULES, "decision cap")


def game_seed(seed: int, index: int) -> int:
    digest = hashlib.sha256(f"manastack-fuzz:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 11


@dataclass(frozen=True)
class FuzzOptions:
    """How thoroughly each game is checked. `check_rate` is the share of decisions at which every
    listed action is tried on a clone and the listing is checked for side effects."""

    check_rate: float = 0.05
    replay: bool = True
    max_listed: int = 40


def make_case(run_seed: int, index: int) -> FuzzCase:
    """The decks, agents and profile of game `index` of a run: a function of the seeds alone."""
    gseed = game_seed(run_seed, index)
    rng = random.Random(gseed)
    kinds = (rng.choice(("matched", "matched", "random", "companion")), rng.choice(("matched", "random")))
    (deck_a, companion_a), (deck_b, companion_b) = random_deck(rng, kinds[0]), random_deck(rng, kinds[1])
    agents = (rng.choice(("random", "heuristic")), rng.choice(("random", "heuristic")))
    return FuzzCase(index=index, seed=gseed, profile=PROFILES[rng.randrange(len(PROFILES))], deck_kinds=kinds,
                    decks=(deck_a, deck_b), agents=agents, agent_seeds=(2 * gseed + 1, 2 * gseed + 2),
                    max_turns=MAX_TURNS, companions=(companion_a, companion_b))


# Kinds of objects in a state that are copied with it (by content); every other object of the card or
# rules packages (card definitions, abilities, effects) is immutable and shared: named by identity.
_COPIED = frozenset({"StackItem", "ContinuousEffect", "Combat"})


class _StatePickler(pickle.Pickler):
    """Pickles a game state for comparison within one process: shared immutable objects and the
    hooks kept in the state (a cascade's filter) by identity, the rest by content."""

    def persistent_id(self, obj: Any) -> Any:
        if isinstance(obj, types.FunctionType | types.MethodType):
            return ("shared", id(obj))
        mod = type(obj).__module__
        if mod.startswith(("manastack.cards", "manastack.rules", "manastack.model.vocab")) and type(obj).__name__ not in _COPIED:
            return ("shared", id(obj))
        return None


def state_digest(s: GameState, exclude: frozenset[str] = frozenset(), full_log: bool = False) -> bytes:
    """A digest of the position (the state's fields but `exclude`; the log by its length unless
    `full_log`): equal digests in one process mean nothing changed."""
    d = {k: v for k, v in s.__dict__.items() if k not in exclude}
    d["rng"] = s.rng.getstate()
    if not full_log:
        d["log"] = len(s.log)
    buf = io.BytesIO()
    _StatePickler(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(sorted(d.items()))
    return hashlib.sha256(buf.getvalue()).digest()


class _Failure(Exception):
    def __init__(self, kind: str, message: str, detail: str = "", action: Any = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.detail = detail
        self.action = action  # a listed action refused on a clone: the case's last action


def _check_listing(g: Game, opts: FuzzOptions, rng: random.Random) -> None:
    """Every listed action is accepted (each on a clone), and listing changes nothing."""
    c = g.clone()
    before = state_digest(c.s)
    listed = c.legal_actions()
    if state_digest(c.s) != before:
        raise _Failure("side_effect", "legal_actions() changed the game state")
    if listed != g.legal_actions():
        raise _Failure("side_effect", "a clone lists other actions than the game")
    sample = listed if len(listed) <= opts.max_listed else rng.sample(listed, opts.max_listed)
    for a in sample:
        t = g.clone()
        t.legal_actions()
        try:
            t.apply(a)
        except IllegalActionError as exc:
            raise _Failure("refused_listed", f"a listed action was refused: {exc}", repr(a), action=a) from None


def _cap_reason(reason: str) -> bool:
    """Whether the game ended at a bound (a failure to look at), not by the rules: a proven loop of
    mandatory actions is a draw the rules make (104.4b), whatever cards made it."""
    return reason.startswith(CAP_REASONS) and not reason.startswith(loops.MANDATORY_LOOP_REASON)


def new_game(case: FuzzCase) -> Game:
    """The case's game at its start: its decks and companions (702.139a), seed, profile and turn cap."""
    return Game.new_game(case.decks[0], case.decks[1], seed=case.seed, profile=case.profile,
                         max_turns=case.max_turns, names=("p1", "p2"), companions=case.companions)


def play_case(case: FuzzCase, opts: FuzzOptions, actions: list | None = None) -> FuzzCase:
    """Play the case's game (its agents, or the given `actions` to replay), checking everything;
    returns the case with its actions and, on failure, `kind`, `message` and `detail` set."""
    rng = random.Random(case.seed ^ 0x5EED)
    case.actions = []
    case.kind = case.message = case.detail = case.end_reason = ""
    try:
        g = new_game(case)
        agents = (make_agent(case.agents[0], case.agent_seeds[0]), make_agent(case.agents[1], case.agent_seeds[1]))
        inv = Invariants(g)
        inv.check()
        while not g.over:
            if len(case.actions) >= MAX_DECISIONS:
                raise _Failure("capped", f"not over after {MAX_DECISIONS} decisions (turn {g.s.turn})")
            d = g.pending
            assert d is not None
            if actions is not None:
                if len(case.actions) >= len(actions):
                    raise _Failure("replay", "the recorded actions ended before the game did")
                a = actions[len(case.actions)]
            else:
                a = agents[d.player].act(g)
            listed = a in g.legal_actions()
            if opts.check_rate and rng.random() < opts.check_rate:
                _check_listing(g, opts, rng)
            case.actions.append(a)
            try:
                g.apply(a)
            except IllegalActionError as exc:
                kind = "refused_listed" if listed else "agent_illegal"
                raise _Failure(kind, f"{'a listed' if listed else 'an unlisted'} action was refused: {exc}",
                               repr(a)) from None
            inv.check()
        case.end_reason = g.s.end_reason
        if _cap_reason(g.s.end_reason):
            raise _Failure("capped", f"the game ended at a bound: {g.s.end_reason}")
        if opts.replay and actions is None:
            _check_replay(case, g)
    except _Failure as f:
        if f.action is not None:
            case.actions.append(f.action)
        case.kind, case.message, case.detail = f.kind, f.message, f.detail
    except InvariantViolation as exc:
        case.kind, case.message = "invariant", str(exc)
    except Exception as exc:  # an engine fault: what the fuzzer is for
        case.kind, case.message = "fault", f"{type(exc).__name__}: {exc}"
        case.detail = traceback.format_exc(limit=30)
    return case


def _check_replay(case: FuzzCase, g: Game) -> None:
    """Replaying the encoded actions (as a case file holds them) reproduces the log byte for byte."""
    r = new_game(case)
    for a in case.actions:
        r.apply(decode(encode(a)))
    if r.log_jsonl() != g.log_jsonl():
        raise _Failure("replay", "replaying the game's actions from its seed gave a different log")


@dataclass
class GameSummary:
    index: int
    seed: int
    kind: str
    message: str
    decisions: int
    turn_capped: bool
    case: FuzzCase | None = None


def fuzz_game(run_seed: int, index: int, opts: FuzzOptions) -> GameSummary:
    case = play_case(make_case(run_seed, index), opts)
    return GameSummary(index, case.seed, case.kind, case.message, len(case.actions),
                       turn_capped=case.end_reason.startswith("turn cap"), case=case if case.kind else None)


def _fuzz_chunk(args: tuple[int, list[int], FuzzOptions]) -> list[GameSummary]:
    run_seed, indices, opts = args
    return [fuzz_game(run_seed, i, opts) for i in indices]


@dataclass
class FuzzReport:
    """The counts `--json` prints (at least games, faults, refused_listed, invariant_violations, capped)."""

    games: int = 0
    decisions: int = 0
    turn_capped: int = 0
    counts: Counter = field(default_factory=Counter)
    cases: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        c = self.counts
        return {"games": self.games, "decisions": self.decisions, "faults": c["fault"],
                "refused_listed": c["refused_listed"], "agent_illegal": c["agent_illegal"],
                "invariant_violations": c["invariant"], "side_effects": c["side_effect"],
                "replay_mismatches": c["replay"], "capped": c["capped"], "turn_capped": self.turn_capped,
                "failures": sum(c[k] for k in FAILURE_KINDS), "cases": self.cases}


def run_fuzz(games: int, seed: int, opts: FuzzOptions, workers: int = 1, out: str | None = None,
             progress: Callable[[GameSummary], None] | None = None) -> FuzzReport:
    """Fuzz `games` games (game i is the same whatever the workers); failing cases go to `out`."""
    report = FuzzReport()
    for summary in _summaries(games, seed, opts, workers):
        report.games += 1
        report.decisions += summary.decisions
        report.turn_capped += summary.turn_capped
        if summary.kind:
            report.counts[summary.kind] += 1
            if out is not None and summary.case is not None:
                report.cases.append(str(summary.case.write(out)))
        if progress is not None:
            progress(summary)
    return report


def _summaries(games: int, seed: int, opts: FuzzOptions, workers: int) -> Iterator[GameSummary]:
    if workers <= 1:
        for i in range(games):
            yield fuzz_game(seed, i, opts)
        return
    size = max(1, min(16, games // (workers * 4) or 1))
    chunks = [(seed, list(range(i, min(games, i + size))), opts) for i in range(0, games, size)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for batch in pool.map(_fuzz_chunk, chunks):
            yield from batch
