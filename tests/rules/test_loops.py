"""Loops (rules/loops.py, agents/progress.py): 104.4b, 729.1b, 729.3. A free repeatable ability
({0}: Regenerate enchanted creature) can be activated forever; agents don't (they never repeat an
activation without progress), and a player who does ends the game as a draw with a reason naming
the rule, well before any decision cap."""

from __future__ import annotations

from manastack.agents import RandomAgent
from manastack.agents.heuristic import HeuristicAgent
from manastack.engine.game import Game
from manastack.model import actions as A
from manastack.model.state import MAIN1
from manastack.rules import loops
from tests.setup_helpers import put


def leeches_position() -> tuple[Game, int]:
    """Alice in her main phase with Blessing of Leeches ({0}: Regenerate enchanted creature) on a
    Grizzly Bears, and libraries to draw from."""
    g = Game.empty()
    bears = put(g, "Grizzly Bears", "battlefield", 0)
    blessing = put(g, "Blessing of Leeches", "battlefield", 0)
    blessing.attached_to = bears.id
    for p in (0, 1):
        for _ in range(10):
            put(g, "Forest", "library", p)
    s = g.s
    s.turn, s.active, s.step, s.priority = 1, 0, MAIN1, 0
    g.run()
    return g, blessing.id


def free_activations(g: Game, source: int) -> list[A.Action]:
    return [a for a in g.legal_actions() if isinstance(a, A.ActivateAbility) and a.source == source]


def test_the_position_offers_a_free_repeatable_ability() -> None:
    g, blessing = leeches_position()
    assert free_activations(g, blessing)
    g.apply(free_activations(g, blessing)[0])
    g.apply(A.PassPriority())  # alice passes, bob's pass is automatic: the shield is made
    assert free_activations(g, blessing), "the ability can be activated again at once"


def loop(g: Game, blessing: int, hold_priority: bool) -> int:
    """Alice activates the blessing whenever she can (holding priority: the stack grows; else
    each activation resolves first and the position comes back); returns the decisions made."""
    n = 0
    while not g.over:
        acts = free_activations(g, blessing) if g.pending.player == 0 and (hold_priority or not g.s.stack) else []
        g.apply(acts[0] if acts else A.PassPriority() if g.pending.kind == "priority" else g.legal_actions()[0])
        n += 1
        assert n < loops.TURN_BOUND * 3, "the loop was not bounded"
    assert g.winner is None
    assert g.s.turn == 1
    assert g.log[-1]["event"] == "game_over"
    return n


def test_a_position_coming_back_again_and_again_is_a_draw_729_3() -> None:
    g, blessing = leeches_position()
    n = loop(g, blessing, hold_priority=False)
    assert g.s.end_reason.startswith("729.3"), g.s.end_reason
    assert n < loops.WATCH_AFTER * 2 + 2 * loops.REPEATS


def test_an_optional_loop_that_grows_is_bounded_729_1b() -> None:
    g, blessing = leeches_position()
    g.s.loop_turn, g.s.turn_decisions = g.s.turn, loops.TURN_BOUND - 50  # most of the loop already run
    loop(g, blessing, hold_priority=True)  # the stack grows: no position repeats
    assert g.s.end_reason.startswith("729.1b"), g.s.end_reason


def test_the_same_position_coming_back_ends_the_loop_729_3() -> None:
    """With a position that repeats exactly (no counters, nothing that grows), REPEATS repetitions
    after the watch starts end the game — far sooner than the turn bound."""
    g, _ = leeches_position()
    s = g.s
    s.turn_decisions, s.loop_turn = loops.WATCH_AFTER, s.turn
    for _ in range(loops.REPEATS + 2):
        if g.over:
            break
        assert loops.note_priority(g) or g.over
    assert g.over and "729.3" in g.s.end_reason


def play_turn(g: Game, agents: tuple) -> int:
    """Let the agents play alice's turn 1; returns how many times the blessing was activated."""
    activations = 0
    while not g.over and g.s.turn == 1:
        a = agents[g.pending.player].act(g)
        activations += isinstance(a, A.ActivateAbility)
        g.apply(a)
    return activations


def test_agents_dont_repeat_an_activation_without_progress() -> None:
    for seed in range(5):
        for agent in (RandomAgent(seed), HeuristicAgent(seed)):
            g, _ = leeches_position()
            n = play_turn(g, (agent, RandomAgent(seed + 100)))
            assert not g.over or not g.s.end_reason.startswith("729"), g.s.end_reason
            assert n <= 12, f"{type(agent).__name__} activated {n} times in one turn"


def test_clone_keeps_the_loop_watch_independent() -> None:
    g, _ = leeches_position()
    g.s.turn_decisions, g.s.loop_turn = loops.WATCH_AFTER, g.s.turn
    loops.note_priority(g)
    c = g.clone()
    loops.note_priority(c)
    assert c.s.loop_seen != g.s.loop_seen or sum(c.s.loop_seen.values()) == sum(g.s.loop_seen.values()) + 1
    assert sum(g.s.loop_seen.values()) == 1


def test_104_4b_faceless_devourers_exiling_each_other_forever_are_a_drawn_game() -> None:
    """104.4b: a loop of mandatory actions is a draw. Faceless Devourer ("When this enters, exile another
    target creature with shadow. When it leaves, return the exiled card"): with one on the battlefield,
    casting a second exiles the first; a third exiles the second, which returns the first, which exiles the
    third, which returns the second ... every trigger mandatory, one legal target each time, no player
    decision. The engine finds the position coming back (objects named by their cards: each return is a new
    object, 400.7) and ends the game as a draw for that reason, long before its step bound (the fuzzer's game
    12154 of seed 20261202 ran into the bound)."""
    g = Game.empty()
    put(g, "Faceless Devourer", "battlefield", 0).sick = False
    for _ in range(6):
        put(g, "Swamp", "battlefield", 0)
    second = put(g, "Faceless Devourer", "hand", 0)
    third = put(g, "Faceless Devourer", "hand", 0)
    for p in (0, 1):
        for _ in range(10):
            put(g, "Swamp", "library", p)
    s = g.s
    s.turn, s.active, s.step, s.priority = 1, 0, MAIN1, 0
    g.run()
    for card in (second, third):
        g.apply(next(a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card == card.id))
        while not g.over and s.stack:
            g.apply(next(a for a in g.legal_actions() if isinstance(a, A.PassPriority)))
    assert g.over
    assert s.winner is None
    assert s.end_reason.startswith(loops.MANDATORY_LOOP_REASON)
    assert sum(e["event"] == "resolve" for e in s.log) < 5_000  # found, not run into the 100,000-step bound
