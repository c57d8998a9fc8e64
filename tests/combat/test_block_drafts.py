"""CR 509.1: blockers are declared all at once. Agents build the declaration one AddBlocker at a time;
509.1c requirements (Taunting Elf: "All creatures able to block Taunting Elf do so") can make such a
draft impossible to complete. The listed actions must then still include a legal declaration, and
every listed action must be accepted.
"""

from __future__ import annotations

from manastack.errors import IllegalActionError
from manastack.model import actions as A
from manastack.scenario.runner import Runner


def test_a_draft_that_breaks_a_blocking_requirement_still_offers_a_legal_declaration() -> None:
    data = {
        "name": "draft blocks against a lure",
        "start": {"turn": 3, "active": "alice", "step": "precombat_main"},
        "players": {
            "alice": {"battlefield": [{"card": "Kragma Butcher", "id": "butcher"}, {"card": "Taunting Elf", "id": "elf"},
                                      {"card": "Shambling Remains", "id": "remains"}]},
            "bob": {"battlefield": [{"card": "Target Minotaur", "id": "m1"}, {"card": "Sickle Ripper", "id": "r1"},
                                    {"card": "Sickle Ripper", "id": "r2"}, {"card": "Target Minotaur", "id": "m2"},
                                    {"card": "Target Minotaur", "id": "m3"}]},
        },
        "actions": [{"advance": {"turn": 3, "step": "declare_attackers"}},
                    {"by": "alice", "attack": ["butcher", "elf", "remains"]},
                    {"advance": {"turn": 3, "step": "declare_blockers"}}],
    }
    r = Runner(data, "<test>")
    r.setup()
    r.play()
    g = r.game
    butcher = r.find("butcher")
    # Bob drafts every blocker onto Kragma Butcher, one by one (each listed, as an agent would pick it).
    for name in ("m1", "r1", "r2", "m2", "m3"):
        listed = g.legal_actions()
        for action in listed:  # every listed action is accepted
            copy = g.clone()
            try:
                copy.apply(action)
            except IllegalActionError as exc:
                raise AssertionError(f"{action} was listed but refused: {exc}") from exc
        add = A.AddBlocker(r.find(name), butcher)
        assert add in listed
        g.apply(add)
    declarations = [a for a in g.legal_actions() if isinstance(a, A.DeclareBlockers)]
    assert declarations, g.legal_actions()
    g.apply(declarations[0])
    # 509.1c: the declaration obeys the requirement: every creature able to block Taunting Elf blocks it.
    elf = r.find("elf")
    assert g.s.combat.declared_blockers
    assert all(elf in g.s.combat.blockers.get(r.find(b), []) for b in ("m1", "r1", "r2", "m2", "m3"))
