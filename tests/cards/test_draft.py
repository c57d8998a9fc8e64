"""The compiler hands templates a typed CardDraft (cards/draft.py), not a dict (issue 11 item 5): every
paragraph, keyword, finisher and check template is declared to take one, and what a card's text
compiles into is in its fields (702 keywords, 702.16a protection, 303.4a enchant, 604.3 CDAs, 608.2
spell effects)."""

from __future__ import annotations

import ast
import dataclasses
import inspect
import re
from pathlib import Path

import pytest

from manastack.cards import compiler
from manastack.cards.compiler import compile_card
from manastack.cards.draft import CardDraft
from manastack.cards.templates import combat_keywords
from manastack.cards.words import Unsupported
from manastack.model.vocab import ObjectFilter

CARDS = Path(compiler.__file__).parent


def test_every_template_registry_entry_takes_a_draft() -> None:
    compiler.install_templates()
    for registry in (compiler.PARAGRAPH_TEMPLATES, compiler.EARLY_PARAGRAPH_TEMPLATES, compiler.KEYWORD_TEMPLATES,
                     compiler.CARD_FINISHERS, compiler.CARD_CHECKS):
        assert registry
        for entry in registry:
            fn = entry[1] if isinstance(entry, tuple) else entry
            annotations = [p.annotation for p in inspect.signature(fn).parameters.values()]
            assert "CardDraft" in annotations, f"{fn.__module__}.{fn.__qualname__}{annotations}"


def test_no_template_reads_the_card_as_a_dict() -> None:
    """No `out["abilities"]`, `inner["keywords"]` ... left in the compiler and the templates."""
    found = []
    for path in [CARDS / "compiler.py", *sorted((CARDS / "templates").glob("*.py"))]:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) \
                    and node.value.id in ("out", "inner") and isinstance(node.slice, ast.Constant) \
                    and isinstance(node.slice.value, str):
                found.append(f"{path.name}:{node.lineno}")
    assert not found, found


def test_the_draft_of_a_card_holds_what_its_text_compiled_into(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[CardDraft] = []
    monkeypatch.setattr(compiler, "CARD_CHECKS", [*compiler.CARD_CHECKS, lambda out, unsupported: seen.append(out)])
    card = compile_card({"name": "Test Ward", "type_line": "Enchantment — Aura", "mana_cost": "{1}{W}",
                         "oracle_text": "Enchant creature\nFlying, protection from red\nWard {2}"})
    assert not card.unsupported, card.unsupported
    (draft,) = seen
    assert type(draft) is CardDraft
    assert draft.enchant == ObjectFilter(types=frozenset({"Creature"}))  # 303.4a
    assert draft.keywords == {"flying"} and draft.protection == ["red"]  # 702.9, 702.16a
    assert draft.text == "Enchant creature\nFlying, protection from red\nWard {2}"
    assert tuple(draft.abilities) == card.abilities and not draft.spell_effects and not draft.cda
    assert [f.name for f in dataclasses.fields(CardDraft)] == [
        "keywords", "abilities", "protection", "spell_effects", "spell_targets", "spell_text", "text", "enchant", "cda",
        "x_color"]


def test_a_quoted_ability_has_no_text_below_it() -> None:
    """702.165a: backup grants the abilities printed below it; inside a quoted ability (a draft without
    spell text) there are none, so it is refused there."""
    m = re.fullmatch(r"backup (\d+)", "backup 1")
    assert m is not None
    with pytest.raises(Unsupported):
        combat_keywords._backup(m, CardDraft.quoted())
    draft = CardDraft()
    combat_keywords._backup(m, draft)
    assert [type(a).__name__ for a in draft.abilities] == ["_BackupMark"]
