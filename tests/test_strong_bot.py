"""The strong Diablo bot: legal on every variant, reproducible, lazy, and better than the
rule bot in a duplicate match."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pedron.bots import RandomBot, make_bot, parse_bot
from pedron.diablo import Rules, Table
from pedron.diablo.bots import RuleBot
from pedron.diablo.strong import ACTIONS, SCALE, Strategy, StrongBot, load_diablo_strategy
from pedron.errors import PedronError, PedronTypeError, PedronValueError
from tests.refusals import refusal

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
            assert refusal(game, action) is None, (action, view.legal)
            game.apply(action)
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


def test_mixed_choices_follow_the_seed():
    # (the shipped strategy is pure, see the next test; a strategy file may mix)
    def run(seed):
        bot = StrongBot(seed)
        return [bot.pick((30, 40, 30)) for _ in range(200)]

    one, two = run(1), run(2)
    assert one == run(1)  # (a second bot of the same seed picks the same)
    assert one != two
    assert set(one) == {0, 1, 2} and 40 < one.count(1) < 120


def test_a_copy_shares_the_shipped_strategy_and_plays_as_the_original():
    import copy
    import pickle

    bot = StrongBot(5)
    bot.strategy  # noqa: B018  (loaded)
    clones = [copy.deepcopy(bot), copy.copy(bot), pickle.loads(pickle.dumps(bot))]
    assert len(pickle.dumps(bot)) < 4096  # (not the quarter MB of the policy)
    picks = [bot.pick((30, 40, 30)) for _ in range(50)]  # (the copies' generators: as its)
    for clone in clones:
        assert clone.strategy is bot.strategy and clone.rng is not bot.rng
        assert [clone.pick((30, 40, 30)) for _ in range(50)] == picks
    # a strategy given as an object travels with its bot (it may be the caller's to change)
    own = Strategy.from_json(load_diablo_strategy().to_json())
    mine = StrongBot(5, strategy=own)
    assert copy.deepcopy(mine).strategy is not own
    assert copy.deepcopy(mine).strategy == own


def test_the_shipped_strategy_is_pure():
    strategy = load_diablo_strategy()
    assert strategy.training.get("purified") is True
    assert all(max(probs) == SCALE for table in strategy.policy.values()
               for probs in table.values())


def test_the_strategy_is_loaded_on_first_use_only():
    code = (
        "import sys\n"
        "import pedron.bots, pedron.diablo\n"
        "assert 'pedron.diablo.strong' not in sys.modules\n"
        "from pedron.diablo import StrongBot\n"
        "import pedron.diablo.strong as strong\n"
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

    data = resources.files("pedron.diablo").joinpath("strong_diablo.json")
    size = len(data.read_bytes())
    assert 10_000 < size < 3_000_000
    tomllib = pytest.importorskip("tomllib")  # (Python 3.11 on)
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "strong_diablo.json" in config["tool"]["setuptools"]["package-data"]["pedron.diablo"]
    assert "src/pedron/diablo/strong_diablo.json" in (ROOT / "MANIFEST.in").read_text()


def test_the_shipped_strategy_is_consistent():
    strategy = load_diablo_strategy()
    assert strategy.training["iterations"], "the file says how it was trained"
    for situation, table in strategy.policy.items():
        assert table, situation
        for key, probs in table.items():
            assert len(probs) == len(ACTIONS[situation]) and sum(probs) == SCALE
            assert key[-1] <= len(strategy.edges["q" if situation in ("open", "face1")
                                                   else "p"])
    # the reference distributions are probabilities of beating a hand: 0 .. 1, rising
    cdf = strategy.cdf(True)
    assert cdf[1] >= 0 and cdf[-1] <= 1 and cdf == sorted(cdf)


def test_a_strategy_file_round_trips_and_bad_ones_are_refused(tmp_path):
    strategy = load_diablo_strategy()
    path = tmp_path / "s.json"
    path.write_text(json.dumps(strategy.to_json()))
    again = load_diablo_strategy(str(path))
    assert again.policy == strategy.policy and again.edges == strategy.edges
    bot = make_bot(f"strong:file={path}", "diablo", seed=3)
    assert bot.strategy.policy == strategy.policy
    assert repr(bot) == f"StrongBot(seed=3, strategy={str(path)!r})"
    assert StrongBot(3, strategy=path).strategy.policy == strategy.policy  # (a Path too)
    data = strategy.to_json()
    data["policy"]["open"] = {"5,0,0,3": [50, 50, 1]}  # sums to 101
    path.write_text(json.dumps(data))
    with pytest.raises(PedronValueError, match="not a Diablo strategy file"):
        load_diablo_strategy(str(path))
    with pytest.raises(PedronValueError, match="cannot read"):
        load_diablo_strategy(str(tmp_path / "missing.json"))
    with pytest.raises(PedronError):
        parse_bot("strong:file=3", "diablo")
    with pytest.raises(PedronTypeError, match="a Strategy or a strategy file's path"):
        StrongBot(3, strategy=3)
    with pytest.raises(PedronTypeError, match=r"pedron\.diablo\.Rules"):
        StrongBot(3, rules="deuces")


def test_spec_names_it():
    assert str(parse_bot("strong", "diablo")) == "strong"
    with pytest.raises(PedronValueError, match="plays diablo"):
        parse_bot("strong", "diamondback")
    assert isinstance(make_bot("strong", "diablo", seed=1), StrongBot)
    bot = make_bot("strong", "diablo", seed=1, rules=Rules(max_draw=3))
    assert bot.limit.most == 3 and repr(bot) == "StrongBot(seed=1)"


def test_it_reads_only_its_view():
    """Two tables deal the player the same cards and everyone else different ones: his
    views agree, and so does every choice the bot makes from them (it is given nothing
    but the view and the legal actions, and a view holds only the viewer's cards)."""
    from pedron.cards import parse_cards

    hand = parse_cards("9h 9d 2c Ks 7d")
    games = []
    for seed in (4, 5):
        table = Table(5, 100, seed=seed, dealer=0)
        games.append(table.next_deal(hands={1: hand}))
    assert all(g.to_act == 1 for g in games)
    assert games[0].view(2).my_cards != games[1].view(2).my_cards  # the others differ
    views = [g.view(1) for g in games]
    assert views[0] == views[1]
    assert StrongBot(8)(views[0], views[0].legal) == StrongBot(8)(views[1], views[1].legal)
    bot = StrongBot(8)
    assert bot.decision(views[0], {x.kind: x for x in views[0].legal}) == bot.decision(
        views[1], {x.kind: x for x in views[1].legal})


def test_fallbacks_are_rare():
    """In what the training played (3 to 7 players, a game and the Diablo series it
    starts, as a match's session) the strategy file holds nearly every key met; the
    built-in thresholds are for what it did not (a table shrunk to two players)."""
    decisions = 0
    fallbacks = 0
    for players in range(3, 8):
        bots = [StrongBot(s) for s in range(players)]
        for seed in range(20):
            table = Table(players, 100, seed=seed, dealer=0)
            closed = False
            while not table.over:
                game = table.next_deal()
                while not game.done:
                    view = game.view(game.to_act)
                    kinds = {a.kind for a in view.legal}
                    decisions += bool(kinds & {"call", "check"})
                    game.apply(bots[game.to_act](view, view.legal))
                if table.over or closed:
                    continue
                closed = True
                table.close()
        fallbacks += sum(b.fallbacks for b in bots)
    assert decisions > 1000
    assert fallbacks <= decisions // 100


@pytest.mark.slow
def test_it_beats_the_rule_bot_in_a_duplicate_match():
    import pedron.match

    result = pedron.match.match("diablo", {"strong": "strong", "rule": "rule"}, players=3,
                                sets=1_500, seed=5)
    score = result.score("strong")
    assert score.low > 0, str(result)


def _trainer():
    import importlib.util

    spec = importlib.util.spec_from_file_location("train_strong_bot",
                                                  ROOT / "scripts" / "train_strong_bot.py")
    trainer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(trainer)
    return trainer


def test_training_plays_tables_shrunk_to_two_players():
    """Diablo is dealt for 3 to 7 players, but a table shrinks to two when players go
    broke: with ``two_share`` 1 every training session is played there (a third seat of
    one chip is out after the first deals), and every opening decision sampled is at a
    table of two players dealt in."""
    trainer = _trainer()
    strategy = load_diablo_strategy()
    samples = trainer.Samples()
    branches = sum(trainer.session(seed, strategy, 1.0, samples, Rules(), trainer.League(),
                                   two_share=1.0) for seed in range(12))
    assert branches > 0
    opens = {key for situation, key in samples.count if situation == "open"}
    assert opens and {key[0] for key in opens} == {2}
    facing = {key for situation, key in samples.count if situation != "open"}
    assert all(key[0] == 1 for key in facing)  # (one opponent at most)


def test_the_league_weighs_a_cell_by_its_worst_table_size(monkeypatch):
    """By default each ``open`` x ``call`` cell is played at one table size (3, 5 and 7
    in turn); with ``sizes`` at each, and the cell weighed by the worst margin."""
    import pedron.match
    from pedron.diablo.hand import Category

    trainer = _trainer()
    played = []

    class Score:
        def __init__(self, mean):
            self.mean = mean

    class Result:
        def __init__(self, mean):
            self._mean = mean

        def score(self, name):
            assert name == "strong"
            return Score(self._mean)

    def fake_match(game, bots, *, players, sets, seed):
        played.append((bots["rival"], players))
        # the default rule bot's cell: well ahead at 3 and 7 players, behind at 5
        if bots["rival"] == "rule:open=three_of_a_kind,call=three_of_a_kind":
            return Result(-3.0 if players == 5 else 5.0)
        return Result(1.0)

    monkeypatch.setattr(pedron.match, "match", fake_match)
    league = trainer.League()
    cells = len(league.cells)
    default = league.cells.index((Category.THREE_OF_A_KIND, Category.THREE_OF_A_KIND))
    league.update(load_diablo_strategy(), 1, 7, 2.0, 0.0)
    assert [players for _, players in played] == [(3, 5, 7)[i % 3] for i in range(cells)]
    one_size = league.weights[default]
    played.clear()
    ranked = league.update(load_diablo_strategy(), 1, 7, 2.0, 0.0, sizes=(3, 5, 7))
    assert len(played) == 3 * cells and {p for _, p in played} == {3, 5, 7}
    assert ranked["worst"][0] == ["three_of_a_kind", "three_of_a_kind", 5, -3.0]
    assert ranked["below_zero"] == 1
    assert league.weights[default] == max(league.weights) > one_size


def test_purify_plays_the_largest_share_and_the_more_passive_of_a_tie():
    trainer = _trainer()
    shipped = load_diablo_strategy()
    strategy = Strategy(shipped.reference, shipped.edges, {
        "open": {(5, 4, 0, 3): (20, 50, 30), (5, 4, 0, 4): (40, 20, 40)},
        "face1": {(1, 0, 0, 0, 0, 3): (100, 0, 0)},
        "lead2": {}, "face2": {},
    })
    assert trainer.purify(strategy) == {"purified": 2}
    assert strategy.policy["open"] == {(5, 4, 0, 3): (0, 100, 0), (5, 4, 0, 4): (100, 0, 0)}
    assert strategy.policy["face1"] == {(1, 0, 0, 0, 0, 3): (100, 0, 0)}
