"""The threshold bot: the family of simple Diablo players searched for exploiters of the
strong bot (scripts/exploit_strong_bot.py)."""

from __future__ import annotations

import importlib.util
import json
import math
from pathlib import Path

import pytest

from pedron.bots import make_bot, parse_bot
from pedron.diablo import Rules, Table
from pedron.diablo.bots import RuleBot, ThresholdBot, Thresholds
from pedron.diablo.hand import Category, evaluate
from pedron.errors import PedronTypeError, PedronValueError

ROOT = Path(__file__).resolve().parents[1]
C = Category
TIGHT_SPEC = ("threshold:open=quads,call1=trips,raise1=quads,bet2=quads,call2=straight,"
              "raise2=quads,big=high_card")


def script():
    spec = importlib.util.spec_from_file_location("exploit_strong_bot",
                                                  ROOT / "scripts" / "exploit_strong_bot.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def decisions(bots, seeds, players=None, rules=None):
    """Every decision of seat 0: (view, legal, action), over one game per seed."""
    out = []
    for seed in seeds:
        table = Table(len(bots), 100, rules, seed=seed, dealer=seed % len(bots))
        game = table.next_deal()
        while not game.done:
            seat = game.to_act
            view = game.view(seat)
            action = bots[seat](view, view.legal)
            game.verify(action)  # (a move the rules refuse raises here)
            if seat == 0:
                out.append((view, view.legal, action))
            game.apply(action)
    return out


@pytest.mark.parametrize("setting", [
    dict(open_at=C.THREE_OF_A_KIND, call_at=C.THREE_OF_A_KIND, raise_at=C.FULL_HOUSE,
         bet_big_at=C.FOUR_OF_A_KIND),
    dict(open_at=C.ONE_PAIR, call_at=C.HIGH_CARD, raise_at=C.TWO_PAIR,
         bet_big_at=C.THREE_OF_A_KIND, max_draw=1),
])
def test_the_family_holds_the_rule_bot(setting):
    # The same thresholds in both rounds and no bluff: the rule bot's moves, every one.
    rule = RuleBot(**setting)
    same = Thresholds(open_at=setting["open_at"], bet_after=setting["open_at"],
                      call_before=setting["call_at"], call_after=setting["call_at"],
                      raise_before=setting["raise_at"], raise_after=setting["raise_at"],
                      bet_big_at=setting["bet_big_at"], max_draw=setting.get("max_draw"))
    bot = ThresholdBot(same, seed=1)
    others = [RuleBot(open_at=C.ONE_PAIR, call_at=C.ONE_PAIR), RuleBot(call_at=C.HIGH_CARD),
              RuleBot(open_at=C.TWO_PAIR, raise_at=C.THREE_OF_A_KIND)]
    seen = decisions([bot, *others], range(120))
    assert len(seen) > 150
    assert {a.kind for _, _, a in seen} >= {"bet", "call", "check", "draw"}
    for view, legal, action in seen:
        assert rule(view, legal) == action


def test_the_issues_tight_bot_plays_as_described():
    # Bets or raises the most only with four of a kind or better, otherwise checks;
    # calls with three of a kind or better before the draw, a straight or better after;
    # folds the rest.
    bot = make_bot(TIGHT_SPEC, "diablo", seed=3)
    assert bot.settings == script().TIGHT
    others = [RuleBot(open_at=C.ONE_PAIR, call_at=C.ONE_PAIR, raise_at=C.THREE_OF_A_KIND),
              RuleBot(open_at=C.HIGH_CARD, call_at=C.HIGH_CARD, raise_at=C.TWO_PAIR),
              RuleBot(open_at=C.TWO_PAIR, call_at=C.HIGH_CARD)]
    seen = decisions([bot, *others], range(300))
    kinds = set()
    for view, legal, action in seen:
        options = {a.kind: a for a in legal}
        if "draw" in options:
            continue
        cat = evaluate(view.my_cards).category
        before = view.phase == "first_round"
        kinds.add((action.kind, before))
        if action.kind in ("bet", "raise"):
            assert cat >= C.FOUR_OF_A_KIND
            assert action.amount == options[action.kind].max
        elif action.kind == "check":
            assert cat < C.FOUR_OF_A_KIND or "bet" not in options
        elif action.kind == "call":
            assert cat >= (C.THREE_OF_A_KIND if before else C.STRAIGHT)
        else:
            assert action.kind == "fold"
            assert cat < (C.THREE_OF_A_KIND if before else C.STRAIGHT)
    # (each rule is met in both rounds: a straight called after the draw, trips before)
    assert {("check", True), ("call", True), ("fold", True), ("fold", False),
            ("call", False)} <= kinds


def test_bluffs_follow_the_rate_and_the_seed():
    always = ThresholdBot(Thresholds(open_at=C.FIVE_OF_A_KIND, bet_after=C.FIVE_OF_A_KIND,
                                     bluff=1.0), seed=1)
    others = [RuleBot(), RuleBot(), RuleBot()]
    seen = decisions([always, *others], range(40))
    bets = [(a, o) for _, legal, a in seen for o in legal if o.kind == "bet"]
    assert bets and all(a.kind == "bet" and a.amount == o.max for a, o in bets)

    def run(seed):
        bot = ThresholdBot(Thresholds(bluff=0.3), seed=seed)
        return [a for _, _, a in decisions([bot, *others], range(60))]

    assert run(4) == run(4)
    bluffs = sum(a.kind == "bet" for a in run(4)) - sum(
        a.kind == "bet" for _, _, a in decisions([ThresholdBot(Thresholds()), *others],
                                                 range(60)))
    assert bluffs > 0


def test_specs_round_trip_and_bad_settings_are_refused():
    tight = make_bot(TIGHT_SPEC, "diablo").settings
    assert tight.call_after == C.STRAIGHT and tight.bet_big_at == C.HIGH_CARD
    assert tight.spec() == ("threshold:bet2=four_of_a_kind,big=high_card,call2=straight,"
                            "open=four_of_a_kind,raise1=four_of_a_kind,raise2=four_of_a_kind")
    assert parse_bot(TIGHT_SPEC).params[2] == ("call1", C.THREE_OF_A_KIND)
    assert make_bot(tight.spec(), "diablo").settings == tight
    assert Thresholds().spec() == "threshold"
    assert Thresholds(open_at=8, max_draw=1, bluff=0.25).spec() == \
        "threshold:bluff=0.25,draw=1,open=four_of_a_kind"
    for bad in ("threshold:bluff=2", "threshold:bluff=-0.1", "threshold:draw=5",
                "threshold:open=seven", "threshold:call=trips", "threshold:bluff=nan"):
        with pytest.raises(PedronValueError):
            make_bot(bad, "diablo")
    with pytest.raises(PedronValueError):
        make_bot("threshold", "diamondback")
    for bad in ({"bluff": math.nan}, {"bluff": True}, {"open_at": 0}, {"max_draw": 7}):
        with pytest.raises(PedronValueError):
            Thresholds(**bad)
    with pytest.raises(PedronTypeError):
        ThresholdBot({"open_at": 4})


def test_it_plays_every_variant_legally():
    for options in ({"variant": "draw"}, {"dealers_choice": True}, {"declare": True},
                    {"max_draw": 0}, {"more_draw": True}):
        rules = Rules(**options)
        bot = ThresholdBot(Thresholds(max_draw=1, bluff=0.2), seed=2)
        assert decisions([bot, RuleBot(), RuleBot()], range(10), rules=rules)


def test_the_search_screens_and_confirms(tmp_path):
    # A tiny search (no descent, two sets a match): every start screened, the best
    # confirmed with two other seeds, written as JSON.
    out = tmp_path / "search.json"
    script().main(["search", "--players", "3", "--sets", "2", "--rounds", "0", "--top", "1",
                   "--confirm-sets", "2", "--seed", "5", "--out", str(out)])
    result = json.loads(out.read_text())
    starts = {s.spec() for s in script().STARTS}
    assert {r["rival"] for r in result["screen"]} == starts
    assert result["best"] == result["screen"][0]["rival"]
    assert [(c["rival"], c["seed"], c["sets"]) for c in result["confirm"]] == \
        [(result["best"], 6, 2), (result["best"], 7, 2)]
    for row in result["screen"] + result["confirm"]:
        low, mean, high = row["score"][1], row["score"][0], row["score"][2]
        assert low <= mean <= high
    # Run again on the same file: it resumes, playing no match again.
    search = script()

    def refused(*args, **kwargs):
        raise AssertionError("a match played again")

    search.alone = refused
    search.main(["search", "--players", "3", "--sets", "2", "--rounds", "0", "--top", "1",
                 "--confirm-sets", "2", "--seed", "5", "--out", str(out)])
    assert json.loads(out.read_text())["confirm"] == result["confirm"]


def test_the_search_starts_from_known_exploiters_too(tmp_path):
    # --starts adds the exploiters a result file found at this table size (not those of
    # other sizes) to the settings screened first.
    known = tmp_path / "exploit_3.json"
    known.write_text(json.dumps({"players": 3, "best": "threshold:open=flush,bet2=one_pair",
                                 "confirm": []}))
    other = tmp_path / "exploit_7.json"
    other.write_text(json.dumps({"players": 7, "best": "threshold:open=straight",
                                 "confirm": []}))
    out = tmp_path / "search.json"
    script().main(["search", "--players", "3", "--sets", "2", "--rounds", "0", "--top", "1",
                   "--confirm-sets", "2", "--seed", "5", "--out", str(out),
                   "--starts", str(known), str(other)])
    screened = {r["rival"] for r in json.loads(out.read_text())["screen"]}
    flush = Thresholds(open_at=C.FLUSH, bet_after=C.ONE_PAIR).spec()
    assert screened == {s.spec() for s in script().STARTS} | {flush}


def test_the_gauntlet_plays_each_exploiter_at_its_size(tmp_path, capsys):
    found = tmp_path / "league.json"
    found.write_text(json.dumps({"exploiters": {"3": [TIGHT_SPEC], "4": ["threshold:open=flush"]}}))
    out = tmp_path / "gauntlet.json"
    script().main(["gauntlet", str(found), "--sets", "2", "--seed", "4", "--out", str(out)])
    matches = json.loads(out.read_text())["matches"]
    assert [(m["players"], m["sets"], m["seed"]) for m in matches] == [(3, 2, 4), (4, 2, 4)]
    assert [m["rival"] for m in matches] == [
        script()._from_spec(TIGHT_SPEC).spec(), Thresholds(open_at=C.FLUSH).spec()]
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == 2 and all(" players " in line for line in printed)


def test_training_seats_the_exploiters_alone_among_the_policy(tmp_path):
    from pedron._kernels.rng import Generator
    from pedron.diablo.strong import StrongBot

    spec = importlib.util.spec_from_file_location("train_strong_bot",
                                                  ROOT / "scripts" / "train_strong_bot.py")
    trainer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(trainer)
    found = tmp_path / "exploit_7.json"
    found.write_text(json.dumps({"players": 7, "best": TIGHT_SPEC, "confirm": [
        {"rival": TIGHT_SPEC}, {"rival": "threshold:open=flush"}]}))
    exploiters = trainer.read_exploiters([str(found)])
    assert exploiters == {7: [TIGHT_SPEC, "threshold:open=flush"]}
    listed = tmp_path / "league.json"
    listed.write_text(json.dumps({"exploiters": {"7": [TIGHT_SPEC, "threshold:open=flush"],
                                                 "3": ["threshold"]}}))
    assert trainer.read_exploiters([str(listed), str(found)]) == {
        7: [TIGHT_SPEC, "threshold:open=flush"], 3: ["threshold"]}
    league = trainer.League(None, exploiters, exploit_share=1.0)
    strategy = StrongBot().strategy  # (the shipped one)
    for seed in range(6):
        for players in (3, 7):
            factories, learners = trainer.lineup(Generator(seed), players, strategy, league)
            bots = [f(seed) for f in factories]
            alone = [s for s, b in enumerate(bots) if isinstance(b, ThresholdBot)]
            assert len(alone) == 1 and sorted(learners + alone) == list(range(players))
            assert all(type(bots[s]).__name__ == "StrongBot" for s in learners)
    # (without exploiters the league draws nothing more: the lineups are as before)
    plain, empty = trainer.League(), trainer.League(None, {}, exploit_share=0.5)
    for seed in range(20):
        a = trainer.lineup(Generator(seed), 5, strategy, plain)
        b = trainer.lineup(Generator(seed), 5, strategy, empty)
        assert a[1] == b[1]
