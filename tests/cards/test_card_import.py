"""`manastack cards import`: a user's card file never stores a record that later crashes a game.
Malformed records refuse the whole file (naming the file and the record, nothing stored), and the
import reports which of the imported cards don't compile."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from manastack import Game
from manastack.cards import db
from manastack.cli import main
from manastack.errors import InputError

BEAR = {"object": "card", "name": "Testing Bear", "mana_cost": "{1}{G}", "type_line": "Creature — Bear",
        "oracle_text": "", "power": "2", "toughness": "2", "layout": "normal"}
ODD = {"object": "card", "name": "Testing Oddity", "mana_cost": "{U}", "type_line": "Instant",
       "oracle_text": "Frobnicate each wibble you control.", "layout": "normal"}


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MANASTACK_HOME", str(tmp_path / "home"))
    db._user.cache_clear()
    db.name_index.cache_clear()
    db._compiled.clear()
    yield tmp_path / "home"
    monkeypatch.delenv("MANASTACK_HOME")
    db._user.cache_clear()
    db.name_index.cache_clear()
    db._compiled.clear()


def test_imported_cards_play_and_the_ones_that_dont_compile_are_named(home: Path, tmp_path: Path) -> None:
    f = tmp_path / "mine.json"
    f.write_text(json.dumps([BEAR, ODD]), "utf-8")
    rep = db.import_cards(str(f))
    assert rep.imported == 2 and rep.path == home / "cards.json"
    assert [name for name, _ in rep.not_compiling] == ["Testing Oddity"]
    assert "Frobnicate" in rep.not_compiling[0][1]
    g = Game.new_game(["Testing Bear"] * 20 + ["Forest"] * 20, "vanilla", seed=1, max_turns=4)
    while not g.over:
        g.apply(g.legal_actions()[0])
    assert g.s.end_reason


@pytest.mark.parametrize(("bad", "said"), [
    ({**BEAR, "mana_cost": 5}, "mana_cost must be a string"),
    ({**BEAR, "type_line": ""}, "type_line must be a non-empty string"),
    ({**BEAR, "power": [2]}, "power must be a string or a number"),
    ({**BEAR, "name": ""}, "name must be a non-empty string"),
    ("Testing Bear", "expected a card object"),
])
def test_a_malformed_record_refuses_the_file_naming_it_and_nothing_is_stored(
        home: Path, tmp_path: Path, bad: object, said: str) -> None:
    f = tmp_path / "mine.json"
    f.write_text(json.dumps([ODD, bad]), "utf-8")
    with pytest.raises(InputError) as info:
        db.import_cards(str(f))
    text = str(info.value)
    assert "mine.json" in text and "record 2" in text and said in text
    assert not (home / "cards.json").exists()  # the good record was not stored either


def test_the_command_reports_what_doesnt_compile_and_refuses_malformed_files(
        home: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "mine.json"
    f.write_text(json.dumps([BEAR, ODD]), "utf-8")
    assert main(["cards", "import", str(f)]) == 0
    out = capsys.readouterr().out
    assert "imported 2 cards" in out and "1 of them don't compile" in out and "Testing Oddity" in out
    f.write_text(json.dumps([{**BEAR, "toughness": {"x": 1}}]), "utf-8")
    assert main(["cards", "import", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "record 1 ('Testing Bear')" in err and "Traceback" not in err


def test_a_card_database_edited_into_nonsense_is_named_not_a_crash(home: Path) -> None:
    home.mkdir(parents=True)
    (home / "cards.json").write_text(json.dumps([{**BEAR, "mana_cost": 3}]), "utf-8")
    with pytest.raises(InputError) as info:
        db.record("Testing Bear")
    assert "cards.json" in str(info.value) and "record 1" in str(info.value)
