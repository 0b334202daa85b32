"""One session of a study: a table with fresh stacks, played by bots until its quota of
deals is played or a player has lost every chip (see :mod:`pedron.simulation.units`),
every deal booked in the counters every game has and in the game's own (its
descriptor's study facet)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pedron.errors import PedronError, PedronValueError
from pedron.games.study import SessionStats
from pedron.simulation.results import Counters

__all__ = ["play_session"]


def _bot_error(seat: int, bot: Any, action: Any, exc: Exception) -> PedronError:
    return PedronValueError(f"bot {bot!r} at seat {seat} chose an illegal action {action}: {exc}")


def _play_out(deal: Any, bots: Sequence[Any],
              watch: Callable[[int, Any], None] | None = None) -> None:
    """The bots play ``deal`` to its end (``watch(seat, view)`` after each move)."""
    while not deal.done:
        seat = deal.to_act
        view = deal.view(seat)
        bot = bots[seat]
        action = bot(view, view.legal)
        try:
            deal.apply(action)
        except PedronError as exc:
            raise _bot_error(seat, bot, action, exc) from exc
        if watch is not None:
            watch(seat, view)


def _book_deal(result: Any, nets: list[int], tally: Counters, pot: bool) -> None:
    """What every finished deal adds to the tally: each seat's net and wins, the
    showdowns, the pot (``pot``: the deal had one to count) and the carry-over."""
    sc, seats = tally.scalars, tally.seats
    net, net_sq, won = seats["net"], seats["net_sq"], seats["won"]
    for s, v in enumerate(result.net):
        nets[s] += v
        net[s] += v
        net_sq[s] += v * v
    for s in result.winners:
        won[s] += 1
    sc["games"] += 1
    sc["showdowns"] += result.showdown
    chips = sum(p.amount for p in result.pots)
    if pot and chips:
        sc["pots"] += 1
        sc["pot_chips"] += chips
        sc["pot_max"] = max(sc["pot_max"], chips)
    if result.carry:
        sc["carry_games"] += 1
        sc["carry_chips"] += result.carry


def _stop(table: Any) -> bool:
    """Between deals, once the session's quota is played: end it (``True``: stop now).

    A pot still on the table is played out first. A game whose sessions end by the
    players' agreement (Match Diamondback: closing is refused) ends once no pot is left,
    each player in turn agreeing until that ends it."""
    if table.session.close_refused(table) is None:
        return not table.closing and bool(table.close())
    if table.carry:
        return False
    for s in range(table.n):
        if table.seated[s] and table.vote_end(s):
            break
    return True


def play_session(table: Any, bots: Sequence[Any], quota: int, tally: Counters,
                 stats: SessionStats | None) -> int:
    """Play one session of at most ``quota`` deals (plus the play-out of a pot left);
    returns the deals played."""
    n = table.n
    nets = [0] * n
    played = 0
    if stats is not None:  # (looked up once a session: they are called at every deal)
        watch, counts_pot, book = stats.watch, stats.counts_pot, stats.deal
    while not table.over:
        if (played >= quota or sum(table.seated) < n) and _stop(table):
            break
        deal = table.next_deal()
        played += 1
        if stats is None:
            _play_out(deal, bots)
            _book_deal(deal.result, nets, tally, True)
        else:
            _play_out(deal, bots, watch(deal))
            r = deal.result
            _book_deal(r, nets, tally, counts_pot(r))
            book(table, deal, tally)
    if stats is not None:
        stats.end(table, tally)
    _settle(table, nets, tally)
    return played


def _settle(table: Any, nets: list[int], tally: Counters) -> None:
    """Book a finished session: chips shared out at its end, and the invariants."""
    final = table.stacks
    buy_in = table.buy_in
    if sum(final) != sum(buy_in):
        raise AssertionError(f"chips not conserved in a session: {final} from {buy_in}")
    for s, (end, start, won) in enumerate(zip(final, buy_in, nets, strict=True)):
        rest = end - start - won  # a pot left at the very end, shared by the engine
        if rest:
            tally.seats["settled"][s] += rest
            tally.seats["net"][s] += rest
            tally.scalars["settled_chips"] += abs(rest)
    tally.scalars["sessions"] += 1
