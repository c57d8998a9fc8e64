"""Issue 10, generated: a few hundred mutations of real scenario files (tests/scenarios/, and
/work/shared/acceptance/ when present) and of real deck files (bundled decks, /work/shared/decks/
when present; as text, Arena export and MTGO .dek), fed to `manastack check` (in process) and to
`load_deck`. Every outcome must be an exit code 0/1/2 or an InputError: never a traceback; an
invalid file gets exactly one line naming the file; a key renamed to a misspelling is refused
(exit 2, naming the key and its line), never ignored. The random seed is fixed.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from manastack.cards.db import get_card
from manastack.cli import main
from manastack.decks import bundled_decks, load_deck
from manastack.errors import CardError, InputError, ManastackError
from manastack.scenario import run
from manastack.scenario import schema as S
from manastack.scenario.yamlio import LineDict, LineList, load

SEED = 20240917
ROOT = Path(__file__).resolve().parent.parent
SHARED = Path("/work/shared")
SOURCES = {"tests": ROOT / "tests" / "scenarios", "acceptance": SHARED / "acceptance"}
FILES_PER_SOURCE = {"tests": 36, "acceptance": 12}
MUTATIONS_PER_FILE = 8
MAX_SIZE = 1200  # small scenarios run fast; the mutations are about the file, not the game

# Every key the schema gives a meaning to somewhere: a misspelling must be none of them.
VOCABULARY = (S.TOP_KEYS | S.START_KEYS | S.PLAYER_KEYS | S.PERM_KEYS | set(S.ACTION_KINDS) | S.ACTION_OPTS
              | S.ADVANCE_KEYS | set(S.SUBJECTS) | S.PLAYER_PROPS | S.CARD_PROPS | S.STACK_PROPS | S.COUNT_KEYS
              | S.GAME_KEYS | {"equals"} | set(S.MANA_LETTERS))


def run_check(path: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = main(["check", str(path)])
    return rc, out.getvalue() + err.getvalue()


def verdict(path: Path, rc: int, out: str) -> str | None:
    """What is wrong with one `manastack check` outcome, or None."""
    if rc not in (0, 1, 2):
        return f"exit code {rc}"
    if "Traceback" in out:
        return "traceback in the output"
    if "internal error" in out:
        return f"an engine error instead of an input error: {out.strip()[:300]}"
    named = [ln for ln in out.splitlines() if str(path) in ln]
    if len(named) != 1:
        return f"{len(named)} lines name the file: {out[:300]!r}"
    if rc == 2 and not re.match(rf"^(INVALID|error:) {re.escape(str(path))}(:\d+)?: \S", named[0]):
        return f"invalid-file line doesn't name file and line: {named[0][:200]!r}"
    return None


# --------------------------------------------------------------------------- scenario mutations

Mutation = Callable[[str, random.Random], "tuple[str | bytes, str] | None"]


def _lines(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def delete_line(text: str, rng: random.Random):
    ls = _lines(text)
    i = rng.randrange(len(ls))
    return "".join(ls[:i] + ls[i + 1:]), f"delete line {i + 1}"


def duplicate_line(text: str, rng: random.Random):
    ls = _lines(text)
    i = rng.randrange(len(ls))
    return "".join(ls[:i + 1] + ls[i:]), f"duplicate line {i + 1}"


def swap_lines(text: str, rng: random.Random):
    ls = _lines(text)
    if len(ls) < 2:
        return None
    i = rng.randrange(len(ls) - 1)
    ls[i], ls[i + 1] = ls[i + 1], ls[i]
    return "".join(ls), f"swap lines {i + 1}-{i + 2}"


def reindent(text: str, rng: random.Random):
    ls = _lines(text)
    i = rng.randrange(len(ls))
    ls[i] = ("  " + ls[i]) if rng.random() < 0.5 else ls[i].lstrip(" ")
    return "".join(ls), f"reindent line {i + 1}"


def truncate(text: str, rng: random.Random):
    raw = text.encode()
    n = rng.randrange(1, len(raw))
    return raw[:n], f"truncate at byte {n}"


def random_bytes(text: str, rng: random.Random):
    raw = bytearray(text.encode())
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(raw))
        raw[i:i] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 3)))
    return bytes(raw), "random bytes"


def insert_tab(text: str, rng: random.Random):
    ls = _lines(text)
    i = rng.randrange(len(ls))
    ls[i] = "\t" + ls[i]
    return "".join(ls), f"tab on line {i + 1}"


_VALUE = re.compile(r"(?P<key>[A-Za-z_]+): (?P<value>[^,{}\[\]\n]+?)(?=[,}\n])")
REPLACEMENTS = ["[1, 2]", "{a: 1}", "true", "false", "null", "-5", "0", "1.5", "'text'", "99999999999999999999999",
                "[]", "{}", "'{G}{G}'", "stack:9", "\"\"", "2024-01-01", "[[[[[]]]]]"]


def value_spots(text: str) -> list[re.Match]:
    """`key: value` places outside comments and quoted strings (a name's "Sacrifice it: Destroy" is text)."""
    def plain(m: re.Match) -> bool:
        before = text[text.rfind("\n", 0, m.start()) + 1:m.start()]
        return "#" not in before + m.group(0) and before.count('"') % 2 == 0 and before.count("'") % 2 == 0
    return [m for m in _VALUE.finditer(text) if plain(m)]


def change_value(text: str, rng: random.Random):
    spots = value_spots(text)
    if not spots:
        return None
    m = rng.choice(spots)
    new = rng.choice(REPLACEMENTS)
    return text[:m.start("value")] + new + text[m.end("value"):], f"{m.group('key')}: {m.group('value')} -> {new}"


def deep_value(text: str, rng: random.Random):
    spots = value_spots(text)
    if not spots:
        return None
    m = rng.choice(spots)
    d = rng.choice([41, 100, 300, 1000])
    return text[:m.start("value")] + "[" * d + "]" * d + text[m.end("value"):], f"nest {d} deep"


def huge_int(text: str, rng: random.Random):
    spots = value_spots(text)
    if not spots:
        return None
    m = rng.choice(spots)
    n = "9" * rng.choice([19, 40, 5000])
    return text[:m.start("value")] + n + text[m.end("value"):], f"{m.group('key')}: {len(n)}-digit integer"


def alias_bomb(text: str, rng: random.Random):
    lines = ["  a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"  a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)]
    return text.rstrip("\n") + "\nnotes_bomb:\n" + "\n".join(lines) + "\n", "alias bomb"


def non_string_key(text: str, rng: random.Random):
    key = rng.choice(["1", "yes", "~", "3.5", "[a, b]"])
    return text.rstrip("\n") + f"\n{key}: x\n", f"key {key}"


def bom(text: str, rng: random.Random):
    return b"\xef\xbb\xbf" + text.encode(), "BOM"


def crlf(text: str, rng: random.Random):
    return text.replace("\n", "\r\n").encode(), "CRLF"


GENERAL: list[Mutation] = [delete_line, duplicate_line, swap_lines, reindent, truncate, random_bytes, insert_tab,
                           change_value, change_value, change_value, deep_value, huge_int, non_string_key]
SAME_AS_ORIGINAL = {"BOM", "CRLF"}   # must behave exactly as the unmutated file
ALWAYS_INVALID = ("nest", "-digit integer", "alias bomb", "key ")


def schema_keys(data: object) -> list[tuple[int, str, set[str]]]:
    """(line, key, keys valid there) for every key of a fixed-key mapping in a scenario (not the
    name-keyed ones: players, attack, block, counters, log fields ...)."""
    out: list[tuple[int, str, set[str]]] = []

    def add(d: object, allowed: set[str]) -> None:
        if isinstance(d, LineDict):
            out.extend((d.key_lines[k], k, allowed) for k in d)

    def expectations(items: object) -> None:
        for it in items if isinstance(items, LineList) else []:
            if not isinstance(it, LineDict):
                continue
            add(it, set(S.SUBJECTS) | S.PLAYER_PROPS | S.CARD_PROPS | {"equals"})
            if isinstance(it.get("count"), LineDict):
                add(it["count"], S.COUNT_KEYS)
            if isinstance(it.get("game"), LineDict):
                add(it["game"], S.GAME_KEYS)

    if not isinstance(data, LineDict):
        return out
    add(data, S.TOP_KEYS)
    add(data.get("start"), S.START_KEYS)
    for setup in (data.get("players") or {}).values():
        add(setup, S.PLAYER_KEYS)
        for zone in S.SETUP_ZONES:
            for e in (setup or {}).get(zone) or [] if isinstance(setup, dict) else []:
                add(e, S.PERM_KEYS if zone == "battlefield" else S.CARD_KEYS)
    for step in data.get("actions") or []:
        add(step, set(S.ACTION_KINDS) | S.ACTION_OPTS)
        if isinstance(step, LineDict):
            add(step.get("advance"), S.ADVANCE_KEYS)
            expectations(step.get("expect"))
    expectations(data.get("expect"))
    return out


def misspell(key: str, rng: random.Random) -> str | None:
    for _ in range(20):
        i = rng.randrange(len(key))
        how = rng.randrange(4)
        if how == 0 and len(key) > 1:
            new = key[:i] + key[i + 1:]
        elif how == 1 and i + 1 < len(key):
            new = key[:i] + key[i + 1] + key[i] + key[i + 2:]
        elif how == 2:
            new = key[:i] + key[i] + key[i:]
        else:
            new = key[:i] + rng.choice("aeioustrnl") + key[i + 1:]
        if new != key and new not in VOCABULARY and re.fullmatch(r"[A-Za-z_][A-Za-z_0-9]*", new):
            return new
    return None


def rename_key(text: str, path: str, rng: random.Random) -> tuple[str, int, str] | None:
    """Rename one fixed-schema key to a misspelling, on its own line; checked by re-reading."""
    spots = schema_keys(load(text, path))
    rng.shuffle(spots)
    for line, key, _allowed in spots:
        new = misspell(key, rng)
        if new is None:
            continue
        ls = text.split("\n")
        pat = re.compile(rf"(?<![\w\"'+/:-]){re.escape(key)}(?=\s*:(\s|$))")
        if len(pat.findall(ls[line - 1])) != 1:
            continue
        ls[line - 1] = pat.sub(new, ls[line - 1], count=1)
        mutated = "\n".join(ls)
        try:
            again = load(mutated, path)
        except InputError:
            continue
        if any(k == new and ln == line for ln, k, _ in schema_keys(again)):
            return mutated, line, f"{key} -> {new}"
    return None


def pick_files(source: str, rng: random.Random) -> list[Path]:
    base = SOURCES[source]
    files = sorted(p for p in base.rglob("*") if p.suffix in (".yaml", ".yml") and p.stat().st_size <= MAX_SIZE)
    return rng.sample(files, min(FILES_PER_SOURCE[source], len(files)))


@pytest.mark.parametrize("source", list(SOURCES))
def test_mutated_scenarios(source: str, tmp_path: Path) -> None:
    if not SOURCES[source].is_dir():
        pytest.skip(f"{SOURCES[source]} is not here")
    rng = random.Random(f"{SEED}-{source}")
    problems: list[str] = []
    count = renamed = 0
    for n, original in enumerate(pick_files(source, rng)):
        text = original.read_text("utf-8")
        orig_path = tmp_path / f"{n:03d}-original.yaml"
        orig_path.write_text(text, "utf-8")
        orig_rc, _ = run_check(orig_path)
        muts = [m for m in rng.sample(GENERAL, MUTATIONS_PER_FILE - 3)] + [bom, crlf, alias_bomb]
        for k, mut in enumerate(muts):
            res = mut(text, rng)
            if res is None:
                continue
            content, label = res
            p = tmp_path / f"{n:03d}-{k}.yaml"
            if isinstance(content, bytes):
                p.write_bytes(content)
            else:
                p.write_text(content, "utf-8")
            where = f"{original} [{label}]"
            count += 1
            try:
                rc, out = run_check(p)
            except BaseException as exc:  # noqa: BLE001 - any escape is the bug this test looks for
                problems.append(f"{where}: {type(exc).__name__}: {exc}")
                continue
            bad = verdict(p, rc, out)
            if bad:
                problems.append(f"{where}: {bad}")
            elif label in SAME_AS_ORIGINAL and rc != orig_rc:
                problems.append(f"{where}: exit {rc}, the original gives {orig_rc}: {out.strip()[:200]}")
            elif label.startswith(ALWAYS_INVALID) and rc != 2:
                problems.append(f"{where}: exit {rc}, expected 2 (invalid): {out.strip()[:200]}")
            if k % 4 == 0:  # the Python API: a result or an InputError, never anything else
                try:
                    run(p)
                except InputError as exc:
                    if "\n" in str(exc) or not str(exc).startswith(str(p)):
                        problems.append(f"{where}: run() message {str(exc)[:200]!r}")
                except BaseException as exc:  # noqa: BLE001
                    problems.append(f"{where}: run() raised {type(exc).__name__}: {exc}")
        for k in range(3):  # misspelt keys: never ignored
            res = rename_key(text, str(original), rng)
            if res is None:
                break
            content, line, label = res
            p = tmp_path / f"{n:03d}-rename{k}.yaml"
            p.write_text(content, "utf-8")
            count += 1
            renamed += 1
            rc, out = run_check(p)
            new = label.split(" -> ")[1]
            if rc != 2 or f"{p}:{line}:" not in out or repr(new) not in out:
                problems.append(f"{original} [{label} on line {line}]: silent or misplaced: exit {rc}: "
                                f"{out.strip()[:200]}")
    assert count >= 100 and renamed >= 30, (count, renamed)
    assert not problems, f"{len(problems)} of {count} mutations:\n" + "\n".join(problems[:15])


# --------------------------------------------------------------------------- deck mutations

def base_decks(rng: random.Random) -> list[tuple[str, str]]:
    """(name, text) of real deck lists: the bundled ones and a sample of /work/shared/decks."""
    decks = [(name, p.read_text("utf-8")) for name, p in sorted(bundled_decks().items())]
    shared = sorted((SHARED / "decks").rglob("*.txt")) if (SHARED / "decks").is_dir() else []
    decks += [(p.stem, p.read_text("utf-8")) for p in rng.sample(shared, min(8, len(shared)))]
    return decks


def entries(text: str) -> list[tuple[int, str, bool]]:
    out = []
    side = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.lower().rstrip(":") in ("sideboard", "side"):
            side = True
        m = re.match(r"^(\d+)\s+(.+)$", line)
        if m:
            out.append((int(m.group(1)), m.group(2), side))
    return out


def to_arena(text: str) -> str:
    main = [f"{n} {c} (DOM) {i + 1}" for i, (n, c, s) in enumerate(entries(text)) if not s]
    side = [f"{n} {c} (M19) {i + 1}" for i, (n, c, s) in enumerate(entries(text)) if s]
    return "Deck\n" + "\n".join(main) + ("\n\nSideboard\n" + "\n".join(side) if side else "") + "\n"


def _xml(s: str) -> str:
    return s.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")


def to_dek(text: str) -> str:
    rows = [f'  <Cards CatID="{i + 1}" Quantity="{n}" Sideboard="{str(s).lower()}" Name="{_xml(c)}" Annotation="0" />'
            for i, (n, c, s) in enumerate(entries(text))]
    return ('<?xml version="1.0" encoding="utf-8"?>\n<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema">\n'
            "  <NetDeckID>0</NetDeckID>\n  <PreconstructedDeckID>0</PreconstructedDeckID>\n"
            + "\n".join(rows) + "\n</Deck>\n")


BAD_COUNTS = ["0", "-1", "4\u00b2", "\uff14", "\u0664", "four", "1e3", "100000000000000000000000", "100000000",
              "10001", "4.0", "+4", "0x4", "4 x"]
TRUE_FALSE = re.compile(r"^(true|false)$", re.I)


def deck_mutations(text: str, kind: str, rng: random.Random) -> list[tuple[str | bytes, str, str]]:
    """(content, label, what must happen: 'error', 'same' or 'any')."""
    ls = text.split("\n")
    card_lines = [i for i, ln in enumerate(ls) if ("<Cards" in ln if kind == "dek" else re.match(r"^\d+ ", ln))]
    out: list[tuple[str | bytes, str, str]] = []
    i = rng.choice(card_lines)
    line = ls[i]

    def with_line(new: str) -> str:
        return "\n".join(ls[:i] + [new] + ls[i + 1:])
    out.append(("\n".join(ls[:i] + ls[i + 1:]), "delete a line", "any"))
    out.append(("\n".join(ls[:i + 1] + ls[i:]), "duplicate a line", "any"))
    out.append((b"\xef\xbb\xbf" + text.encode(), "BOM", "same"))
    out.append((text.replace("\n", "\r\n"), "CRLF", "same"))
    raw = text.encode()
    out.append((raw[:rng.randrange(1, len(raw))], "truncate", "any"))
    junk = bytearray(raw)
    j = rng.randrange(len(junk))
    junk[j:j] = bytes(rng.randrange(256) for _ in range(3))
    out.append((bytes(junk), "random bytes", "any"))
    out.append((b"\xff" + raw, "invalid UTF-8", "error"))
    bad = rng.choice(BAD_COUNTS)
    if kind == "dek":
        out.append((with_line(re.sub(r'Quantity="\d+"', f'Quantity="{_xml(bad)}"', line)), f"Quantity {bad}", "error"))
        word = rng.choice(["maybe", "yes", "no", "1", "0", "", "ture", "SB", "main"])
        out.append((with_line(re.sub(r'Sideboard="\w+"', f'Sideboard="{word}"', line)), f"Sideboard={word}", "error"))
        attr = rng.choice(["Quantity", "Sideboard", "Name", "CatID"])
        typo = misspell(attr, rng) or attr + "x"
        out.append((with_line(line.replace(f"{attr}=", f"{typo}=", 1)), f"attribute {attr} -> {typo}", "error"))
        out.append((with_line(re.sub(r' Name="[^"]*"', "", line)), "no Name", "error"))
        out.append((text.replace("</Deck>", ""), "unclosed", "error"))
        out.append((text.replace("<Deck ", '<!DOCTYPE d [<!ENTITY a "aaaa">]>\n<Deck ', 1), "DOCTYPE", "error"))
        out.append((text.replace("<NetDeckID>", "<NetDekID>").replace("</NetDeckID>", "</NetDekID>"),
                    "unknown element", "error"))
    else:
        m = re.match(r"^(\d+) (.+)$", line)
        assert m
        out.append((with_line(f"{bad} {m.group(2)}"), f"count {bad}", "error"))
        name = m.group(2).split(" (")[0]
        k = rng.randrange(len(name))
        typo = name[:k] + name[k + 1:]
        try:
            get_card(typo, require_supported=False)
            known = True
        except CardError:
            known = False
        out.append((with_line(line.replace(name, typo, 1)), f"card {name} -> {typo}", "any" if known else "error"))
        out.append((with_line(m.group(1) + " " + "x" * 5000), "long line", "error"))
        out.append((with_line(line.replace(" ", "\t", 1)), "tab", "any"))
        out.append((with_line("Maybeboard"), "unknown section", "error"))
    return out


def load_outcome(p: Path) -> tuple:
    try:
        d = load_deck(str(p))
        return ("ok", len(d.main), len(d.sideboard))
    except InputError as exc:
        return ("error", exc.bare, exc.line)


def test_mutated_decks(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    problems: list[str] = []
    count = 0
    for name, text in base_decks(rng):
        for kind, content in (("txt", text), ("arena", to_arena(text)), ("dek", to_dek(text))):
            suffix = ".dek" if kind == "dek" else ".txt"
            orig = tmp_path / f"{name}-{kind}{suffix}"
            orig.write_text(content, "utf-8")
            base = load_outcome(orig)
            for k, (mutated, label, want) in enumerate(deck_mutations(content, kind, rng)):
                p = tmp_path / f"{name}-{kind}-{k}{suffix}"
                if isinstance(mutated, bytes):
                    p.write_bytes(mutated)
                else:
                    p.write_text(mutated, "utf-8")
                count += 1
                where = f"{name} ({kind}) [{label}]"
                try:
                    got = load_outcome(p)
                except BaseException as exc:  # noqa: BLE001 - any escape is the bug this test looks for
                    problems.append(f"{where}: {type(exc).__name__}: {exc}")
                    continue
                if want == "same" and got != base:
                    problems.append(f"{where}: {got}, the original gives {base}")
                if want == "error" and got[0] != "error":
                    problems.append(f"{where}: accepted silently: {got}")
                if got[0] == "error":
                    try:  # the message is one line naming the file, from the API and the CLI alike
                        load_deck(str(p))
                    except InputError as exc:
                        if "\n" in str(exc) or not str(exc).startswith(str(p)):
                            problems.append(f"{where}: message {str(exc)[:200]!r}")
                    if k % 3 == 0:
                        err = io.StringIO()
                        with redirect_stdout(io.StringIO()), redirect_stderr(err):
                            try:
                                rc = main(["play", str(p), "burn", "--quiet"])
                            except (ManastackError, Exception) as exc:  # noqa: BLE001
                                problems.append(f"{where}: main() raised {type(exc).__name__}: {exc}")
                                continue
                        lines = err.getvalue().splitlines()
                        if rc != 2 or len(lines) != 1 or str(p) not in lines[0]:
                            problems.append(f"{where}: play exit {rc}: {err.getvalue()[:200]!r}")
    assert count >= 200, count
    assert not problems, f"{len(problems)} of {count} deck mutations:\n" + "\n".join(problems[:15])
