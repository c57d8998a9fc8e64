"""The shape of a scenario file (SCENARIOS.md), checked before any game is built.

Every mapping's keys and every value's type are checked up front, so a misspelt key or a wrong
type anywhere (setup, script, expectations) is an InputError naming the file and the line (exit 2)
instead of being ignored or failing the scenario halfway. The runner then reads only valid data.
"""

from __future__ import annotations

from typing import Any

from ..engine.game import PROFILES
from ..errors import InputError
from ..inputs import did_you_mean, unknown_key
from ..model.state import STEP_INDEX, STEPS
from .yamlio import line_of

TOP_KEYS = {"name", "rules", "profile", "seed", "start", "players", "actions", "expect", "description", "notes"}
START_KEYS = {"turn", "active", "step"}
PLAYER_KEYS = {"life", "battlefield", "hand", "library", "graveyard", "exile", "mana_pool", "poison"}
PERM_KEYS = {"card", "id", "tapped", "sick", "counters", "damage", "attached_to", "chosen_color"}
CARD_KEYS = {"card", "id"}
SETUP_ZONES = ("battlefield", "hand", "library", "graveyard", "exile")
ZONE_NAMES = {"battlefield", "hand", "library", "graveyard", "exile", "stack"}
MANA_LETTERS = ("W", "U", "B", "R", "G", "C")
MAX_NAME = 200  # longer than any card name; a longer "name" is refused before looking it up

_SPECIAL = {"by", "pay", "choose", "expect_error"}
# The options each kind of action step takes (SCENARIOS.md "Actions"); `by` where someone acts.
STEP_OPTIONS: dict[str, set[str]] = {
    "play": {"by", "choose", "expect_error"},
    "cast": {"by", "targets", "x", "modes", "pay", "choose", "expect_error"},
    "activate": {"by", "ability", "targets", "x", "modes", "pay", "choose", "expect_error"},
    "turn_face_up": _SPECIAL, "end_effect": _SPECIAL, "suspend": _SPECIAL, "foretell": _SPECIAL, "plot": _SPECIAL,
    "attack": {"by", "choose", "expect_error"},
    "block": {"by", "choose", "expect_error"},
    "order_blockers": {"by", "choose", "expect_error"},
    "assign_damage": {"by", "choose", "expect_error"},
    "choose": {"by", "expect_error"},
    "pass": {"by", "choose", "expect_error"},
    "resolve": {"by", "choose", "expect_error"},
    "advance": {"by", "choose", "expect_error"},
    "expect": set(),
}
ACTION_KINDS = tuple(STEP_OPTIONS)
ACTION_OPTS = set().union(*STEP_OPTIONS.values())
ADVANCE_KEYS = {"turn", "step"}

SUBJECTS = ("player", "card", "count", "stack", "game", "log")
PLAYER_PROPS = {"life", "mana_pool", "mana_options", "hand_count", "library_count", "lost", "poison"}
CARD_PROPS = {"zone", "controller", "owner", "tapped", "power", "toughness", "damage", "counters", "mana_value",
              "could_produce", "attacking", "blocking", "sick", "types", "attached_to"}
STACK_PROPS = {"name", "controller", "targets"}
COUNT_KEYS = {"zone", "controller", "name"}
GAME_KEYS = {"turn", "step", "winner", "over"}

_NUMBER = "an integer"


def _kind(v: Any) -> str:
    """How a wrong value is described: its YAML type and (briefly) the value."""
    names = {bool: "true/false", int: "a number", float: "a number", str: "text", type(None): "null"}
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    text = repr(v)
    return f"{names.get(type(v), type(v).__name__)} {text if len(text) <= 40 else text[:40] + '...'}"


def is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class Schema:
    """Walks one scenario document; the first problem raises InputError(message, path, line)."""

    def __init__(self, data: Any, path: str) -> None:
        self.data = data
        self.path = path
        self.players: list[str] = []
        self.ids: dict[str, int | None] = {}

    # ------------------------------------------------------------------ helpers
    def fail(self, msg: str, node: Any, key: Any = None) -> InputError:
        return InputError(msg, self.path, line_of(node, key))

    def keys(self, node: dict, allowed: set[str], where: str) -> None:
        for k in node:
            if k not in allowed:
                raise self.fail(unknown_key(k, allowed, where), node, k)

    def want(self, ok: bool, node: Any, key: Any, what: str, label: str | None = None) -> None:
        if not ok:
            label = label or str(key)
            raise self.fail(f"{label} must be {what}, got {_kind(node[key])}", node, key)

    def mapping(self, node: Any, key: Any, label: str, what: str = "a mapping") -> None:
        self.want(isinstance(node[key], dict), node, key, what, label)

    def integer(self, node: Any, key: Any, label: str | None = None, minimum: int | None = None) -> None:
        v = node[key]
        what = _NUMBER if minimum is None else "a positive integer" if minimum == 1 else \
            f"an integer of at least {minimum}"
        self.want(is_int(v) and (minimum is None or v >= minimum), node, key, what, label)

    def boolean(self, node: Any, key: Any, label: str | None = None) -> None:
        self.want(isinstance(node[key], bool), node, key, "true or false", label)

    def text(self, node: Any, key: Any, label: str | None = None, nullable: bool = False) -> None:
        v = node[key]
        self.want(isinstance(v, str) or (nullable and v is None), node, key,
                  "text" + (" or null" if nullable else ""), label)

    def name(self, node: Any, key: Any, label: str | None = None) -> None:
        """A card name, id or player name."""
        self.text(node, key, label)
        v = node[key]
        if not v.strip():
            raise self.fail(f"{label or key}: expected a name, got empty text", node, key)
        if len(v) > MAX_NAME:
            raise self.fail(f"{label or key}: a name of {len(v)} characters is not a card name", node, key)

    def player(self, node: Any, key: Any, label: str | None = None, nullable: bool = False) -> None:
        v = node[key]
        if nullable and v is None:
            return
        if not isinstance(v, str) or v not in self.players:
            hint = did_you_mean(v, self.players)
            raise self.fail(f"{label or key}: {v!r} is not a player{hint} (players: {', '.join(self.players)})",
                            node, key)

    def choice(self, node: Any, key: Any, options: Any, noun: str, label: str | None = None,
               nullable: bool = False) -> None:
        v = node[key]
        if nullable and v is None:
            return
        if not isinstance(v, str) or v not in options:
            hint = did_you_mean(v, options)
            raise self.fail(f"{label or key}: unknown {noun} {v!r}{hint} ({noun}s: {', '.join(options)})", node, key)

    def list_of(self, node: Any, key: Any, label: str, what: str, item_ok, nullable: bool = True) -> None:
        v = node[key]
        if v is None and nullable:
            return
        self.want(isinstance(v, list), node, key, f"a list of {what}", label)
        for i, item in enumerate(v):
            if not item_ok(item):
                raise self.fail(f"{label} must be a list of {what}; item {i + 1} is {_kind(item)}", v, i)

    # ------------------------------------------------------------------ document
    def check(self) -> None:
        d, path = self.data, self.path
        if not isinstance(d, dict):
            raise InputError("a scenario must be a YAML mapping", path, line_of(d, None, 1))
        self.keys(d, TOP_KEYS, "the scenario")
        for req in ("name", "start", "players"):
            if req not in d:
                raise self.fail(f"missing required key {req!r}", d)
        self.text(d, "name", "'name'")
        if not d["name"].strip():
            raise self.fail("'name' must not be empty", d, "name")
        for k in ("description", "notes"):
            if k in d:
                self.text(d, k, nullable=True)
        if "rules" in d:
            self.list_of(d, "rules", "rules", "rule numbers as text (quote them: \"702.10\")",
                         lambda r: isinstance(r, str), nullable=False)
        if "profile" in d:
            self.choice(d, "profile", PROFILES, "profile", "profile")
        if "seed" in d:
            self.integer(d, "seed", "'seed'")
        self.mapping(d, "players", "'players'", "a mapping of exactly two player names to their setup")
        players = d["players"]
        if len(players) != 2:
            raise self.fail(f"'players' must map exactly two player names to their setup, got {len(players)}",
                            d, "players")
        self.players = list(players)
        self.check_start(d)
        for pname, setup in players.items():
            self.check_player_setup(players, pname, setup)
        if "actions" in d:
            self.want(d["actions"] is None or isinstance(d["actions"], list), d, "actions", "a list", "'actions'")
            for i, step in enumerate(d["actions"] or []):
                self.check_step(d["actions"], i, step)
        if "expect" in d:
            self.check_expectations(d, "expect", "'expect'")

    def check_start(self, d: dict) -> None:
        self.mapping(d, "start", "'start'", "a mapping {turn, active, step}")
        start = d["start"]
        self.keys(start, START_KEYS, "start")
        if "turn" in start:
            self.integer(start, "turn", "start.turn", 1)
        if "active" in start:
            self.player(start, "active", "start.active")
        if "step" in start:
            self.choice(start, "step", STEPS, "step", "start.step")

    # ------------------------------------------------------------------ setup
    def check_player_setup(self, players: dict, pname: str, setup: Any) -> None:
        if setup is None:
            return
        self.want(isinstance(setup, dict), players, pname, "a mapping of zones and life", f"player {pname!r}")
        self.keys(setup, PLAYER_KEYS, f"player {pname!r}")
        if "life" in setup:
            self.want(is_int(setup["life"]), setup, "life", _NUMBER, "life")
        if "poison" in setup:
            self.want(is_int(setup["poison"]), setup, "poison", _NUMBER, "poison")
            if setup["poison"] < 0:
                raise self.fail(f"poison: a player can't have {setup['poison']} poison counters", setup, "poison")
        if "mana_pool" in setup:
            self.text(setup, "mana_pool", "mana_pool", nullable=True)
        for zone in SETUP_ZONES:
            if zone not in setup or setup[zone] is None:
                continue
            self.want(isinstance(setup[zone], list), setup, zone, "a list of cards",
                      f"{zone} of {pname!r}")
            for j, entry in enumerate(setup[zone]):
                self.check_card_entry(zone, setup[zone], j, entry)

    def check_card_entry(self, zone: str, parent: list, j: int, entry: Any) -> None:
        if isinstance(entry, str):
            self.name(parent, j, f"a card in {zone}")
            return
        if not isinstance(entry, dict):
            raise self.fail(f"a card in {zone}: expected a card name or a mapping {{card: ...}}, got {_kind(entry)}",
                            parent, j)
        allowed = PERM_KEYS if zone == "battlefield" else CARD_KEYS
        where = "a permanent" if zone == "battlefield" else f"a card in {zone}"
        self.keys(entry, allowed, where)
        if "card" not in entry:
            raise self.fail(f"a card in {zone} needs 'card:'", entry)
        self.name(entry, "card", "card")
        if "id" in entry:
            self.name(entry, "id", "id")
            oid = entry["id"]
            if oid in self.ids or oid in self.players:
                first = self.ids.get(oid)
                raise self.fail(f"duplicate id {oid!r}" + (f" (first on line {first})" if first else
                                " (it is a player's name)"), entry, "id")
            if oid.startswith("stack:"):
                raise self.fail(f"id {oid!r}: 'stack:N' names objects on the stack", entry, "id")
            self.ids[oid] = line_of(entry, "id")
        for flag in ("tapped", "sick"):
            if flag in entry:
                self.want(isinstance(entry[flag], bool), entry, flag, "true or false", flag)
        if "damage" in entry:
            self.want(is_int(entry["damage"]), entry, "damage", _NUMBER, "damage")
            if entry["damage"] < 0:
                raise self.fail(f"damage: a permanent can't have {entry['damage']} damage marked on it", entry,
                                "damage")
        if "counters" in entry and entry["counters"] is not None:
            self.check_counters(entry, "counters", "counters")
        if "chosen_color" in entry:
            v = entry["chosen_color"]
            if not isinstance(v, str) or v.upper() not in MANA_LETTERS[:5]:
                raise self.fail(f"chosen_color: expected one of W, U, B, R, G, got {_kind(v)}", entry, "chosen_color")
        if "attached_to" in entry:
            self.name(entry, "attached_to", "attached_to")
            if "id" in entry and entry["attached_to"] == entry["id"]:
                raise self.fail(f"attached_to: {entry['id']!r} can't be attached to itself (301.5c, 303.4d)",
                                entry, "attached_to")

    def check_counters(self, node: dict, key: str, label: str) -> None:
        self.mapping(node, key, label, 'a mapping like {"+1/+1": 2}')
        counters = node[key]
        for kind, n in counters.items():
            if not isinstance(kind, str) or not kind.strip():  # run_data() takes plain dicts too
                raise self.fail(f"{label}: a counter kind must be a name, got {kind!r}", counters, kind)
            self.want(is_int(n), counters, kind, _NUMBER, f"counter count for {kind!r}")
            if n < 0:
                raise self.fail(f"{label}: {n} {kind} counters; a count can't be negative (122.1)", counters, kind)

    # ------------------------------------------------------------------ script
    def check_step(self, actions: list, i: int, step: Any) -> None:
        if not isinstance(step, dict):
            raise self.fail(f"action step must be a mapping, got {_kind(step)}", actions, i)
        for k in step:
            if k not in STEP_OPTIONS and k not in ACTION_OPTS:
                raise self.fail(unknown_key(k, set(ACTION_KINDS) | ACTION_OPTS, "an action step"), step, k)
        kinds = [k for k in step if k in ACTION_KINDS]
        if len(kinds) == 2 and "choose" in kinds:
            kinds.remove("choose")
        if len(kinds) != 1:
            what = f"it has {', '.join(kinds)}" if kinds else "it has none"
            raise self.fail(f"an action step needs exactly one of {', '.join(ACTION_KINDS)} ({what})", step)
        kind = kinds[0]
        allowed = STEP_OPTIONS[kind] | {kind}
        for k in step:
            if k not in allowed:
                raise self.fail(f"{k!r} has no meaning in a {kind!r} step (it takes: "
                                f"{', '.join(sorted(allowed - {kind})) or 'nothing else'})", step, k)
        if "by" in step:
            self.player(step, "by", "by")
        elif kind not in ("resolve", "advance", "expect"):
            raise self.fail(f"step '{kind}' needs 'by:' (who acts)", step)
        elif "choose" in step:
            raise self.fail("choose: needs 'by:' (whose answers they are)", step, "choose")
        self.check_options(step)
        self.check_kind(kind, step)

    def check_options(self, step: dict) -> None:
        if "x" in step:
            self.integer(step, "x", "x", 0)
        if "modes" in step:
            self.list_of(step, "modes", "modes", "mode numbers (1, 2, ...)", lambda m: is_int(m) and m >= 1)
        if "pay" in step:
            self.list_of(step, "pay", "pay", "sources (names or ids)", _is_name, nullable=False)
        if "targets" in step:
            v = step["targets"]
            if not (v is None or _is_name(v)):
                self.list_of(step, "targets", "targets", "targets (names, ids, players or null)",
                             lambda t: t is None or _is_name(t), nullable=False)
        if "ability" in step:
            v = step["ability"]
            self.want((is_int(v) and v >= 1) or (isinstance(v, str) and v.strip() != ""), step, "ability",
                      "an ability number (1, 2, ...) or its text", "ability")
        if "expect_error" in step:
            v = step["expect_error"]
            self.want(isinstance(v, bool) or (isinstance(v, str) and v.strip() != ""), step, "expect_error",
                      "true or a message substring", "expect_error")  # "" would mean "no error expected"
        if "choose" in step:
            self.check_answers(step, "choose")

    def check_answers(self, step: dict, key: str) -> None:
        v = step[key]
        items = v if isinstance(v, list) else [v]
        for i, a in enumerate(items):
            inner = a if isinstance(a, list) else [a]
            for b in inner:
                if not (b is None or isinstance(b, str | bool | int)):
                    node, k = (v, i) if isinstance(v, list) else (step, key)
                    raise self.fail(f"{key}: an answer is a name, a number, true/false or a list of those, "
                                    f"got {_kind(b)}", node, k)

    def check_kind(self, kind: str, step: dict) -> None:
        v = step[kind]
        if kind in ("play", "cast", "activate", "turn_face_up", "end_effect", "suspend", "foretell", "plot"):
            self.want(_is_name(v), step, kind, "a card name or id", kind)
            self.name(step, kind, kind)
        elif kind == "pass":
            self.want(v is True, step, kind, "true", "pass")
        elif kind == "resolve":
            self.integer(step, kind, "resolve", 1)
        elif kind == "advance":
            self.mapping(step, kind, "advance", "{turn: T, step: STEP}")
            self.keys(v, ADVANCE_KEYS, "advance")
            if "step" not in v:
                raise self.fail("advance: needs 'step:' (and optionally 'turn:')", step, kind)
            self.choice(v, "step", STEPS, "step", "advance.step")
            if "turn" in v:
                self.integer(v, "turn", "advance.turn", 1)
        elif kind == "attack":
            if isinstance(v, list):
                self.list_of(step, kind, "attack", "creatures (names or ids)", _is_name)
            else:
                self.mapping(step, kind, "attack", "a list of creatures or a mapping {creature: player}")
                for k in v:
                    self.want(_is_name(v[k]), v, k, "a player or planeswalker", f"attack: {k}")
        elif kind == "block":
            self.mapping(step, kind, "block", "a mapping {blocker: attacker}")
            for k, a in v.items():
                if isinstance(a, list):
                    self.list_of(v, k, f"block: {k}", "attackers", _is_name, nullable=False)
                else:
                    self.want(_is_name(a), v, k, "an attacker or a list of attackers", f"block: {k}")
        elif kind == "order_blockers":
            self.mapping(step, kind, "order_blockers", "a mapping {attacker: [blocker, ...]}")
            for k in v:
                self.list_of(v, k, f"order_blockers: {k}", "creatures", _is_name, nullable=False)
        elif kind == "assign_damage":
            self.mapping(step, kind, "assign_damage", "a mapping {creature: {recipient: amount}}")
            for k, rec in v.items():
                self.mapping(v, k, f"assign_damage: {k}", "a mapping {recipient: amount}")
                for r in rec:
                    self.integer(rec, r, f"assign_damage: {k}: {r}", 0)
        elif kind == "choose":
            pass  # checked with the options
        elif kind == "expect":
            self.check_expectations(step, "expect", "expect")

    # ------------------------------------------------------------------ expectations
    def check_expectations(self, node: dict, key: str, label: str) -> None:
        items = node[key]
        if items is None:
            return
        self.want(isinstance(items, list), node, key, "a list of expectations", label)
        for i, item in enumerate(items):
            if not isinstance(item, dict):
                raise self.fail(f"expectation must be a mapping, got {_kind(item)}", items, i)
            subjects = [k for k in SUBJECTS if k in item]
            if not subjects:
                raise self.fail(f"unknown expectation {dict(item)} (one of: {', '.join(SUBJECTS)})"
                                f"{did_you_mean(next(iter(item), None), SUBJECTS)}", items, i)
            subject = subjects[0]
            getattr(self, f"expect_{subject}")(item)

    def expect_player(self, item: dict) -> None:
        self.player(item, "player", "player")
        self.keys(item, PLAYER_PROPS | {"player"}, "a player expectation")
        for k in ("life",):
            if k in item:
                self.integer(item, k)
        for k in ("hand_count", "library_count", "poison"):
            if k in item:
                self.integer(item, k, minimum=0)
        if "lost" in item:
            self.boolean(item, "lost")
        if "mana_pool" in item:
            v = item["mana_pool"]
            if isinstance(v, dict):
                for t in v:
                    if t not in MANA_LETTERS:
                        raise self.fail(unknown_key(t, set(MANA_LETTERS), "mana_pool"), v, t)
                    self.integer(v, t, f"mana_pool: {t}", 0)
            else:
                self.text(item, "mana_pool", "mana_pool", nullable=True)
        if "mana_options" in item:
            self.list_of(item, "mana_options", "mana_options", 'mana strings such as "{G}{G}"',
                         lambda m: m is None or isinstance(m, str))

    def expect_card(self, item: dict) -> None:
        self.name(item, "card", "card")
        ref = item["card"]
        if ref.startswith("stack:"):
            n = ref.split(":", 1)[1]
            if not (n.isascii() and n.isdigit() and int(n) >= 1):
                raise self.fail(f"card: {ref!r}: expected 'stack:N' with N = 1 for the top object", item, "card")
            self.keys(item, STACK_PROPS | {"card"}, "a stack object expectation")
            if "name" in item:
                self.text(item, "name")
            if "controller" in item:
                self.player(item, "controller", nullable=True)
            if "targets" in item:
                self.list_of(item, "targets", "targets", "names", lambda t: _is_name(t))
            return
        self.keys(item, CARD_PROPS | {"card"}, "a card expectation")
        if "zone" in item:
            self.choice(item, "zone", sorted(ZONE_NAMES), "zone", "zone", nullable=True)
        for k in ("controller", "owner"):
            if k in item:
                self.player(item, k)
        for k in ("tapped", "attacking", "blocking", "sick"):
            if k in item:
                self.boolean(item, k)
        for k in ("power", "toughness"):
            if k in item:
                self.integer(item, k)
        for k in ("damage", "mana_value"):
            if k in item:
                self.integer(item, k, minimum=0)
        if "counters" in item:
            self.check_counters(item, "counters", "counters")
        if "could_produce" in item:
            self.list_of(item, "could_produce", "could_produce", "mana letters W, U, B, R, G, C",
                         lambda c: c in MANA_LETTERS)
        if "types" in item:
            self.list_of(item, "types", "types", "type names", lambda t: isinstance(t, str))
        if "attached_to" in item and item["attached_to"] is not None:
            self.name(item, "attached_to")

    def expect_count(self, item: dict) -> None:
        self.keys(item, {"count", "equals"}, "a count expectation")
        self.mapping(item, "count", "count", "{zone, controller, name}")
        spec = item["count"]
        self.keys(spec, COUNT_KEYS, "count")
        if "zone" in spec:
            self.choice(spec, "zone", sorted(ZONE_NAMES), "zone", "count.zone")
        if "controller" in spec:
            self.player(spec, "controller", "count.controller")
        if "name" in spec:
            self.name(spec, "name", "count.name")
        if "equals" not in item:
            raise self.fail("count: needs 'equals: K' (how many objects match)", item, "count")
        self.integer(item, "equals", "equals", 0)

    def expect_stack(self, item: dict) -> None:
        self.keys(item, {"stack"}, "a stack expectation")
        self.list_of(item, "stack", "stack", "names (top first)", lambda n: isinstance(n, str))

    def expect_game(self, item: dict) -> None:
        self.keys(item, {"game"}, "a game expectation")
        self.mapping(item, "game", "game", "{turn, step, winner, over}")
        spec = item["game"]
        self.keys(spec, GAME_KEYS, "game")
        if "turn" in spec:
            self.integer(spec, "turn", "game.turn", 1)
        if "step" in spec:
            self.choice(spec, "step", STEPS, "step", "game.step")
        if "winner" in spec:
            self.player(spec, "winner", "game.winner", nullable=True)
        if "over" in spec:
            self.boolean(spec, "over", "game.over")

    def expect_log(self, item: dict) -> None:
        self.keys(item, {"log"}, "a log expectation")
        self.mapping(item, "log", "log", "a mapping of event fields {rule: \"510.2\", ...}")
        spec = item["log"]
        if not spec:
            raise self.fail("log: name at least one field (rule: \"510.2\", ...)", item, "log")
        for k, v in spec.items():
            self.want(v is None or isinstance(v, str | int | bool), spec, k, "text, a number or true/false",
                      f"log: {k}")
            # No floats: `rule: 702.10` would read 702.1 and match the wrong rule's events.


def _is_name(v: Any) -> bool:
    return isinstance(v, str) and v.strip() != "" and len(v) <= MAX_NAME


def validate(data: Any, path: str) -> None:
    """Refuse (InputError naming the file and the line) anything SCENARIOS.md doesn't describe."""
    Schema(data, path).check()


_ = STEP_INDEX
