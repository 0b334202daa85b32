"""The strong Diablo bot: legal on every variant, reproducible, lazy, and better than the
rule bot in a duplicate match."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
import tomllib

from pedron.bots import RandomBot, make_bot, parse_bot
from pedron.bots.diablo import RuleBot
from pedron.bots.strong import StrongBot, load_strategy
from pedron.diablo import Rules, Table
from pedron.errors import PedronError, PedronValueError

ROOT = Path(__file__).resolve().parents[1]


def play(bots, rules=None, seed=0, games=60, stacks=60):
    """Play ``games`` games; every action is checked legal before it is applied."""
    table = Table(len(bots), stacks, rules, seed=seed, dealer=0)
    total = table.total
    actions = []
    for _ in range(games):
        if table.over:
            break
        game = table.next_deal()
        while not game.done:
            seat = game.to_act
            view = game.view(seat)
            action = bots[seat](view, view.legal)
            assert game.check_action(action) is None, (action, view.legal)
            game.act(action)
            actions.append((seat, action))
        assert table.total == total
    return table, actions


VARIANTS = [
    {}, {"more_draw": True}, {"max_draw": 0}, {"max_draw": 4}, {"jacks_or_better": True},
    {"declare": True}, {"variant": "deuces_wild"}, {"variant": "draw"},
    {"dealers_choice": True}, {"dealers_choice": True, "choices": ("draw", "deuces_wild")},
    {"cap": 10}, {"all_in": False}, {"max_raises": None}, {"ante": 3},
    {"min_bet_before": 2, "max_bet_before": 2, "min_bet_after": 4, "max_bet_after": 4},
    {"odd_chip": "carry", "reshuffle": "all"},
]


@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: ",".join(o) or "default")
def test_only_legal_actions_on_every_variant(options):
    rules = Rules(**options)
    bots = [StrongBot(1, rules=rules), RuleBot(), StrongBot(2, rules=rules), RandomBot(3),
            StrongBot(4, rules=rules)]
    _, actions = play(bots, rules, seed=len(options), games=40)
    kinds = {a.kind for s, a in actions if s in (0, 2, 4)}
    assert {"draw"} <= kinds and kinds & {"bet", "raise", "call"}
    if options.get("declare"):
        assert "declare" in kinds


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_only_legal_actions_at_every_table_size(players):
    bots = [StrongBot(s) for s in range(players)]
    _, actions = play(bots, seed=players, games=50, stacks=30)  # short stacks: all-ins too
    assert {a.kind for _, a in actions} >= {"bet", "call", "draw", "fold"}


def test_reproducible_from_a_seed():
    def run(seed):
        bots = [StrongBot(seed + s) for s in range(4)]
        return play(bots, seed=9, games=40)[1]

    assert run(10) == run(10)


def test_the_strategy_is_loaded_on_first_use_only():
    code = (
        "import sys\n"
        "import pedron.bots\n"
        "assert 'pedron.bots.strong' not in sys.modules\n"
        "from pedron.bots import StrongBot\n"
        "import pedron.bots.strong as strong\n"
        "bot = StrongBot(1)\n"
        "assert not strong._LOADED, 'loaded before first use'\n"
        "from pedron.diablo import Table\n"
        "game = Table(3, 100, seed=1, dealer=0).next_deal()\n"
        "view = game.view(game.to_act)\n"
        "bot(view, view.legal)\n"
        "assert strong.DATA_FILE in strong._LOADED\n"
        "assert StrongBot(2).strategy is bot.strategy\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_strategy_is_package_data():
    from importlib import resources

    data = resources.files("pedron.bots").joinpath("strong_diablo.json")
    size = len(data.read_bytes())
    assert 10_000 < size < 3_000_000
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "strong_diablo.json" in config["tool"]["setuptools"]["package-data"]["pedron.bots"]
    assert "strong_diablo.json" in (ROOT / "MANIFEST.in").read_text()


def test_a_strategy_file_round_trips_and_bad_ones_are_refused(tmp_path):
    strategy = load_strategy()
    path = tmp_path / "s.json"
    path.write_text(json.dumps(strategy.to_json()))
    again = load_strategy(str(path))
    assert again.policy == strategy.policy and again.edges == strategy.edges
    bot = make_bot(f"strong:file={path}", "diablo", seed=3)
    assert bot.strategy.policy == strategy.policy
    data = strategy.to_json()
    data["policy"]["open"] = {"5,0,0,3": [50, 50, 1]}  # sums to 101
    path.write_text(json.dumps(data))
    with pytest.raises(PedronValueError, match="not a Diablo strategy file"):
        load_strategy(str(path))
    with pytest.raises(PedronValueError, match="cannot read"):
        load_strategy(str(tmp_path / "missing.json"))
    with pytest.raises(PedronError):
        parse_bot("strong:file=3", "diablo")


def test_it_reads_only_its_view():
    """The same view gives the same choice whatever the others hold: a view carries
    only the viewer's cards, so the bot's choice is a function of it (and its seed)."""
    table = Table(5, 100, seed=4, dealer=0)
    game = table.next_deal()
    seat = game.to_act
    view = game.view(seat)
    twin = table.clone()
    other = twin.current
    assert other.view(seat) == view
    choices = {repr(StrongBot(8)(view, view.legal)) for _ in range(3)}
    assert len(choices) == 1
    hidden = replace(view, my_cards=view.my_cards)
    assert StrongBot(8)(hidden, hidden.legal) == StrongBot(8)(view, view.legal)


