"""Strategy charts in players' words, made from the exact analysis and
measured exactly.

A chart is an ordered list of hold patterns ("4 to a royal flush", "3 to a
straight flush, type 2", "two pair", "KQ suited", "a deuce alone"). To play
a deal, find every pattern the deal holds and keep the cards of the one
listed first; when two holds fit that line, keep the one with the higher
cards. :func:`strategy_chart` builds the chart from every deal's exact hold
values (the patterns named from the kept cards alone), orders it to lose as
little as it can against perfect play, and then measures it: the chart is
played on every deal and its return computed exactly, so its cost (perfect
play's return minus the chart's) is exact too.

Words: "high cards" are the ranks whose pair pays (jacks up in jacks or
better, tens up in tens or better, kings up in joker poker); "suited" cards
share a suit; a straight draw is "outside" when either end completes it and
"inside" when one card in the middle is missing; "type" of a three-card
straight-flush draw follows the usual rule: type 1 when its high cards are
at least its gaps, type 3 when it has two gaps and no high card, type 2 for
the rest (and for any ace-low or 2-3-4 draw).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from pedron._kernels import videopoker as _vp
from pedron._locks import module_lock
from pedron.drawpoker import WILDS, PayTable, deck_tables
from pedron.errors import PedronTypeError, PedronValueError
from pedron.text import wrap
from pedron.videopoker.analysis import JOKER, _table_arg, format_hand, parse_hand
from pedron.videopoker.tables import Game

__all__ = ["ChartLine", "StrategyChart", "strategy_chart"]

_RANK = "23456789TJQKA"
_WORDS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")
_MANY = ("2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "jacks", "queens", "kings",
         "aces")


@dataclass(frozen=True, slots=True)
class ChartLine:
    """One line of a strategy chart.

    Attributes: ``pattern`` (the hold in words), ``example`` (a deal where
    this line decides the play, and the cards kept), ``deals`` (how many of
    the game's deals this line decides) and ``loss`` (what following it
    costs against perfect play on those deals, per hand played, exact).
    """

    pattern: str
    example: str
    deals: int
    loss: Fraction


@dataclass(frozen=True, slots=True)
class StrategyChart:
    """A strategy chart and its exact measure (see the module text).

    Attributes: ``pay_table``, ``lines`` (best first), ``return_`` (the
    chart's own return, exact), ``optimal`` (perfect play's return) and
    ``seconds`` (the time taken to build and measure it).
    """

    pay_table: PayTable
    lines: tuple[ChartLine, ...]
    return_: Fraction
    optimal: Fraction
    seconds: float

    @property
    def cost(self) -> Fraction:
        """Perfect play's return minus the chart's, per unit bet (exact)."""
        return self.optimal - self.return_

    @property
    def patterns(self) -> tuple[str, ...]:
        return tuple(line.pattern for line in self.lines)

    def hold(self, hand: Any) -> tuple[int, ...]:
        """The cards the chart keeps from a dealt hand (hand order).

        A lookup, some microseconds a hand: the first call for a chart works out
        its choice for every suit class of deals at once (well under a second;
        the last 16 charts' tables are kept for the process, shared by every
        thread)."""
        return _chart_play(self, parse_hand(hand, self.pay_table.wilds)).held

    def groups(self) -> list[tuple[str, list[ChartLine]]]:
        """The lines as a player reads them: neighbours that differ only in
        their cards (``3 to a straight flush (765)``, ``(876)``, ...) joined
        into one ``(family, lines)`` entry, in the chart's order."""
        out: list[tuple[str, list[ChartLine]]] = []
        for line in self.lines:
            family, _ = _family(line.pattern)
            if out and family is not None and out[-1][0] == family:
                out[-1][1].append(line)
            else:
                out.append((family if family is not None else line.pattern, [line]))
        return out

    def text(self) -> str:
        """The chart as a player reads it (see :meth:`groups`), its lines wrapped
        between words within 100 columns."""
        t = self.pay_table
        head = (f"{t.name or 'pay table'}: strategy chart ({len(self.lines)} hold patterns)\n"
                f"perfect play returns {float(self.optimal):.6%}; this chart "
                f"{float(self.return_):.6%} (costs {float(self.cost) * 100:.4f} percentage "
                f"points, measured exactly on every deal)\n"
                "Keep the cards of the first line the deal holds, in the order listed "
                "within a line (two holds on one line: keep the higher cards).\n")
        body = []
        for i, (family, lines) in enumerate(self.groups(), 1):
            if len(lines) == 1:
                text = lines[0].pattern
            else:
                text = f"{family}: " + ", ".join(_family(x.pattern)[1] for x in lines)
            body.append(wrap(f"{i:>3}. {text}", indent="     "))
        return wrap(head) + "\n" + "\n".join(body)

    def as_dict(self) -> dict[str, Any]:
        return {
            "pay_table": self.pay_table.as_dict(),
            "return": str(self.return_), "return_float": float(self.return_),
            "optimal": str(self.optimal), "optimal_float": float(self.optimal),
            "cost": str(self.cost), "cost_percentage_points": float(self.cost) * 100,
            "seconds": round(self.seconds, 3),
            "lines": [{"pattern": line.pattern, "example": line.example, "deals": line.deals,
                       "loss": str(line.loss)} for line in self.lines],
        }

    def __repr__(self) -> str:
        return (f"StrategyChart({self.pay_table.name!r}, {len(self.lines)} lines, "
                f"cost={float(self.cost) * 100:.4f} pp)")


_SUITED = re.compile(r"^(.*?)([2-9TJQKA]{2,3}) (suited|unsuited)$")
_CARDS = re.compile(r"^(.*) \(([^)]+)\)$")


def _family(pattern: str) -> tuple[str | None, str]:
    """``("3 to a straight flush", "765")`` for ``"3 to a straight flush
    (765)"``; ``("a deuce + suited", "KQ")`` for ``"a deuce + KQ suited"``;
    ``(None, pattern)`` for a line of its own."""
    m = _CARDS.match(pattern)
    if m:
        return m.group(1), m.group(2)
    m = _SUITED.match(pattern)
    if m:
        return f"{m.group(1)}{m.group(3)} cards", m.group(2)
    return None, pattern


def _holds(table: PayTable, deals: Any) -> tuple[Any, Any]:
    deck = deck_tables(table.wilds)
    _, v5 = table.hand_values()
    sums = _vp.subset_sums(v5)
    values = np.empty((len(deals), 32), dtype=np.int64)
    keys = np.empty((len(deals), 32), dtype=np.int64)
    _vp.deal_holds(sums, deals, deck.cards, WILDS.index(table.wilds), values, keys)
    return values, keys


@dataclass(frozen=True, slots=True)
class _ChartPlay:
    """What a chart plays on one deal: ``line`` (the index in the chart's lines of
    the first line the deal holds) and ``held`` (the cards kept, hand order)."""

    line: int
    held: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class _ChartTable:
    """A chart's play on every suit class of deals, by the class's key (:func:`_suit_class`).

    ``keys`` (int64, ascending) are the classes' keys; for the class of ``keys[i]``,
    ``lines[i]`` is the first line its deal holds (``len(lines)``: none) and
    ``holds[i]`` the holds of its deal that line names, a bit per hold (hold ``h``,
    bit ``h``, keeps the positions in ``h`` of the class's deal, cards ascending, as
    :func:`_holds` numbers them)."""

    keys: Any
    lines: Any
    holds: Any
    seconds: float


_CHART_TABLES: dict[tuple[PayTable, tuple[str, ...]], _ChartTable] = {}
_BY_CHART: dict[int, tuple[StrategyChart, _ChartTable]] = {}
_CHART_TABLES_KEPT = 16
_CLASS_KEYS: dict[str, tuple[Any, Any]] = {}
_TABLES_LOCK = module_lock(__name__, "_TABLES_LOCK")  # the caches above, every thread's


def _suit_class(cards: tuple[int, ...]) -> tuple[int, list[int]]:
    """The key of a deal's suit class and the deal with its suits renamed as the
    deck's deal of that class has them (:func:`~pedron.drawpoker.deck_tables`:
    suit 0 holds the highest rank mask, then 1, 2, 3; the joker has no suit).

    The key packs the four masks so renamed, 13 bits each from the highest, and
    the joker at bit 52: two deals share a key exactly when renaming suits turns
    one into the other."""
    masks = [0, 0, 0, 0]
    joker = 0
    for c in cards:
        if c == JOKER:
            joker = 1
        else:
            masks[c & 3] |= 1 << (c >> 2)
    order = sorted(range(4), key=masks.__getitem__, reverse=True)
    slot = [0, 0, 0, 0]
    for j, suit in enumerate(order):
        slot[suit] = j
    key = (joker << 52 | masks[order[0]] << 39 | masks[order[1]] << 26
           | masks[order[2]] << 13 | masks[order[3]])
    return key, [c if c == JOKER else (c & ~3) | slot[c & 3] for c in cards]


def _class_keys(deals: Any) -> Any:
    """:func:`_suit_class`'s key of each deal of ``deals`` ((n, 5) uint8), as int64."""
    cards = deals.astype(np.int64)
    natural = cards != JOKER
    masks = np.zeros((len(cards), 4), dtype=np.int64)
    for s in range(4):
        masks[:, s] = np.where(natural & (cards & 3 == s), 1 << (cards >> 2), 0).sum(axis=1)
    masks = -np.sort(-masks, axis=1)
    joker = (~natural).any(axis=1).astype(np.int64)
    return joker << 52 | masks[:, 0] << 39 | masks[:, 1] << 26 | masks[:, 2] << 13 | masks[:, 3]


def _deck_classes(wilds: str) -> tuple[Any, Any]:
    """``(keys, order)``: the keys of the deck's suit classes ascending, and the row of
    the deck's deals of each (built once per deck; the caller holds the lock)."""
    found = _CLASS_KEYS.get(wilds)
    if found is None:
        deals = deck_tables(wilds).deals
        keys = _class_keys(deals)
        order = np.argsort(keys, kind="stable")
        found = (keys[order], order)
        if not (found[0][1:] > found[0][:-1]).all():
            raise RuntimeError("videopoker: two deals of the deck share a suit class")
        for a in found:
            a.flags.writeable = False
        _CLASS_KEYS[wilds] = found
    return found


def _chart_table(chart: StrategyChart) -> _ChartTable:
    """The chart's play on every suit class (:class:`_ChartTable`), made on first use
    and kept for the last :data:`_CHART_TABLES_KEPT` charts used (1.1-1.2 MB each):
    found by the chart object, else by its pay table and lines."""
    mine = _BY_CHART.get(id(chart))
    if mine is not None and mine[0] is chart:
        return mine[1]
    with _TABLES_LOCK:
        cache = (chart.pay_table, chart.patterns)
        found = _CHART_TABLES.pop(cache, None)
        if found is None:
            found = _build_chart_table(chart.pay_table, chart.patterns)
        _CHART_TABLES[cache] = found   # (the last used last: a dict keeps its order)
        _BY_CHART[id(chart)] = (chart, found)   # (the chart kept: its id stays its own)
        while len(_CHART_TABLES) > _CHART_TABLES_KEPT:
            del _CHART_TABLES[next(iter(_CHART_TABLES))]
        while len(_BY_CHART) > _CHART_TABLES_KEPT:
            del _BY_CHART[next(iter(_BY_CHART))]
        return found


def _build_chart_table(table: PayTable, patterns: tuple[str, ...]) -> _ChartTable:
    started = time.perf_counter()
    keys, order = _deck_classes(table.wilds)
    deals = deck_tables(table.wilds).deals
    _values, hold_keys = _holds(table, deals)
    del _values
    unique, inverse = _unique_keys(hold_keys)
    del hold_keys
    name = _namer(table)
    rank = {p: i for i, p in enumerate(patterns)}   # (a pattern listed twice: its last line)
    unlisted = len(patterns)
    ranks = np.array([rank.get(name(int(k)), unlisted) for k in unique],
                     dtype=np.int32)[inverse]
    del inverse
    lines = ranks.min(axis=1)
    bits = np.left_shift(np.uint32(1), np.arange(32, dtype=np.uint32))
    holds = np.bitwise_or.reduce(np.where(ranks == lines[:, None], bits, np.uint32(0)), axis=1)
    out = (lines[order].astype(np.int32), holds[order].astype(np.uint32))
    for a in out:
        a.flags.writeable = False
    return _ChartTable(keys, *out, time.perf_counter() - started)


def _chart_play(chart: StrategyChart, cards: tuple[int, ...]) -> _ChartPlay:
    """The chart's play on five checked cards: of the holds the first line the deal
    holds names, the one of the higher cards (the highest hold mask over the cards
    ascending). A lookup in :func:`_chart_table`, then at most 32 holds to compare."""
    found = _chart_table(chart)
    key, renamed = _suit_class(cards)
    i = int(found.keys.searchsorted(key))
    if i == len(found.keys) or int(found.keys[i]) != key:
        raise RuntimeError(f"videopoker: no suit class for the deal {format_hand(cards)}")
    line = int(found.lines[i])
    holds = int(found.holds[i])
    if line == len(chart.lines) or not holds:
        raise PedronValueError(f"the chart has no line for {format_hand(cards)} (a chart "
                               "ends with 'discard everything')")
    # The class's deal is the renamed cards ascending: its position j is the hand's
    # card ``mine[j]``, which counts ``value[j]`` in a hold mask over the hand's cards.
    ascending = sorted(cards)
    original = dict(zip(renamed, cards, strict=True))
    mine = [original[c] for c in sorted(renamed)]
    value = [1 << ascending.index(c) for c in mine]
    best = -1
    while holds:
        low = holds & -holds
        holds ^= low
        h = low.bit_length() - 1
        mask = sum(value[j] for j in range(5) if h >> j & 1)
        best = max(best, mask)
    return _ChartPlay(line, tuple(c for c in cards if best >> ascending.index(c) & 1))


def _hold_search(chart: StrategyChart, hand: Any) -> tuple[int, ...]:
    """:meth:`StrategyChart.hold` by search (15-130 ms a hand), the reference the
    lookup is tested against: every hold of the deal named, the first listed line
    kept, the higher cards among holds of one line."""
    cards = parse_hand(hand, chart.pay_table.wilds)
    order = sorted(cards)
    _values, keys = _holds(chart.pay_table, np.array([order], dtype=np.uint8))
    names = _namer(chart.pay_table)
    rank = {p: i for i, p in enumerate(chart.patterns)}
    best = None
    for h in range(31, -1, -1):   # the higher cards first among equal lines
        r = rank.get(names(int(keys[0, h])))
        if r is not None and (best is None or r < best[0]):
            best = (r, h)
    if best is None:
        raise PedronValueError(f"the chart has no line for {format_hand(cards)} (a chart "
                               "ends with 'discard everything')")
    kept = {order[i] for i in range(5) if best[1] >> i & 1}
    return tuple(c for c in cards if c in kept)


def _unique_keys(keys: Any) -> tuple[Any, Any]:
    """``np.unique(keys, return_inverse=True)`` for :func:`_holds`' keys (27 bits), the
    inverse in the keys' shape, some times faster (a sort of int32, no argsort)."""
    small = keys.astype(np.int32)
    if not (keys == small).all():
        raise RuntimeError("videopoker: a hold key past 31 bits")
    unique = np.unique(small)
    return unique.astype(np.int64), np.searchsorted(unique, small)


def _decode(key: int) -> tuple[int, int, bool, list[int]]:
    n = key & 7
    w = (key >> 3) & 7
    suited = bool((key >> 6) & 1)
    ranks = [(key >> (7 + 4 * j)) & 15 for j in range(5)]
    return n, w, suited, [r for r in ranks if r != 15]


def _low_pay_rank(table: PayTable) -> int | None:
    """The lowest rank whose pair pays (None: no pair pays)."""
    low = None
    for r in table.rows:
        if r.hand == "pair" and r.pays > 0 and r.wild is not True:
            ranks = r.ranks if r.ranks is not None else frozenset(range(13))
            low = min(ranks) if low is None else min(low, min(ranks))
    return low


def _windows(ranks: list[int]) -> list[int]:
    """The straights (by top rank, 3 = five-high .. 12 = ace-high) that
    contain every one of the distinct ``ranks`` (the ace plays high or low)."""
    out = []
    for top in range(3, 13):
        window = set(range(top - 4, top + 1)) if top > 3 else {12, 0, 1, 2, 3}
        if all(r in window for r in ranks):
            out.append(top)
    return out


def _rank_groups(table: PayTable, hands: tuple[str, ...]) -> list[str]:
    """Per rank, the words for the group of ranks the pay table's rows of
    these ``hands`` treat alike (by their rank and kicker sets): ``"aces"``,
    ``"2s-4s"``, ``"jacks-kings"``; one group ``""`` when they name no ranks."""
    sig = []
    for r in range(13):
        sig.append(tuple((row.ranks is not None and r in row.ranks,
                          row.kicker is not None and r in row.kicker)
                         for row in table.rows if row.hand in hands))
    groups: dict[tuple[Any, ...], list[int]] = {}
    for r in range(13):
        groups.setdefault(sig[r], []).append(r)
    words = [""] * 13
    if len(groups) == 1:
        return words
    for members in groups.values():
        words_for = _group_words(members)
        for r in members:
            words[r] = words_for
    return words


def _group_words(members: list[int]) -> str:
    if len(members) == 1:
        return _MANY[members[0]]
    short = [f"{_RANK[r] if r < 8 else ('10' if r == 8 else _RANK[r])}s" for r in range(13)]
    if members == list(range(members[0], members[-1] + 1)):
        return f"{short[members[0]]}-{short[members[-1]]}"
    return ", ".join(short[r] for r in members)


def _namer(table: PayTable) -> Callable[[int], str]:
    """The pattern of a hold from its key, in players' words."""
    low = _low_pay_rank(table)
    wilds = table.wilds
    big = ("four of a kind", "five of a kind", "four deuces")
    quad_groups = _rank_groups(table, big)
    pair_groups = _rank_groups(table, (*big, "pair", "two pair", "three of a kind"))
    row_of = None
    cache: dict[int, str] = {}
    wild_word = {"deuces": ("a deuce", "two deuces", "three deuces", "four deuces"),
                 "joker": ("the joker",)}.get(wilds, ())

    def high(r: int) -> bool:
        return low is not None and r >= low

    def made_label(ranks: list[int], w: int, suited: bool) -> str:
        nonlocal row_of
        if row_of is None:
            row_of = table.row_lookup()
        cards = [r * 4 + (0 if suited else i % 2) for i, r in enumerate(ranks)]
        if not suited and len(cards) >= 2 and len({c & 3 for c in cards}) == 1:
            cards[0] += 1
        wild_cards = list(range(w)) if wilds == "deuces" else [52] * w
        d = _vp.describe_hand(sorted(cards + wild_cards), WILDS.index(wilds))
        i = int(row_of[d])
        label = table.rows[i].label if i < len(table.rows) else "nothing"
        # a hand made of fewer than five cards, kept with the rest: say so
        # (holding two pair and its kicker is another play than two pair)
        if (d & 15) in (1, 2, 3, 4, 8) and (i == len(table.rows)
                                             or table.rows[i].kicker is None):
            return f"{label}, all five kept"
        return label

    paying = frozenset(r for r in range(13) if high(r))

    def pair_words(r: int, count: int = 2) -> str:
        """A pair, trips or quads' rank in words: the table's group of ranks
        (``aces``, ``2s-4s``) where the table tells ranks apart."""
        groups = pair_groups if count == 2 else quad_groups
        if groups[r]:
            members = frozenset(i for i in range(13) if groups[i] == groups[r])
            if members == paying and len(members) > 1:
                return "high"
            if members == frozenset(range(13)) - paying and paying:
                return "low"
            return groups[r]
        if paying and count == 2:
            return "high" if high(r) else "low"
        return ""

    def multiples(counts: dict[int, int]) -> str:
        multi = sorted(((c, r) for r, c in counts.items() if c > 1), reverse=True)
        singles = sorted((r for r, c in counts.items() if c == 1), reverse=True)
        top_c, top_r = multi[0]
        kick = ""
        if singles:
            if any(row.kicker is not None for row in table.rows) and top_c >= 3:
                kick = " + " + ", ".join(_kicker_words(r, table, top_r) for r in singles) + \
                    " kicker"
            else:
                kick = " + " + "".join(_RANK[r] for r in singles)
        if len(multi) == 2:
            a, b = pair_words(multi[0][1], multi[0][0]), pair_words(multi[1][1])
            if top_c == 3:
                return "full house" + kick
            if wilds == "none" and a and a != "high" and a != "low":
                return f"two pair, {a} with {b}" + kick if a != b else f"two pair, {a}" + kick
            return "two pair" + kick
        words = pair_words(top_r, top_c)
        noun = {4: "four of a kind", 3: "three of a kind", 2: "pair"}[top_c]
        if not words:
            return noun + kick
        if words in ("high", "low"):
            return f"{words} {noun}" + kick if top_c == 2 else f"{noun}, {words}" + kick
        count = {4: "four", 3: "three", 2: "pair of"}[top_c]
        return f"{count} {words}{kick}"

    def draw(w: int, suited: bool, ranks: list[int]) -> str:
        m = len(ranks)
        highs = sum(1 for r in ranks if high(r))
        hc = f", {highs} high card{'s' if highs != 1 else ''}" if low is not None else ""
        if m == 1:
            return f"{'an' if ranks[0] == 12 else 'a'} {_WORDS[ranks[0]]}"
        windows = _windows(ranks)
        letters = "".join(_RANK[r] for r in ranks)
        wild_game = wilds != "none"
        if suited and windows:
            if min(ranks) >= 8:
                if m == 2:
                    return f"{letters} suited"
                return f"{m} to a royal flush" + (f" ({letters})" if m == 3 else "")
            if wild_game:
                return f"{m} to a straight flush ({letters})"
            if m == 3:
                span = max(ranks) - min(ranks) + 1 if 12 not in ranks or 11 in ranks \
                    else max(r for r in ranks if r != 12) + 2
                gaps = span - 3
                if (12 in ranks and 11 not in ranks) or sorted(ranks) == [0, 1, 2]:
                    kind = 2
                elif highs >= gaps:
                    kind = 1
                elif gaps == 2 and highs == 0:
                    kind = 3
                else:
                    kind = 2
                return f"3 to a straight flush, type {kind}"
            if m == 2:
                return f"{letters} suited"
            return f"4 to a straight flush, {'open' if len(windows) == 2 else 'inside'}"
        if suited:
            if m == 2:
                return f"{letters} suited"
            return f"{m} to a flush{hc}"
        if windows:
            if m == 2 or (m == 3 and (highs >= 2 or wild_game)):
                return f"{letters} unsuited"
            reach = "an outside" if len(windows) >= 2 else "an inside"
            if wild_game:
                return f"{m} to {reach} straight ({letters})"
            return f"{m} to {reach} straight{hc}"
        if m == 2:
            return f"{letters} unsuited"
        return f"{letters}, {m} unsuited cards"

    def name(key: int) -> str:
        found = cache.get(key)
        if found is not None:
            return found
        n, w, suited, ranks = _decode(key)
        counts: dict[int, int] = {}
        for r in ranks:
            counts[r] = counts.get(r, 0) + 1
        if n == 5:
            text = made_label(ranks, w, suited)
            if text == "nothing":
                text = "five cards that pay nothing (stand pat)"
        elif n == 0:
            text = "discard everything"
        else:
            if any(c > 1 for c in counts.values()):
                part = multiples(counts)
            elif ranks:
                part = draw(w, suited, ranks)
            else:
                part = ""
            if w:
                who = wild_word[w - 1] if w <= len(wild_word) else f"{w} wild cards"
                text = f"{who} + {part}" if part else (f"{who} alone" if w == 1 else who)
                if w == 4 and not part:  # (not the five-card "four deuces": one card is drawn)
                    text = "four deuces, drawing the fifth card"
            else:
                text = part
        cache[key] = text
        return text

    return name


def _kicker_words(r: int, table: PayTable, quad: int) -> str:
    """A kicker in words: the kicker of the row it would complete (``2-4``)."""
    for row in table.rows:
        if row.kicker is not None and r in row.kicker and row.ranks is not None \
                and quad in row.ranks:
            return row.describe().rsplit(" + ", 1)[-1]   # the row's own words for it
    return "other"


def strategy_chart(pays: Any = "deuces-wild", *, game: str | Game | None = None,
                   time_limit: float = 40.0,
                   progress: Callable[[int, int], None] | None = None) -> StrategyChart:
    """A strategy chart for a pay table, built from the exact analysis and
    measured exactly (see the module text). ``time_limit`` (seconds) bounds
    the search for a better order; ``progress(step, steps)`` is called as it
    goes."""
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)) \
            or not 0 < float(time_limit) <= 600:
        raise PedronValueError(f"time_limit is 0..600 seconds, not {time_limit!r}")
    if progress is not None and not callable(progress):
        raise PedronTypeError(f"progress must be callable, not {type(progress).__name__}")
    started = time.perf_counter()
    table = _table_arg(pays, game)
    deck = deck_tables(table.wilds)
    deals = deck.deals
    weights = deck.deal_weights.astype(np.float64)
    values, keys = _holds(table, deals)
    name = _namer(table)
    ukeys, inverse = _unique_keys(keys)
    pnames = [name(int(k)) for k in ukeys]
    patterns = sorted(set(pnames))
    pid_of = {p: i for i, p in enumerate(patterns)}
    pid = np.array([pid_of[p] for p in pnames], dtype=np.int32)[inverse]
    npat = len(patterns)
    fvalues = values.astype(np.float64)
    best = fvalues.max(axis=1)
    opt_hold = fvalues.argmax(axis=1)
    rows = np.arange(len(deals))
    opt_pid = pid[rows, opt_hold]
    rev = pid[:, ::-1]   # the higher cards first among equal lines

    def play(order_rank: Any) -> tuple[Any, Any]:
        r = order_rank[rev]
        choice = 31 - r.argmin(axis=1)
        return choice, (best - fvalues[rows, choice]) * weights

    # A first order: each pattern by the mean value of the deals it plays best.
    seen = np.bincount(opt_pid, weights=weights, minlength=npat)
    mean = np.bincount(opt_pid, weights=best * weights, minlength=npat) / np.maximum(seen, 1)
    discard_all = pid_of["discard everything"]
    listed = [p for p in np.argsort(-mean, kind="stable").tolist() if seen[p] > 0]
    if discard_all not in listed:
        listed.append(discard_all)
    unlisted = npat + 1

    def rank_of(order: list[int]) -> Any:
        rank = np.full(npat, unlisted, dtype=np.int32)
        rank[order] = np.arange(len(order), dtype=np.int32)
        return rank

    choice, loss = play(rank_of(listed))
    # The deals holding each pattern: moving a line only changes those.
    flat = pid.ravel()
    by_pattern = np.argsort(flat, kind="stable")
    starts = np.searchsorted(flat[by_pattern], np.arange(npat + 1))
    holders = [np.unique(by_pattern[starts[p]:starts[p + 1]] // 32) for p in range(npat)]

    def play_rows(rank: Any, idx: Any) -> tuple[Any, Any]:
        r = rank[rev[idx]]
        ch = 31 - r.argmin(axis=1)
        return ch, (best[idx] - fvalues[idx, ch]) * weights[idx]

    def try_order(trial: list[int], moved: int) -> bool:
        nonlocal listed
        idx = holders[moved]
        t_choice, t_loss = play_rows(rank_of(trial), idx)
        if t_loss.sum() < loss[idx].sum() - 1e-9:
            listed = trial
            choice[idx] = t_choice
            loss[idx] = t_loss
            return True
        return False

    tried: set[tuple[int, int]] = set()
    step = 0
    deadline = started + float(time_limit)
    while time.perf_counter() < deadline:
        chosen = pid[rows, choice]
        bad = loss > 0
        pair = chosen[bad].astype(np.int64) * npat + opt_pid[bad]
        if not len(pair):
            break
        upair, inv = np.unique(pair, return_inverse=True)
        total = np.bincount(inv, weights=loss[bad])
        improved = False
        for i in np.argsort(-total).tolist():
            c, o = divmod(int(upair[i]), npat)
            if (c, o) in tried or c == o:   # (c == o: two holds on one line)
                continue
            tried.add((c, o))
            # the better line just above the chosen one, or the chosen just below it
            if o != discard_all:
                trial = [p for p in listed if p != o]
                trial.insert(trial.index(c), o)
                if try_order(trial, o):
                    improved = True
                    break
            if c != discard_all and o in listed:
                trial = [p for p in listed if p != c]
                trial.insert(trial.index(o) + 1, c)
                if try_order(trial, c):
                    improved = True
                    break
            if time.perf_counter() >= deadline:
                break
        step += 1
        if progress is not None:
            progress(step, step + 1)
        if not improved:
            break
        tried.clear()
    # Drop lines that decide no deal.
    chosen = pid[rows, choice]
    used = set(np.unique(chosen).tolist()) | {discard_all}
    listed = [p for p in listed if p in used]
    choice, loss = play(rank_of(listed))
    chosen = pid[rows, choice]
    # The exact measure: every deal played by the chart, in integers.
    w_int = deck.deal_weights.astype(object)
    chart_total = sum(int(w) * int(v) for w, v in zip(w_int, values[rows, choice].tolist(),
                                                        strict=True))
    best_total = sum(int(w) * int(v) for w, v in zip(w_int, values.max(axis=1).tolist(),
                                                       strict=True))
    denom = deck.combinations * table.scale
    lines = []
    for p in listed:
        mask = chosen == p
        idx = np.nonzero(mask)[0]
        if len(idx):
            n = int(idx[np.argmax(weights[idx])])
            h = int(choice[n])
            cards = deals[n].tolist()
            kept = [c for i, c in enumerate(cards) if h >> i & 1]
            example = f"{format_hand(cards)}: keep {format_hand(kept) or 'nothing'}"
        else:
            example = "(never decides a deal)"
        exact_loss = sum(int(w) * (int(b) - int(v)) for w, b, v in zip(
            w_int[idx], values[idx].max(axis=1).tolist(), values[idx, choice[idx]].tolist(),
            strict=True))
        lines.append(ChartLine(patterns[p], example, int(deck.deal_weights[idx].sum()),
                               Fraction(exact_loss, denom)))
    if progress is not None:
        progress(step + 1, step + 1)
    return StrategyChart(table, tuple(lines), Fraction(chart_total, denom),
                         Fraction(best_total, denom), time.perf_counter() - started)
