"""A typed program using pedron's public API; ``mypy --strict`` must accept it.

Kept in the tests (tests/test_typing.py) so that the stubs and hints stay
complete. It is also run, so every line here must work.
"""

from __future__ import annotations

import pedron
from pedron import CardSet, Generator, diablo, diamondback
from pedron.bots import Bot, RandomBot
from pedron.diablo.bots import RuleBot
from pedron.diamondback.bots import OddsBot
from pedron.errors import PedronError


def cards_demo() -> list[str]:
    hand: CardSet = CardSet("Ah Kh Qh")
    more: CardSet = hand | CardSet([0, 1])
    ids: tuple[int, ...] = more.to_indices()
    card: int = pedron.parse_card("Td")
    text: str = pedron.format_cards(ids) + " " + pedron.format_card(card)
    mask: int = more.mask
    return [text, str(len(more)), hex(mask), str("Ah" in more)]


def dealing_demo(seed: int) -> tuple[tuple[int, ...], int]:
    gen = Generator(seed)
    deck = diablo.Deck(gen)
    deck.shuffle()
    hand: tuple[int, ...] = deck.deal(5)
    first: int = deck.deal_one()
    deck.restock(list(hand))
    remaining: int = len(deck)
    db_deck = diamondback.Deck(3, seed)
    pair: tuple[int, ...] = db_deck.deal(2)
    names = [diamondback.format_id(c) for c in pair]
    assert len(names) == 2
    return (*hand, first), remaining


def batch_demo() -> int:
    hands = pedron.deal_batch(100, 5, seed=1)
    return len(hands)


def evaluation_demo() -> tuple[int, str, float]:
    value: diablo.HandValue = diablo.evaluate("9h 9d 2c 2s Kd")
    cat: diablo.Category = value.category
    s: int = diablo.strength([0, 4, 8, 12, 51], wild=False)
    best = diablo.best_draw("9c 9d 2h 7s Kd")[0]
    db_value: diamondback.HandValue = diamondback.evaluate("Magician Queen")
    odds: diamondback.Odds = diamondback.odds("M Q", revealed=["K", None], players=3)
    return value.strength + s + int(cat) + db_value.points, diablo.describe(s, wild=False), float(
        odds.win
    ) + best.expected_strength


def game_demo() -> int:
    from pedron.diablo.bots import RuleBot

    table = diablo.Table(3, 50, diablo.Rules(cap=10), seed=1)
    bot = RuleBot()
    game = table.next_deal()
    while not game.done:
        seat = game.to_act
        assert seat is not None
        action = bot(game.view(seat), game.legal_actions())
        game.apply(action)
    db_table = diamondback.Table(2, 20, seed=3)
    hand = db_table.next_deal()
    hand.bet(1)
    restored = diablo.Table.from_json(table.to_json())
    return sum(restored.stacks) + len(hand.legal_actions())


def errors_demo() -> str:
    try:
        CardSet("Zz")
    except PedronError as exc:
        return str(exc)
    return ""


def bots_demo() -> int:
    # The bots share a base class: a list of several kinds is a list[Bot] as inferred
    # (it was a list[object], which no Bot annotation accepts).
    diablo_bots = [RuleBot(), RandomBot(1), RuleBot(open_at=diablo.Category.TWO_PAIR)]
    first: Bot = diablo_bots[0]
    db_bots = [OddsBot(margin=0.1), RandomBot(2)]
    second: Bot = db_bots[1]
    table = diablo.Table(3, 20, seed=5)
    deal = table.next_deal()
    while not deal.done:
        seat = deal.to_act
        assert seat is not None
        deal.apply(diablo_bots[seat](deal.view(seat), deal.legal_actions()))
    assert callable(first) and callable(second)
    return len(diablo_bots) + len(db_bots)


def lazy_modules_demo() -> str:
    # Every subpackage is an attribute of pedron, typed as the module.
    value: diablo.HandValue = pedron.diablo.evaluate("Ah Kh Qh Jh Th")
    players: int = pedron.diamondback.Table().n
    bot: Bot = pedron.diamondback.OddsBot()
    assert callable(bot) and players == 2
    return value.description


if __name__ == "__main__":
    print(cards_demo(), dealing_demo(1), batch_demo(), evaluation_demo(), game_demo(),
          errors_demo(), bots_demo(), lazy_modules_demo())
