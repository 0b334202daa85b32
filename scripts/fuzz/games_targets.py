"""Fuzz targets for the two game engines (Diamondback and Diablo tables).

Shared by ``scripts/fuzz/games_run.py`` (long runs) and
``tests/hardening/test_games_*.py`` (bounded runs). Every target takes a
:class:`random.Random` and checks pedron's contract on what it builds:

* ``save_<game>``: a real save (a random session stopped at a random point),
  damaged by 1-4 random edits (JSON fields and values replaced, deleted,
  duplicated, swapped, cards moved between hands, deck and discards, chip
  counts, turn, version, history and log edited, wrong types, huge ints, deep
  nesting; or the text cut, bytes flipped), then ``Table.from_json``. It must
  raise a :class:`~pedron.errors.PedronError` or load a table that
  re-serializes to a fixed point, equals its own replay, holds every card once,
  conserves chips, has a live player to act and goes on playing legally.
* ``actions_<game>``: a random session driven by random calls: legal actions,
  random :class:`~pedron.engine.Action` objects (any kind, amount, cards, seat,
  of any type), the action methods of the current hand/game and of stale ones,
  ``next_hand``/``next_game``, ``leave``, ``vote_end``, ``close``, ``view``,
  ``hand_value`` ... in every phase, after the end too. Each call is accepted
  (and then an action was legal: ``check_action`` said ``None`` and it was
  listed by ``legal_actions()``) or refused with a pedron error leaving the
  saved state unchanged; chips are conserved after every step.
* ``privacy_<game>``: a random session; at every step, for every seat and a
  spectator, the view holds no card hidden from the viewer (walked
  recursively), is plain frozen data, and neither its ``repr`` nor its JSON
  changes when the hidden cards (others' hands, their private history, the
  stock and its order) are permuted; the seed and the generator's words do not
  appear in the repr or JSON.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import random
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np

from pedron.diablo import session as dl
from pedron.diablo.game import _card_list
from pedron.diablo.rules import GAMES as GAMES_DL
from pedron.diablo.rules import Rules as DLRules
from pedron.diamondback import game as db
from pedron.diamondback.cards import parse_ids
from pedron.diamondback.rules import Rules as DBRules
from pedron.engine import Action, LegalAction, Record, is_plain
from pedron.errors import PedronError

STATS = {"accepted": 0, "refused": 0, "views": 0, "permuted": 0}

# --------------------------------------------------------------------------------------
# the games
# --------------------------------------------------------------------------------------

DB_RULES = [
    DBRules(),
    DBRules.dealers(),
    DBRules.match(),
    DBRules(tie_rule="seated", odd_chip="carry", all_in=False),
    DBRules(deal_order="two_at_a_time", cap_to_stacks=False, min_bet=2, max_bet=7),
    DBRules.dealers(ante_max=3, tie_rule="split", next_dealer="left"),
]
DL_RULES = [
    DLRules(),
    DLRules(more_draw=True, cap=15),
    DLRules(jacks_or_better=True),
    DLRules(declare=True),
    DLRules(game="deuces_wild", odd_chip="carry"),
    DLRules(dealers_choice=True, declare=True),
    DLRules(reshuffle="all", more_draw=True, max_raises=None, ante=3),
    DLRules(all_in=False, cap=30, min_bet_before=3, max_bet_before=8),
]


class Game:
    """What the targets need to know of one game engine."""

    name: str

    def make(self, rnd: random.Random, seed: Any = None) -> Any:
        raise NotImplementedError

    def current(self, table: Any) -> Any:
        raise NotImplementedError

    def start(self, table: Any) -> Any:
        raise NotImplementedError

    def pick(self, rnd: random.Random, cur: Any, legal: list[LegalAction]) -> Action:
        raise NotImplementedError

    def check_cards(self, table: Any) -> None:
        raise NotImplementedError


class Diamondback(Game):
    name = "diamondback"
    Table = db.Table

    def make(self, rnd: random.Random, seed: Any = None) -> db.Table:
        n = rnd.choice((2, 3, 4))
        stacks = rnd.choice([rnd.randint(1, 30), [rnd.randint(1, 40) for _ in range(n)], 100])
        return db.Table(n, stacks, rnd.choice(DB_RULES),
                        seed if seed is not None else rnd.getrandbits(64))

    def current(self, table: db.Table) -> Any:
        return table.hand

    def start(self, table: db.Table) -> Any:
        return table.next_deal()

    def pick(self, rnd: random.Random, cur: Any, legal: list[LegalAction]) -> Action:
        a = rnd.choice(legal)
        if a.kind in ("bet", "ante"):
            return Action(a.kind, rnd.choice([a.min, a.max, rnd.randint(a.min, a.max)]))
        if a.kind == "reveal":
            return Action("reveal", cards=(rnd.choice(a.cards),))
        return Action(a.kind)

    def check_cards(self, table: db.Table) -> None:
        hand = table.hand
        if hand is None:
            return
        seen: list[int] = [c for cs in hand.cards for c in cs]
        size = {2: 15, 3: 29, 4: 43}[max(len(hand.dealt_in), 2)]
        assert len(seen) == len(set(seen)), f"a card twice: {hand.cards}"
        assert all(type(c) is int and 0 <= c < size for c in seen), seen
        for s, shown in enumerate(hand.shown):
            assert set(shown) <= set(hand.cards[s])
        if not hand.done:
            assert hand.to_act is not None and table.ledger.live[hand.to_act]


class Diablo(Game):
    name = "diablo"
    Table = dl.Table

    def make(self, rnd: random.Random, seed: Any = None) -> dl.Table:
        n = rnd.randint(3, 7)
        stacks = rnd.choice([rnd.randint(3, 30), [rnd.randint(2, 40) for _ in range(n)], None])
        return dl.Table(n, stacks, rnd.choice(DL_RULES),
                        seed if seed is not None else rnd.getrandbits(64),
                        dealer=rnd.randrange(n))

    def current(self, table: dl.Table) -> Any:
        return table.game

    def start(self, table: dl.Table) -> Any:
        return table.next_deal()

    def pick(self, rnd: random.Random, cur: Any, legal: list[LegalAction]) -> Action:
        a = rnd.choice(legal)
        if a.kind == "fold" and len(legal) > 1 and rnd.random() < 0.8:
            a = rnd.choice(legal[:-1])
        if a.kind in ("bet", "raise"):
            return Action(a.kind, rnd.choice([a.min, a.max, rnd.randint(a.min, a.max)]))
        if a.kind == "draw":
            held = list(a.cards)
            k = rnd.randint(0, min(a.max, 3))
            return Action("draw", cards=tuple(rnd.sample(held, k)))
        if a.kind == "declare":
            v = cur.hand_value(cur.to_act)
            return Action("declare", int(v.category), v.ranks)
        if a.kind == "choose":
            return Action("choose", rnd.choice(a.cards))
        return Action(a.kind)

    def check_cards(self, table: dl.Table) -> None:
        g = table.game
        if g is None or g.deck is None or g.phase == "done":
            return
        groups = [c for cs in g.cards for c in cs] + list(g.pile) + list(g.deck.stock)
        assert sorted(groups) == list(range(52)), "the 52 cards are not each in one place"
        assert g.to_act is not None and table.ledger.live[g.to_act]


GAMES: dict[str, Game] = {"diamondback": Diamondback(), "diablo": Diablo()}


def check_chips(table: Any, total: int) -> None:
    led = table.ledger
    assert all(type(x) is int and x >= 0 for x in led.stacks), led.stacks
    assert all(type(x) is int and x >= 0 for x in led.committed), led.committed
    assert sum(led.stacks) + sum(led.committed) + led.carry == led.total == total, (
        f"chips not conserved: {led!r}, expected {total}")


def step_legal(g: Game, table: Any, rnd: random.Random) -> bool:
    """One legal step (a new hand if needed); False once the session is over."""
    if table.over:
        return False
    cur = g.current(table)
    if cur is None or cur.done:
        cur = g.start(table)
        if cur.done:  # pragma: no cover - a hand always needs an action
            return True
    legal = cur.legal_actions()
    action = g.pick(rnd, cur, legal)
    assert cur.check_action(action) is None, (action, legal, cur.check_action(action))
    table.act(action)
    return True


def play(g: Game, rnd: random.Random, steps: int, seed: Any = None) -> Any:
    table = g.make(rnd, seed)
    for _ in range(steps):
        if not step_legal(g, table, rnd):
            break
    return table


# --------------------------------------------------------------------------------------
# garbage values
# --------------------------------------------------------------------------------------


class Weird:
    """An object whose comparisons and conversions misbehave."""

    def __index__(self) -> int:
        raise RuntimeError("weird __index__")

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("weird __eq__")

    __hash__ = object.__hash__


def garbage(rnd: random.Random, good: Any = None) -> Any:
    """A random value of a random type (``good``: a plausible value to vary)."""
    base = good if isinstance(good, int) and not isinstance(good, bool) else rnd.randint(0, 10)
    r = rnd.randrange(30)
    return [
        base, base + 1, base - 1, -base, 0, -1, 2**63, 2**64 + base, 10**100, -(2**70),
        float(base), base + 0.5, float("nan"), float("inf"), True, False, None,
        str(base), "", "Q4", "Kc 3h", "x" * rnd.randint(0, 2000),
        np.int64(base), np.uint8(base % 256), np.array([base, base]), [base], (base,),
        {"a": base}, Fraction(base, 1), Decimal(base),
    ][r] if r < 30 else Weird()


def garbage_cards(rnd: random.Random, held: tuple[int, ...] = ()) -> Any:
    r = rnd.randrange(14)
    if r == 0 and held:
        return tuple(rnd.sample(held, rnd.randint(0, len(held))))
    if r == 1 and held:
        return (held[0], held[0])
    if r == 2:
        return tuple(rnd.randrange(60) - 4 for _ in range(rnd.randint(0, 6)))
    if r == 3:
        return None
    if r == 4:
        return rnd.randrange(52)
    if r == 5:
        return "Kc 3h"
    if r == 6:
        return [garbage(rnd) for _ in range(rnd.randint(1, 3))]
    if r == 7:
        return np.array(held or (1, 2))
    if r == 8:
        return (np.int64(held[0] if held else 0),)
    if r == 9:
        return ("Q4",)
    if r == 10:
        return {1, 2}
    if r == 11:
        return (Weird(),)
    if r == 12:
        return ((1, 2),)
    return ()


KINDS = ["bet", "call", "check", "raise", "fold", "match", "stop", "reveal", "ante", "draw",
         "declare", "choose", "shuffle", "BET", "", "reveal ", None, 5, b"bet"]


def random_action(rnd: random.Random, cur: Any, legal: list[LegalAction], n: int) -> Action:
    """An :class:`Action` of any kind, amount, cards and seat, valid or not."""
    kind: Any = rnd.choice(KINDS) if rnd.random() < 0.6 or not legal else rnd.choice(legal).kind
    la = next((a for a in legal if a.kind == kind), None)
    amount: Any = None
    if rnd.random() < 0.5:
        amount = garbage(rnd, la.min if la is not None and la.min is not None else None)
    cards: Any = ()
    if rnd.random() < 0.5 or kind in ("reveal", "draw", "declare"):
        cards = garbage_cards(rnd, la.cards if la is not None else ())
    seat: Any = None
    if rnd.random() < 0.4:
        to_act = cur.to_act if cur is not None else None
        seat = rnd.choice([to_act, to_act, rnd.randrange(n), garbage(rnd, to_act)])
    return Action(kind, amount, cards, seat)


# --------------------------------------------------------------------------------------
# saved games
# --------------------------------------------------------------------------------------

SAVES: dict[str, list[str]] = {}


def real_saves(name: str, count: int = 24) -> list[str]:
    """Saves of real sessions (cached): fresh tables, mid-hand, between hands, over."""
    if name not in SAVES:
        g = GAMES[name]
        out = []
        for i in range(count):
            rnd = random.Random(f"save:{name}:{i}")
            steps = [0, 1, 3, 8, 20, 40, 80, 300][i % 8]
            table = play(g, rnd, steps)
            if i % 8 == 7 and not table.over:
                if name == "diamondback" and table.rules.variant == "match":
                    pass
                elif name == "diamondback":
                    if not table.in_progress:
                        table.close()
                else:
                    table.close()
            out.append(table.to_json())
        SAVES[name] = out
    return SAVES[name]


def _paths(obj: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if len(prefix) > 12:  # (deep nesting planted by an earlier edit)
        return out
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, (*prefix, i))
    return out


def _get(obj: Any, path: tuple) -> Any:
    for p in path:
        obj = obj[p]
    return obj


def _deep(rnd: random.Random) -> Any:
    depth = rnd.choice([10, 100, 900, 5000])
    x: Any = rnd.choice([0, [], {}])
    for _ in range(depth):
        x = [x] if rnd.random() < 0.5 else {"a": x}
    return x


def _value(rnd: random.Random, old: Any) -> Any:
    if isinstance(old, bool):
        return rnd.choice([not old, int(old), None, str(old).lower()])
    if isinstance(old, int):
        return rnd.choice([old + 1, old - 1, -old, 0, -1, 2**64, 10**30, -(10**30), old + 0.0,
                           old + 0.5, str(old), None, True, [old], rnd.randrange(60)])
    if isinstance(old, str):
        return rnd.choice(["", old + "x", old.upper(), 1, None, [old], "reveal", "bet", "done"])
    if isinstance(old, list):
        return rnd.choice([[], None, 0, "x", {}, [old], old + old, old[::-1]])
    if isinstance(old, dict):
        return rnd.choice([{}, [], None, 0, list(old.values())])
    return rnd.choice([0, 1, "", [], {}, False])


def _card_groups(data: dict) -> list[list]:
    st = data.get("state") if isinstance(data, dict) else None
    if not isinstance(st, dict):
        return []
    groups = []
    for key in ("hand", "game"):
        h = st.get(key)
        if isinstance(h, dict):
            for f in ("cards", "shown"):
                if isinstance(h.get(f), list):
                    groups += [x for x in h[f] if isinstance(x, list)]
            for f in ("pile", "stock"):
                if isinstance(h.get(f), list):
                    groups.append(h[f])
    return groups


def mutate(rnd: random.Random, data: Any) -> Any:
    """One random edit of parsed save data (in place when possible; returns the data)."""
    r = rnd.randrange(12)
    if r == 0:  # a card duplicated / moved across hands, deck and discards
        groups = [g for g in _card_groups(data)]
        full = [g for g in groups if g]
        if full and groups:
            src, dst = rnd.choice(full), rnd.choice(groups)
            c = rnd.choice(src)
            if rnd.random() < 0.5:
                src.remove(c)
            dst.insert(rnd.randint(0, len(dst)), c)
            return data
    if r == 1:  # chips: one count changed, or changed keeping the total
        led = data.get("state", {}).get("ledger") if isinstance(data.get("state"), dict) else None
        if isinstance(led, dict) and isinstance(led.get("stacks"), list) and led["stacks"]:
            i = rnd.randrange(len(led["stacks"]))
            d = rnd.choice([1, -1, 5, 10**20])
            led["stacks"][i] = led["stacks"][i] + d if isinstance(led["stacks"][i], int) else d
            if rnd.random() < 0.5 and isinstance(led.get("total"), int):
                led["total"] += d
            return data
    if r == 2:  # whose turn
        st = data.get("state")
        h = (st.get("hand") or st.get("game")) if isinstance(st, dict) else None
        if isinstance(h, dict):
            q = h.get("queue")
            if isinstance(q, list) and q:
                q[0] = (q[0] + rnd.randint(1, 6)) if isinstance(q[0], int) else 0
            elif isinstance(q, list):
                q.append(rnd.randrange(7))
            rd = h.get("round")
            if isinstance(rd, dict) and isinstance(rd.get("pending"), list):
                rd["pending"] = [*rd["pending"][::-1], rnd.randrange(7)]
            return data
    if r == 3:  # version / format
        key = rnd.choice(["version", "format"])
        data[key] = rnd.choice([0, 2, -1, 1.0, True, "1", None, 2**80, "pedron.diablo.table",
                                "pedron.diamondback.table"])
        return data
    if r == 4:  # history or log edited
        for key in ("log", "state"):
            if rnd.random() < 0.5 or key == "state":
                hist = _get(data, ("state", "history")) if key == "state" else data.get("log")
                if isinstance(hist, list) and hist:
                    i = rnd.randrange(len(hist))
                    op = rnd.randrange(4)
                    if op == 0:
                        del hist[i]
                    elif op == 1:
                        hist.insert(i, hist[i])
                    elif op == 2:
                        j = rnd.randrange(len(hist))
                        hist[i], hist[j] = hist[j], hist[i]
                    elif isinstance(hist[i], list) and hist[i]:
                        k = rnd.randrange(len(hist[i]))
                        hist[i][k] = _value(rnd, hist[i][k])
                    return data
    if r == 5:  # deep nesting somewhere
        paths = [p for p in _paths(data) if p]
        if paths:
            p = rnd.choice(paths)
            _get(data, p[:-1])[p[-1]] = _deep(rnd)
            return data
    # any field or value of the tree
    paths = [p for p in _paths(data) if p]
    if not paths:
        return _value(rnd, data)
    p = rnd.choice(paths)
    parent, key = _get(data, p[:-1]), p[-1]
    op = rnd.randrange(5)
    if op == 0:
        del parent[key]
    elif op == 1 and isinstance(parent, list):
        parent.insert(key, parent[key])
    elif op == 2 and isinstance(parent, dict):
        parent[key + "_" if isinstance(key, str) else key] = parent.pop(key)
    else:
        parent[key] = _value(rnd, parent[key])
    return data


def _total_after(table: Any) -> int:
    return table.ledger.total


def check_loaded(g: Game, table: Any, rnd: random.Random) -> None:
    """A loaded table is a real, consistent, playable state."""
    text = table.to_json()
    again = g.Table.from_json(text)
    assert again.to_json() == text, "a loaded table does not re-serialize to a fixed point"
    data = json.loads(text)
    setup = data["setup"]
    assert type(setup.get("seed")) in (int, type(None)), f"seed {setup.get('seed')!r} accepted"
    total = table.ledger.total
    assert total <= sum(setup["stacks"])
    check_chips(table, total)
    g.check_cards(table)
    # go on playing legally, chips conserved
    for _ in range(rnd.randint(1, 30)):
        if not step_legal(g, table, rnd):
            break
        check_chips(table, table.ledger.total if _left(table) else total)
        g.check_cards(table)


def _left(table: Any) -> bool:
    return not all(table.seated)


def _cut(rnd: random.Random, text: str) -> Any:
    r = rnd.randrange(6)
    if r == 0:
        return text[: rnd.randrange(len(text))]
    if r == 1:
        i = rnd.randrange(len(text))
        return text[:i] + chr(rnd.randrange(32, 127)) + text[i + 1:]
    if r == 2:
        b = bytearray(text.encode())
        b[rnd.randrange(len(b))] = rnd.randrange(256)
        return bytes(b)
    if r == 3:
        i = rnd.randrange(len(text))
        return text[:i] + text[i + 1:]
    if r == 4:
        return rnd.choice(["", "null", "[]", "{}", "1e999", "[" * 100000, "\ufeff" + text,
                           text + "x", text.replace("1", "01", 1), text * 2, None, 0, [text],
                           text.encode("utf-16"), '{"format": NaN}'])
    i = rnd.randrange(len(text))
    return text[:i] + '"' + text[i:]


def save_target(name: str) -> Callable[[random.Random], None]:
    g = GAMES[name]

    def target(rnd: random.Random) -> None:
        saves = real_saves(name)
        text = rnd.choice(saves)
        other = rnd.choice(saves)
        if rnd.random() < 0.2:
            bad: Any = _cut(rnd, text)
        else:
            data = json.loads(text)
            if rnd.random() < 0.1:  # a part of another save spliced in
                data[rnd.choice(["setup", "log", "state"])] = json.loads(other)[
                    rnd.choice(["setup", "log", "state"])]
            for _ in range(rnd.randint(1, 4)):
                # (an edit that does not fit what earlier edits left is skipped)
                with contextlib.suppress(KeyError, TypeError, IndexError, AttributeError,
                                         ValueError):
                    data = mutate(rnd, data)
            r = rnd.random()
            try:
                bad = json.dumps(data) if r < 0.8 else (json.dumps(data).encode() if r < 0.9
                                                        else data)
            except (RecursionError, ValueError):
                bad = data
        load_and_check(g, bad, rnd)

    return target


def load_and_check(g: Game, save: Any, rnd: random.Random) -> None:
    """``Table.from_json(save)``: refused with a PedronError, or a table passing check_loaded."""
    try:
        table = g.Table.from_json(save)
    except PedronError:
        STATS["refused"] += 1
        return
    STATS["accepted"] += 1
    check_loaded(g, table, rnd)


# --------------------------------------------------------------------------------------
# random calls
# --------------------------------------------------------------------------------------


def _listed(action: Action, legal: list[LegalAction]) -> bool:
    for a in legal:
        if a.kind != action.kind:
            continue
        if a.kind in ("bet", "raise", "ante"):
            return a.min <= action.amount <= a.max
        if a.kind == "reveal":  # (a card may be named by its text, e.g. "Q4")
            card = action.cards[0]
            if isinstance(card, str):
                card = parse_ids(card)[0]
            return len(action.cards) == 1 and card in a.cards
        if a.kind == "draw":
            cards = _card_list(action.cards)
            return set(cards) <= set(a.cards) and a.min <= len(cards) <= a.max
        if a.kind == "choose":
            game = action.amount  # an index of GAMES or a name
            return (GAMES_DL.index(game) if game in GAMES_DL else game) in a.cards
        return True
    return False


def random_call(g: Game, table: Any, rnd: random.Random, stale: list[Any]) -> tuple:
    """A random call: ``(description, callable, action or None)``."""
    cur = g.current(table)
    legal = cur.legal_actions() if cur is not None else []
    n = table.n
    r = rnd.randrange(20)
    seat = rnd.choice([rnd.randrange(n), rnd.randrange(n), garbage(rnd)])
    if r < 6 and legal:
        a = g.pick(rnd, cur, legal)
        if rnd.random() < 0.3:
            a = dataclasses.replace(a, seat=cur.to_act)
        return "legal", lambda: table.act(a), a
    if r < 11:
        a = random_action(rnd, cur, legal, n)
        target = cur if cur is not None and rnd.random() < 0.5 else table
        if stale and rnd.random() < 0.2:
            target = rnd.choice(stale)
        return "act", lambda: target.act(a), (a if target is cur or target is table else None)
    if r == 11:
        if rnd.random() < 0.3:
            order = rnd.choice([[1, 2, 3], [0, 0], "Q1 Q2", [60], None, [True], "Kc Kh", (5,)])
            if g.name == "diablo":
                return "next", lambda: table.next_deal(order), None
            return "next", lambda: table.next_deal(order), None
        return "next", lambda: g.start(table), None
    if r == 12:
        if g.name == "diamondback":
            return "leave", lambda: table.leave(seat), None
        return "close", lambda: table.close(), None
    if r == 13:
        if g.name == "diamondback":
            agree = rnd.choice([True, False, True, 1, None])
            return "vote", lambda: table.vote_end(seat, agree), None
        return "hand_value", lambda: (cur or table.game or stale[0]).hand_value(seat) if (
            cur or stale) else None, None
    if r == 14:
        return "close", lambda: table.close(), None
    if r == 15:
        if rnd.random() < 0.2:  # a clone is the same table, and independent
            def clone() -> None:
                other = (cur.clone().table if cur is not None and rnd.random() < 0.5
                         else table.clone())
                assert other.to_json() == table.to_json()
                assert other.ledger is not table.ledger
            return "clone", clone, None
        return "view", lambda: table.view(rnd.choice([seat, None])), None
    # an action method of the current or a stale hand/game, with random arguments
    obj = rnd.choice(stale) if stale and rnd.random() < 0.2 else cur
    if obj is None:
        return "legal_actions", lambda: table.legal_actions(), None
    held = ()
    if cur is not None and isinstance(cur.to_act, int):
        held = tuple(cur.cards[cur.to_act])
    s = rnd.choice([None, cur.to_act if cur is not None else None, seat])
    amount = garbage(rnd, legal[0].min if legal and legal[0].min is not None else None)
    if g.name == "diamondback":
        calls = {
            "bet": lambda: obj.bet(amount, s), "stop": lambda: obj.stop(s),
            "match": lambda: obj.match(s), "fold": lambda: obj.fold(s),
            "reveal": lambda: obj.reveal(rnd.choice([*held, amount]) if held else amount, s),
            "set_ante": lambda: obj.set_ante(amount, s),
        }
    else:
        calls = {
            "check": lambda: obj.check(s), "bet": lambda: obj.bet(amount, s),
            "call": lambda: obj.call(s), "raise_by": lambda: obj.raise_by(amount, s),
            "raise_to": lambda: obj.raise_to(amount, s), "fold": lambda: obj.fold(s),
            "draw": lambda: obj.draw(garbage_cards(rnd, held), s),
            "declare": lambda: obj.declare(garbage(rnd), garbage_cards(rnd), s),
            "choose": lambda: obj.choose(rnd.choice(["diablo", "draw", 0, 1, 2, 7, amount]), s),
        }
    name = rnd.choice(list(calls))
    return name, calls[name], None


def actions_target(name: str) -> Callable[[random.Random], None]:
    g = GAMES[name]

    def target(rnd: random.Random) -> None:
        table = g.make(rnd)
        total = table.ledger.total
        stale: list[Any] = []
        for _ in range(rnd.randint(5, 120)):
            cur = g.current(table)
            if cur is not None and cur.done and cur not in stale:
                stale.append(cur)
            what, call, action = random_call(g, table, rnd, stale)
            legal = cur.legal_actions() if cur is not None else []
            checked = cur.check_action(action) if (action is not None and cur is not None) else ""
            before = table.to_json()
            try:
                out = call()
            except PedronError:
                STATS["refused"] += 1
                assert table.to_json() == before, f"{what} refused but the state changed"
                if action is not None and cur is not None and not cur.done:
                    assert checked is not None, f"check_action accepted a refused {action}"
                check_chips(table, total)
                continue
            STATS["accepted"] += 1
            if what == "leave":
                total -= out
            if action is not None:
                assert cur is not None, f"{action} accepted with no hand"
                assert checked is None, f"{action} accepted but check_action said {checked!r}"
                assert _listed(action, legal), f"{action} accepted but not listed in {legal}"
            if what in ("view", "hand_value", "legal_actions") or what == "next":
                pass
            check_chips(table, total)
            g.check_cards(table)
            if what == "view" and out is not None:
                assert is_plain(out)
        # the session still saves and restores exactly
        text = table.to_json()
        assert g.Table.from_json(text).to_json() == text

    return target


# --------------------------------------------------------------------------------------
# privacy
# --------------------------------------------------------------------------------------

CARD_FIELDS = {"cards", "my_cards", "exposed", "shown"}


def _card_values(obj: Any, field: str | None = None, out: set | None = None) -> set:
    """Card ids in the card-bearing fields of a view (walked recursively)."""
    if out is None:
        out = set()
    if isinstance(obj, LegalAction):
        if obj.kind != "choose":
            out.update(obj.cards)
        return out
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            _card_values(getattr(obj, f.name), f.name, out)
        return out
    if isinstance(obj, tuple):
        for x in obj:
            _card_values(x, field, out)
        return out
    if field in CARD_FIELDS and isinstance(obj, int) and not isinstance(obj, bool):
        out.add(obj)
    return out


def _records(table: Any, cur: Any) -> list[Record]:
    recs = list(table.history)
    if cur is not None:
        recs += list(cur.history)
    return recs


def known_to(table: Any, cur: Any, viewer: int | None) -> set[int]:
    """Cards ``viewer`` has a right to know in the current hand/game."""
    known: set[int] = set()
    for r in _records(table, cur):
        if r.cards and (not r.private or (viewer is not None and r.seat == viewer)):
            known.update(r.cards)
    if cur is not None:
        for s in cur.shown:
            known.update(s)
        if viewer is not None:
            known.update(cur.cards[viewer])
    return known


def _deck_size(g: Game, cur: Any) -> int:
    if g.name == "diablo":
        return 52
    return {2: 15, 3: 29, 4: 43}[max(len(cur.dealt_in), 2)]


def _permuted_clone(g: Game, table: Any, hidden: list[int], rnd: random.Random) -> Any:
    """A clone where the cards hidden from the viewer are permuted among themselves."""
    perm = hidden[:]
    rnd.shuffle(perm)
    m = dict(zip(hidden, perm, strict=True))

    def f(cs: Any) -> tuple:
        return tuple(m.get(c, c) for c in cs)

    other = table.clone()
    cur = g.current(other)
    cur.cards = [f(c) for c in cur.cards]
    cur.history = [dataclasses.replace(r, cards=f(r.cards)) if r.private else r
                   for r in cur.history]
    if g.name == "diablo":
        cur.pile = list(f(cur.pile))
        if cur.deck is not None:
            from pedron.diablo.cards import Deck
            other._deck = Deck(other.rng, order=list(f(cur.deck.stock)))
            cur.deck = other._deck
    return other


def secrets(table: Any) -> list[str]:
    """Texts that must never appear in a view: the seed and the generator's words."""
    out = []
    seed = table.rng.seed
    if isinstance(seed, int) and seed >= 10**6:
        out += [str(seed), hex(seed)[2:]]
    for w in table.rng.getstate()["s"]:
        if w >= 10**6:
            out += [str(w), hex(w)[2:]]
    return out


def check_views(g: Game, table: Any, rnd: random.Random, counterfactual: bool = True) -> None:
    cur = g.current(table)
    seats = [*range(table.n), None]
    secret = secrets(table)
    for v in seats:
        view = table.view(v)
        STATS["views"] += 1
        assert is_plain(view), "a view holds something other than plain frozen data"
        text = repr(view)
        js = json.dumps(view.to_json())
        for s in secret:
            assert s not in text and s not in js, "the seed or generator state is in a view"
        if cur is None:
            continue
        known = known_to(table, cur, v)
        size = _deck_size(g, cur)
        hidden = [c for c in range(size) if c not in known]
        leaked = _card_values(view) & set(hidden)
        assert not leaked, f"seat {v} sees hidden cards {sorted(leaked)}"
        leaked = _card_values_json(view.to_json()) & set(hidden)
        assert not leaked, f"seat {v}'s view JSON holds hidden cards {sorted(leaked)}"
        if counterfactual and len(hidden) > 1:
            other = _permuted_clone(g, table, hidden, rnd)
            view2 = other.view(v)
            STATS["permuted"] += 1
            assert repr(view2) == text, f"seat {v}'s view depends on hidden cards"
            assert json.dumps(view2.to_json()) == js, f"seat {v}'s view JSON depends on hidden"


JSON_CARD_FIELDS = {"my_cards", "exposed", "shown"}


def _card_values_json(obj: Any, field: str | None = None, out: set | None = None) -> set:
    if out is None:
        out = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "history":
                for rec in v:  # [kind, seat, amount, cards, private, note]
                    out.update(rec[3])
            elif k == "legal_actions":
                for a in v:  # [kind, min, max, cards]
                    if a[0] != "choose":
                        out.update(a[3])
            else:
                _card_values_json(v, k, out)
    elif isinstance(obj, list):
        for x in obj:
            _card_values_json(x, field, out)
    elif field in JSON_CARD_FIELDS and isinstance(obj, int) and not isinstance(obj, bool):
        out.add(obj)
    return out


def privacy_target(name: str) -> Callable[[random.Random], None]:
    g = GAMES[name]

    def target(rnd: random.Random) -> None:
        table = g.make(rnd, seed=rnd.getrandbits(64) | (1 << 63))
        check_views(g, table, rnd)
        for _ in range(rnd.randint(1, 60)):
            if not step_legal(g, table, rnd):
                break
            check_views(g, table, rnd, counterfactual=rnd.random() < 0.5)
            STATS["accepted"] += 1

    return target


TARGETS: dict[str, Callable[[random.Random], None]] = {}
for _name in GAMES:
    TARGETS[f"save_{_name}"] = save_target(_name)
    TARGETS[f"actions_{_name}"] = actions_target(_name)
    TARGETS[f"privacy_{_name}"] = privacy_target(_name)
