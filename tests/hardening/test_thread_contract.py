"""The thread-safety contract (docs/reliability.md, "The thread-safety contract"),
one stress test per shared object, and the crash issue 29 found.

* ``Deck``: safe, without a lock of its own: every call is one atomic step
  (its shuffles take the generator's lock first).
* ``Generator``: safe, with a lock inside: every call draws one unbroken
  stretch of the stream.
* ``Table`` (its deals too): not safe, documented; misused, it may end
  inconsistent and raise, but never takes the process down.
* The evaluators, odds, the draw advisor: no mutable state (see also
  test_threads.py).
* Video-poker pay tables (``PayTable``) and their analyses: immutable; their
  caches are locked.

Every stress test runs with the interpreter switching threads every
microsecond; they are in scripts/compiled_tests.txt, so CI runs them under
AddressSanitizer and UBSan too. The tests that can crash the process on a
regression run it in a child process, so a crash fails the test instead of
the run.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from thread_stress import run_threads

from pedron import CardSet, Generator, deal_batch, diablo, diamondback, videopoker
from pedron.errors import DeckError, PedronError

np = pytest.importorskip("numpy")

FUZZ_DIR = Path(__file__).resolve().parents[2] / "scripts" / "fuzz"


def run_child(code: str, timeout: float = 240) -> str:
    """Run ``code`` in a child interpreter (this pedron, the fuzz scripts importable);
    its output, after checking it ended normally (a crash is a failure here, not the
    end of the test run)."""
    import pedron

    path = [str(FUZZ_DIR), str(Path(pedron.__file__).resolve().parents[1])]
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
        timeout=timeout, env={**os.environ, "PYTHONPATH": os.pathsep.join(path)},
    )
    assert proc.returncode == 0, (
        f"the child ended with status {proc.returncode} (a negative status is a signal: "
        f"{-proc.returncode} is SIGSEGV when 11)\n{proc.stdout[-2000:]}\n{proc.stderr[-4000:]}")
    return proc.stdout


# -- Deck ---------------------------------------------------------------------------------


def test_restock_racing_return_cards_keeps_every_card_once():
    """Issue 29, the crash: ``restock`` checked the cards, then waited for the
    generator's lock with the GIL released (a batch was dealing from the same
    generator) while another thread returned the same cards; the stock reached 54
    cards with duplicates and the process died. On the code before the fix this
    child found a card twice in the stock within 2 s in 5 runs of 5 (and crashed
    when run longer); the check and the change are now one step after the lock."""
    out = run_child("""
        import sys, threading, time
        import numpy as np
        from pedron import diablo, deal_batch
        from pedron.errors import PedronError
        sys.setswitchinterval(1e-6)
        deck = diablo.Deck(1)
        deck.deal(20)
        rows = np.empty((200_000, 5), np.uint8)
        stop = time.monotonic() + 2.0
        bad = []
        def batches():
            while time.monotonic() < stop and not bad:
                deal_batch(200_000, 5, seed=deck.rng, out=rows)
        def restocks():
            while time.monotonic() < stop and not bad:
                try:
                    deck.restock(list(deck.dealt)[:4])
                except PedronError:
                    pass
        def returns():
            while time.monotonic() < stop and not bad:
                try:
                    deck.return_cards(list(deck.dealt)[:4])
                    deck.deal(4)
                except PedronError:
                    pass
                stock = deck.stock
                if len(stock) != len(set(stock)):
                    bad.append(len(stock))
        threads = [threading.Thread(target=f) for f in (batches, restocks, returns)]
        for t in threads: t.start()
        for t in threads: t.join()
        stock = deck.stock
        print("corrupt" if bad or len(stock) != len(set(stock)) else "ok", len(stock))
    """)
    assert out.split()[0] == "ok", out


def _consistent(deck: Any) -> None:
    """A deck's state, taken at one moment (getstate), holds each of its cards once."""
    state = deck.getstate()
    stock = state["stock"]
    assert len(stock) == len(set(stock)), "a card twice in the stock"
    assert set(stock) <= set(deck.cards), "a foreign card in the stock"
    Generator(0).setstate(state["rng"])  # (a valid generator state)


DECKS = [lambda: diablo.Deck(11), lambda: diamondback.Deck(4, 11)]


#: The stress tests bound their work, not their time: each player makes a fixed number of
#: calls, and the batch thread deals at least one batch and at most BATCHES, stopping
#: early once a player is done. (A batch holds the generator's lock throughout, and the
#: lock is not fair: a player's shuffle may wait for several batches. With 50,000 rows
#: a batch and no cap, that made the run take from 20 s to over 500 s, by scheduling.)
PLAYER_CALLS = 10_000
BATCHES = 2_000
BATCH_ROWS = 5_000


def _batches_from(deck: Any, stop: threading.Event) -> int:
    """Deal batches from ``deck``'s own generator (without the GIL): at least one, then
    until ``stop``, at most ``BATCHES``; how many."""
    rows = np.empty((BATCH_ROWS, 5), np.uint8)
    mask = deck.cards.mask if deck.cards.SIZE == 52 else diamondback.deck_mask(4)
    n = 0
    while n == 0 or (n < BATCHES and not stop.is_set()):
        deal_batch(BATCH_ROWS, 5, deck=mask, seed=deck.rng, out=rows)
        n += 1
    return n


def _players_beside_batches(deck: Any, player: Callable[[int], int]) -> list[int]:
    """``player(i)`` in six threads beside a seventh dealing batches from ``deck``'s
    generator until the first player is done (``_batches_from``); the seven results."""
    stop = threading.Event()

    def work(i: int) -> int:
        if i == 6:
            return _batches_from(deck, stop)
        try:
            return player(i)
        finally:
            stop.set()  # (the first player done stops the batches)

    return run_threads(work, 7)


@pytest.mark.parametrize("make", DECKS, ids=["diablo", "diamondback"])
def test_a_deck_shared_by_threads_and_a_batch_on_its_generator(make):
    """Six threads deal (deal, deal_one, deal_set), give back (return_cards,
    restock), shuffle, copy and read one deck while a seventh deals batches from
    the deck's own generator without the GIL: every snapshot holds each card
    once, and at the end the cards each thread holds, plus the stock, are the
    deck exactly."""
    deck = make()
    deck_cards = set(deck.cards)
    held: list[set[int]] = [set() for _ in range(6)]
    def player(i: int) -> int:
        rng = Generator(100 + i)
        mine = held[i]
        for _ in range(PLAYER_CALLS):
            op = rng.integers(8)
            try:
                if op == 0:
                    mine.update(deck.deal(rng.integers(4)))
                elif op == 1:
                    mine.add(deck.deal_one())
                elif op == 2:
                    mine.update(deck.deal_set(rng.integers(3)))
                elif op == 3 and mine:
                    give = sorted(mine)[: rng.integers(len(mine)) + 1]
                    deck.return_cards(give)
                    mine.difference_update(give)
                elif op == 4 and mine:
                    give = sorted(mine)[:3]
                    deck.restock(give)
                    mine.difference_update(give)
                elif op == 5:
                    deck.shuffle()
                elif op == 6:
                    _consistent(deck)
                else:
                    _consistent(deck.copy())
            except PedronError:
                pass  # the stock ran dry, or another thread dealt first
        return PLAYER_CALLS

    results = _players_beside_batches(deck, player)
    assert results[:6] == [PLAYER_CALLS] * 6 and 0 < results[6] <= BATCHES
    _consistent(deck)
    everyone: set[int] = set()
    for h in held:
        assert not (h & everyone), "a card held by two threads"
        everyone |= h
    stock = deck.stock
    assert not (everyone & set(stock)), "a held card is also in the stock"
    assert everyone | set(stock) == deck_cards, "a card was lost"
    assert set(deck.dealt) == everyone


@pytest.mark.parametrize("make", DECKS, ids=["diablo", "diamondback"])
def test_every_deck_method_at_once_keeps_the_deck_whole(make):
    """Every method at once, collect and setstate included (which take back or
    replace cards other threads hold: no model of who holds what survives them,
    so only the deck's own consistency is checked): each snapshot holds each card
    once, and a final collect gives the whole deck back."""
    deck = make()
    def player(i: int) -> int:
        rng = Generator(200 + i)
        for _ in range(PLAYER_CALLS):
            op = rng.integers(10)
            try:
                if op == 0:
                    deck.deal(rng.integers(5))
                elif op == 1:
                    deck.deal_one()
                elif op == 2:
                    deck.deal_set(rng.integers(3))
                elif op == 3:
                    deck.return_cards(sorted(deck.dealt)[:2])
                elif op == 4:
                    deck.restock(deck.dealt)
                elif op == 5:
                    deck.shuffle()
                elif op == 6:
                    deck.collect(shuffle=bool(rng.integers(2)))
                elif op == 7:
                    deck.setstate(deck.getstate())
                elif op == 8:
                    _consistent(deck.copy())
                else:
                    _consistent(deck)
            except PedronError:
                pass  # (cards another thread moved between reading and using them)
        return PLAYER_CALLS

    results = _players_beside_batches(deck, player)
    assert results[:6] == [PLAYER_CALLS] * 6 and 0 < results[6] <= BATCHES
    _consistent(deck)
    deck.collect()
    assert sorted(deck.stock) == sorted(deck.cards)


def test_a_refused_restock_after_waiting_for_the_generator_changes_nothing():
    """The check of ``restock`` is made once the generator is held: cards another
    thread returned while it waited are refused, the stock unchanged."""
    deck = diablo.Deck(5)
    dealt = deck.deal(4)
    deck.return_cards(dealt)
    before = deck.getstate()
    with pytest.raises(DeckError, match="already in the stock"):
        deck.restock(CardSet(dealt))
    assert deck.getstate() == before  # (nothing drawn from the generator either)


# -- Generator ----------------------------------------------------------------------------


def test_a_shared_generator_gives_each_call_one_unbroken_stretch():
    """Eight threads draw from one generator (``random_raw`` of various sizes, and
    children split off it, each taking four words): together they took exactly
    the first outputs of the stream, each call a stretch of it, none twice."""
    shared = Generator(77)
    sizes = [1, 3, 64, 1000, 7]

    def work(i: int) -> list[tuple[str, list[int]]]:
        got = []
        for j in range(300):
            if (i + j) % 5 == 4:
                child = Generator(shared)  # (its state: the four words it took)
                got.append(("child", child.getstate()["s"]))
            else:
                size = sizes[(i * 7 + j) % len(sizes)]
                got.append(("raw", shared.random_raw(size) if size > 1
                            else [shared.random_raw()]))
        return got

    calls = [c for per_thread in run_threads(work, 8) for c in per_thread]
    total = sum(len(words) for _, words in calls)
    stream = Generator(77).random_raw(total)
    where = {w: k for k, w in enumerate(stream)}
    assert len(where) == total  # (no repeated word in this stretch of the stream)
    covered = []
    for _, words in calls:
        start = where[words[0]]
        assert stream[start:start + len(words)] == words, "a call's outputs were interleaved"
        covered.extend(range(start, start + len(words)))
    assert sorted(covered) == list(range(total)), "an output was drawn twice or lost"


def test_a_shared_generator_survives_every_method_at_once():
    """Every method of one generator from six threads, and batches dealt from it:
    no error, every state read back is valid, every row dealt is a valid hand."""
    shared = Generator(5)

    def work(i: int) -> int:
        items = list(range(40))
        for j in range(400):
            op = (i + j) % 8
            if op == 0:
                shared.shuffle(items)
                assert sorted(items) == list(range(40))
            elif op == 1:
                assert 0 <= shared.integers(52) < 52
            elif op == 2:
                shared.setstate(shared.getstate())
            elif op == 3:
                shared.jump()
            elif op == 4:
                Generator(0).setstate(shared.copy().getstate())
            elif op == 5:
                rows = np.asarray(deal_batch(2000, 5, seed=shared))
                assert all(len(set(r)) == 5 for r in rows[:50].tolist())
                assert rows.max() < 52
            elif op == 6:
                shared.next_u32()
            else:
                Generator(shared).random_raw(3)
        return j

    assert run_threads(work, 6) == [399] * 6


# -- Table --------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["diamondback", "diablo"])
def test_a_table_misused_by_threads_never_crashes(game):
    """Not thread-safe, and documented so: four threads playing one table without
    a lock may leave it inconsistent and meet errors (pedron's InvariantError, a
    bare IndexError...), but the process never dies, and no error is one only a
    broken interpreter state gives (SystemError, MemoryError)."""
    out = run_child(f"""
        import random, sys, threading, time
        import games_targets as gt
        sys.setswitchinterval(1e-6)
        g = gt.GAMES[{game!r}]
        kinds = {{}}
        def hammer(table, seed, stop):
            rnd = random.Random(seed)
            while not stop.is_set():
                try:
                    if not gt.step_legal(g, table, rnd):
                        return
                    if rnd.random() < 0.05:
                        table.view(rnd.randrange(table.n))
                    if rnd.random() < 0.01:
                        table.to_json()
                except Exception as exc:
                    kinds[type(exc).__name__] = kinds.get(type(exc).__name__, 0) + 1
        for trial in range(6):
            table = g.make(random.Random(trial))
            stop = threading.Event()
            threads = [threading.Thread(target=hammer, args=(table, k, stop)) for k in range(4)]
            for t in threads: t.start()
            time.sleep(0.15)
            stop.set()
            for t in threads: t.join()
        print(sorted(kinds))
    """)
    kinds = out.strip()
    assert "SystemError" not in kinds and "MemoryError" not in kinds, kinds


# -- evaluators and video-poker tables ------------------------------------------------------


def test_a_pay_table_shared_by_threads_gives_the_single_threaded_answers():
    """One PayTable (immutable; its value tables and subset sums are cached under a
    lock) used at once by six threads for the analysis (itself on two threads),
    the best holds and the draw advisor: the answers of one thread alone."""
    table = videopoker.pay_table("deuces-wild")
    natural = videopoker.pay_table("jacks-or-better")
    hands = ["2c 2d 9h 9s Kd", "As Ks Qs Js 3d", "7c 8d 9h Th 2s", "Ac 5d 9h Js Kd"]

    def work(i: int) -> Any:
        t = table if i % 2 == 0 else natural
        objective = t if t.is_classes else None
        hand = hands[i % len(hands)]
        return (
            videopoker.analyse(t, threads=2).return_,
            [(h.held, h.value) for h in videopoker.best_hold(hand, t)[:4]],
            [o.discard for o in diablo.draw_odds(hand, 3, wild=t.wild, objective=objective)[:5]],
            diablo.best_draw(hand, 2, wild=t.wild, objective=objective)[0].discard,
        )

    alone = [work(i) for i in range(6)]
    assert run_threads(work, 6) == alone


def test_evaluators_shared_by_threads_give_the_single_threaded_answers():
    """The evaluators have no mutable state: eight threads on the same inputs
    (scalar, batch on several threads, odds, draw advisor) agree with one."""
    hands = np.asarray(deal_batch(20_000, 5, seed=3))
    pairs = np.asarray(deal_batch(5_000, 2, deck=diamondback.deck_mask(4), seed=4))

    def work(i: int) -> Any:
        wild = i % 2 == 0
        return (
            diablo.evaluate_batch(hands, wild=wild, threads=2).tobytes(),
            [diablo.evaluate(h, wild=wild).description for h in hands[i:200:8].tolist()],
            diamondback.evaluate_batch(pairs, ids=True).tobytes(),
            diamondback.odds("Q K", [None, "S"], None, 3).counts,
            [o.discard for o in diablo.draw_odds(hands[i].tolist(), 2, wild=wild)],
        )

    alone = [work(i) for i in range(8)]
    assert run_threads(work, 8) == alone
