"""The card database: the cards shipped with the package (cards/data/cards.json), compiled on
first use, plus token definitions (111).

Names as decklists write them (201.2: a card's name is its whole name) find their card through an
index built once per process: any capitalisation, accents or their ASCII (Lim-Dul / Lim-Dûl, Aether /
Æther), the front face of a double-faced, adventure or flip card (712, 715, 710: "Delver of Secrets"),
split cards written "Fire/Ice" or "Fire // Ice" (709), and Alchemy "A-" names as the cards they are.
"""

from __future__ import annotations

import difflib
import gzip
import json
import os
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ..errors import CardError, InputError
from ..model.vocab import CardDef
from .compiler import COLOR_WORDS, FACE_LAYOUTS, compile_card, parse_keywords


@lru_cache(maxsize=1)
def _records() -> dict[str, dict]:
    """The reference pool (cards.json, Scryfall fields): loaded at first use, small."""
    data = json.loads(resources.files("manastack.cards").joinpath("data/cards.json").read_text("utf-8"))
    return {c["name"]: c for c in data}


def from_mtgjson(c: dict) -> dict:
    """An MTGJSON card (name, manaCost, type, text, power, toughness, loyalty, layout) in the
    Scryfall field names the compiler reads."""
    return {"name": c["name"], "mana_cost": c.get("manaCost"), "type_line": c.get("type") or "",
            "oracle_text": c.get("text") or "", "power": c.get("power"), "toughness": c.get("toughness"),
            "loyalty": c.get("loyalty"), "layout": c.get("layout") or "normal"}


def from_scryfall(c: dict) -> dict:
    faces = c.get("card_faces")
    if faces and not c.get("oracle_text"):
        text = "\n//\n".join(f.get("oracle_text", "") for f in faces)
        first = faces[0]
        rec = {"name": c["name"], "mana_cost": c.get("mana_cost") or first.get("mana_cost"),
               "type_line": c.get("type_line") or first.get("type_line", ""), "oracle_text": text,
               "power": first.get("power"), "toughness": first.get("toughness"), "loyalty": first.get("loyalty"),
               "layout": c.get("layout", "normal")}
        if rec["layout"] in FACE_LAYOUTS and all(isinstance(f, dict) for f in faces):
            # 712.2 / 715.2: each part compiles on its own (cards/compiler.py compile_card)
            rec["card_faces"] = [{k: f[k] for k in ("name", "mana_cost", "type_line", "oracle_text", "power",
                                                    "toughness", "loyalty") if f.get(k) is not None} for f in faces]
        return rec
    return {k: c.get(k) for k in ("name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty",
                                  "layout")}


@lru_cache(maxsize=1)
def _corpus() -> dict[str, dict]:
    """The shipped database (34,547 cards, current Oracle text), loaded lazily: only when a name is
    not in the reference pool, so importing manastack and starting a game stay fast."""
    raw = resources.files("manastack.cards").joinpath("data/oracle-cards-2026.json.gz").read_bytes()
    return {c["name"]: c for c in json.loads(gzip.decompress(raw))}


def user_db_path() -> Path:
    """Where `manastack cards import` keeps a user's cards (MANASTACK_HOME, or ~/.manastack)."""
    home = os.environ.get("MANASTACK_HOME") or str(Path.home() / ".manastack")
    return Path(home) / "cards.json"


@lru_cache(maxsize=1)
def _user() -> dict[str, dict]:
    p = user_db_path()
    if not p.exists():
        return {}
    try:
        data = json.loads(p.read_text("utf-8"))
    except (OSError, ValueError) as exc:
        raise InputError(f"the imported card database can't be read ({exc}); import the cards again or "
                         "delete the file", str(p)) from None
    if not isinstance(data, list):
        raise InputError("the imported card database is not a list of card records", str(p))
    for i, rec in enumerate(data):
        why = record_problem(rec)  # as imported, unless edited by hand since
        if why is not None:
            raise InputError(f"record {i + 1}: {why}; import the cards again or delete the file", str(p))
    return {c["name"]: c for c in data}


def record(name: str) -> dict | None:
    """The card record for an exact name: the reference pool first, then the user's imported
    cards, then the shipped database."""
    rec = _records().get(name)
    if rec is not None:
        return rec
    rec = _user().get(name)
    if rec is not None:
        return rec
    c = _corpus().get(name)
    if c is None:
        return None
    rec = from_mtgjson(c)
    others = _other_faces().get(name) if rec["layout"] in FACE_LAYOUTS else None
    if others:
        # 712.2 / 715.2: the corpus holds the first face (current Oracle text); the other parts come from
        # card-faces.json. The first face is named by its own name, the card by its whole name.
        first = {**rec, "name": name.split(" // ")[0]}
        first.pop("layout")
        rec["card_faces"] = [first, *others]
    return rec


@lru_cache(maxsize=1)
def _other_faces() -> dict[str, list[dict]]:
    """The parts after the first of the corpus's multi-part cards, whole name -> [face, ...] in Scryfall
    field names. The corpus keeps only a card's first face. card-faces.json: the adventure, split,
    aftermath and flip cards of the 2019 Scryfall data (/work/shared/reference/oracle-cards-2019.json.gz,
    `card_faces`; Oracle text of 2019, whose templates the compiler reads): 133 cards, and the back faces
    (with their color indicator, `colors`, 204) of the 104 transforming double-faced cards of that data, a
    planeswalker face's loyalty costs written in brackets as current Oracle text does ("[+1]: ", 606). Modal
    double-faced cards are newer than that data: card-faces-mdfc.json holds the back faces, entered
    by hand in current Oracle text, of the 20 land-backed ones of the Zendikar Rising cycles (the ten
    Pathways, the uncommon and mythic spell-lands the decklists of /work/shared/decks play)."""
    files = resources.files("manastack.cards")
    out: dict[str, list[dict]] = {}
    for name in ("data/card-faces.json", "data/card-faces-mdfc.json"):
        out.update(json.loads(files.joinpath(name).read_text("utf-8")))
    return out


_TEXT_FIELDS = ("name", "type_line")  # strings a card can't do without
_OPTIONAL_TEXT = ("mana_cost", "oracle_text", "layout")  # strings, or absent
_STATS = ("power", "toughness", "loyalty")  # strings ("*", "1+*") or numbers, or absent


def record_problem(rec: object) -> str | None:
    """What is wrong with the fields of a card record (Scryfall field names) such that it can't be stored,
    or None. (Whether the compiler can read it is import_cards' check: `_compiled_record`.)"""
    if not isinstance(rec, dict):
        return f"a card record is an object, not {type(rec).__name__}"
    for key in _TEXT_FIELDS:
        value = rec.get(key)
        if not isinstance(value, str) or not value.strip():
            return f"{key} must be a non-empty string, got {value!r}"
    if len(rec["name"]) > 200 or "\n" in rec["name"]:
        return f"name {rec['name'][:60]!r}... is not a card name (one line, at most 200 characters)"
    for key in _OPTIONAL_TEXT:
        if rec.get(key) is not None and not isinstance(rec[key], str):
            return f"{key} must be a string, got {rec[key]!r}"
    for key in _STATS:
        value = rec.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, str | int)):
            return f"{key} must be a string or a number, got {value!r}"
    return None


def _compiled_record(rec: dict) -> tuple[dict, CardDef | str]:
    """The record as stored (numbers in power, toughness and loyalty as text) and what it compiles to, or
    why the compiler can't read it."""
    stored = {**rec, **{k: str(rec[k]) for k in _STATS if isinstance(rec.get(k), int)}}
    try:
        return stored, compile_card(stored)
    except Exception as exc:  # noqa: BLE001 - any failure of the compiler on this record refuses it
        return stored, f"the compiler can't read it ({type(exc).__name__}: {exc})"


@dataclass(frozen=True)
class ImportReport:
    """What `import_cards` did: the cards stored, and those of them whose text doesn't compile
    (name, the first sentence the compiler refused)."""

    imported: int
    path: Path
    not_compiling: tuple[tuple[str, str], ...]


def _file_records(data: object, path: str) -> list[tuple[str, object]]:
    """The card records of a Scryfall oracle-cards list or an MTGJSON AtomicCards file, each with where
    it is in the file ("record 12", "data['Fire // Ice']"), in Scryfall field names."""
    out: list[tuple[str, object]] = []
    if isinstance(data, dict) and isinstance(data.get("data"), dict):
        for name, faces in data["data"].items():
            where = f"data[{name!r}]"
            if not isinstance(faces, list) or not faces or not all(isinstance(f, dict) for f in faces):
                raise InputError(f"{where}: expected a list of card faces (objects)", path)
            f = dict(faces[0])
            f.setdefault("name", name)
            if len(faces) > 1:
                f["text"] = "\n//\n".join(str(x.get("text") or "") for x in faces)
                f["layout"] = faces[0].get("layout", "transform")
            out.append((where, from_mtgjson(f)))
    elif isinstance(data, list):
        for i, c in enumerate(data):
            where = f"record {i + 1}"
            if not isinstance(c, dict) or "name" not in c:
                raise InputError(f"{where}: expected a card object with a name, got {str(c)[:80]!r}", path)
            where = f"record {i + 1} ({str(c['name'])[:60]!r})"
            if c.get("object", "card") != "card" and "manaCost" not in c:
                continue
            out.append((where, from_mtgjson(c) if "manaCost" in c or "text" in c else from_scryfall(c)))
    else:
        raise InputError("expected a Scryfall oracle-cards list or an MTGJSON AtomicCards file", path)
    return out


def import_cards(path: str) -> ImportReport:
    """Import a Scryfall oracle-cards bulk file (a JSON list) or an MTGJSON AtomicCards.json
    ({"data": {name: [faces]}}) into the user's card database. Every record is checked first
    (`record_problem`, then the compiler reads it): a malformed one refuses the whole file, naming the record, and nothing is
    stored; the database file is replaced in one step. Returns what was stored and which of the
    imported cards don't compile."""
    p = Path(path)
    try:
        data = json.loads(p.read_text("utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"cannot read card file: {exc}", path) from None
    except ValueError as exc:
        raise InputError(f"not valid JSON: {exc}", path) from None
    cards: list[dict] = []
    failing: list[tuple[str, str]] = []
    problems: list[str] = []
    for where, rec in _file_records(data, path):
        why = record_problem(rec)
        if why is not None:
            problems.append(f"{where}: {why}")
            continue
        assert isinstance(rec, dict)
        stored, compiled = _compiled_record(rec)
        if isinstance(compiled, str):
            problems.append(f"{where}: {compiled}")
            continue
        cards.append(stored)
        if compiled.unsupported:
            failing.append((stored["name"], compiled.unsupported[0]))
    if problems:
        more = f" (and {len(problems) - 5} more)" if len(problems) > 5 else ""
        raise InputError(f"{len(problems)} malformed card record{'s' if len(problems) != 1 else ''}, nothing "
                         f"imported: {'; '.join(problems[:5])}{more}", path)
    dest = user_db_path()
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        merged = dict(_user())
        for c in cards:
            merged[c["name"]] = c
        tmp = dest.with_suffix(".json.tmp")
        tmp.write_text(json.dumps(list(merged.values())), "utf-8")
        os.replace(tmp, dest)
    except OSError as exc:
        raise InputError(f"cannot write the card database: {exc.strerror or exc}", str(dest)) from None
    _user.cache_clear()
    name_index.cache_clear()
    _compiled.clear()
    return ImportReport(len(cards), dest, tuple(failing))


_compiled: dict[str, CardDef] = {}


def card_names() -> list[str]:
    return sorted(_records())


_LIGATURES = str.maketrans({"Æ": "Ae", "æ": "ae", "Œ": "Oe", "œ": "oe", "ß": "ss", "’": "'", "‘": "'",
                            "“": '"', "”": '"', "–": "-", "—": "-"})
_SPLIT = re.compile(r"\s*/{1,2}\s*")  # "Fire/Ice", "Fire//Ice" and "Fire // Ice" are one name (709)


def name_key(name: str) -> str:
    """A name as lists may write it: case, accents, ligatures, split separators and spacing folded."""
    s = unicodedata.normalize("NFKD", name.translate(_LIGATURES))
    s = "".join(ch for ch in s if not unicodedata.combining(ch)).lower()
    return " ".join(_SPLIT.sub(" // ", s).split())


def squashed_key(key: str) -> str:
    """A name_key without punctuation or spaces: "Lurrus of the Dream Den", "Lim Duls Vault"."""
    return re.sub(r"[^a-z0-9/]", "", key)


@dataclass(frozen=True)
class NameIndex:
    """Every known name under its folded keys. A key maps to (name, whole) pairs: `whole` when the key
    is the card's whole name, else it is the key of one face. `faces` also holds back faces, only
    for suggestions (a list names a card by its front face)."""
    loose: dict[str, tuple[tuple[str, bool], ...]]
    squashed: dict[str, tuple[tuple[str, bool], ...]]
    faces: dict[str, str]  # key of a whole name or of any face -> the whole name (the first one)


@lru_cache(maxsize=1)
def name_index() -> NameIndex:
    """Built once per process, at the first name that isn't exact (exact names never need it)."""
    loose: dict[str, dict[tuple[str, bool], None]] = {}
    squashed: dict[str, dict[tuple[str, bool], None]] = {}
    faces: dict[str, str] = {}
    for name in [*_records(), *_user(), *_corpus()]:  # in a fixed order: the first source wins a tie
        parts = name.split(" // ")
        entries = [(name, True)] + ([(parts[0], False)] if len(parts) > 1 else [])
        for face, whole in entries:
            key = name_key(face)
            loose.setdefault(key, {})[(name, whole)] = None
            squashed.setdefault(squashed_key(key), {})[(name, whole)] = None
        for face in [name, *parts] if len(parts) > 1 else [name]:
            faces.setdefault(name_key(face), name)
    return NameIndex({k: tuple(v) for k, v in loose.items()}, {k: tuple(v) for k, v in squashed.items()}, faces)


def resolve_name(name: str) -> str | None:
    """The card's exact name for a name as a list writes it, or None for an unknown name. A name that
    fits several cards equally (the front face "Start" of two split cards) raises CardError naming them."""
    if record(name) is not None:
        return name
    if len(name) > 500:
        return None
    idx = name_index()
    key = name_key(name)
    for table, k in ((idx.loose, key), (idx.squashed, squashed_key(key))):
        hits = table.get(k)
        if not hits:
            continue
        for want_whole in (True, False):  # a whole name ("Bind") before a face of another ("Bind // Liberate")
            names = list(dict.fromkeys(n for n, whole in hits if whole == want_whole))
            if len(names) == 1:
                return names[0]
            if len(names) > 1:
                raise CardError(f"card name {name!r} fits more than one card: "
                                f"{', '.join(repr(n) for n in names)}; write the whole name")
    return None


def suggest(name: str) -> str:
    """" (did you mean 'Llanowar Elves'?)" or "": the nearest name by its folded spelling, over
    whole names and faces (a back face suggests its card)."""
    if len(name) > 500:
        return ""
    faces = name_index().faces
    key = name_key(name)
    if key in faces:
        return f" (did you mean {faces[key]!r}?)"
    close = difflib.get_close_matches(key, list(faces), n=1, cutoff=0.75)
    return f" (did you mean {faces[close[0]]!r}?)" if close else ""


def get_card(name: str, require_supported: bool = True) -> CardDef:
    """The compiled card `name` names (exactly, or as a list writes it: see resolve_name). Raises
    CardError for an unknown card (naming the nearest known name) or, with `require_supported`, for a
    card whose text isn't supported."""
    cd = _compiled.get(name)
    if cd is None:
        exact = resolve_name(name)
        rec = record(exact) if exact is not None else None
        if exact is None or rec is None:
            raise CardError(f"unknown card {name!r}{suggest(name)}")
        cd = _compiled.get(exact) or compile_card(rec)
        _compiled[exact] = _compiled[name] = cd
    if require_supported and cd.unsupported:
        raise CardError(f"card {cd.name!r} is not supported: cannot compile {cd.unsupported[0]!r}")
    return cd


def every_name() -> list[str]:
    """Every card of the database: the reference pool, the user's imported cards and the shipped
    34,547-card corpus, each name once, in that order."""
    return list(dict.fromkeys([*_records(), *_user(), *_corpus()]))


def all_cards() -> list[CardDef]:
    return [get_card(n, require_supported=False) for n in card_names()]


_tokens: dict[str, CardDef] = {}


def token_def(key: str) -> CardDef:
    """A token definition from a CreateToken key "Name|P|T|color|is_artifact|keywords" (111.4)."""
    cd = _tokens.get(key)
    if cd is None:
        name, p, t, color, artifact, kws = key.split("|")
        types = {"Creature"} | ({"Artifact"} if artifact == "True" else set())
        cd = CardDef(
            name=name, mana_cost=compile_card({"name": "x"}).mana_cost, types=frozenset(types),
            subtypes=frozenset({name}), supertypes=frozenset(),
            colors=frozenset({COLOR_WORDS[color]}) if color in COLOR_WORDS else frozenset(),
            power=int(p), toughness=int(t), loyalty=None,
            keywords=frozenset(parse_keywords(kws) or ()) if kws else frozenset(),
            abilities=(), spell=None, type_line=f"Token {' '.join(sorted(types))} — {name}", is_token=True,
        )
        _tokens[key] = cd
    return cd
