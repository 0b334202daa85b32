"""``pedron play``: what the table shows, what a player may type, and whole games
played through the plain path (a script on stdin); tests/test_play_pty.py plays
through a pseudo-terminal."""

from __future__ import annotations

import contextlib
import subprocess
import sys

import pytest

from pedron import diablo, diamondback
from pedron.cli import play
from pedron.cli.playinput import help_text, parse
from pedron.cli.screen import PlainScreen
from pedron.cli.tableview import scene
from pedron.cli.words import hand_text, history_lines, legal_text
from pedron.engine.moves import Bet, Match, RaiseBy, RaiseTo, Reveal
from pedron.errors import PedronValueError

# -- what the table shows ------------------------------------------------------------------


def test_diamondback_hand_named_with_its_place_and_dealing_odds():
    # RULES.md: in the 2-player deck Magician-Priestess (the best of the 14 hands) can
    # be dealt 2 ways in 105, Priestess-Priestess 1 way; Priest-Priest is the 14th.
    ms = diamondback.parse_ids("M1 S1")
    assert hand_text("diamondback", ms, 2).startswith("Magician-Priestess, 1st best of 14")
    assert "1 in 52.5" in hand_text("diamondback", ms, 2)
    ss = diamondback.parse_ids("S1 S2")
    assert "2nd best of 14" in hand_text("diamondback", ss, 2)
    assert "1 in 105.0" in hand_text("diamondback", ss, 2)
    pp = diamondback.parse_ids("P1 P2")
    assert "14th best of 14" in hand_text("diamondback", pp, 2)


def test_diablo_hand_named_by_its_evaluator():
    # RULES.md's worked example: 9 9 2 2 K is four nines.
    from pedron.cards import parse_cards

    cards = parse_cards("9h 9d 2c 2s Kd")
    assert hand_text("diablo", cards, 4).startswith("four of a kind, nines")
    assert hand_text("diablo", cards, 4, wild=False).startswith("two pair")


def _diablo_table(seed, players=4, stacks=50):
    table, bots, helper = play._setup("diablo", players, stacks, seed)
    return table, bots, helper


def _play_bots_until_me(deal, bots):
    while not deal.done and deal.to_act != 0:
        deal.apply(bots[deal.to_act](deal.view(deal.to_act), deal.legal_actions()))


def test_diablo_scene_from_the_view(diablo_opened_scene):
    table, bots, _ = _diablo_table(diablo_opened_scene().seed)  # (a bot opens before you)
    deal = table.next_deal()
    _play_bots_until_me(deal, bots)
    s = scene("diablo", table.view(0))
    # One line for the deal and one for the antes, never a line per card.
    assert s.history[:2] == ["Antes: 1 each, 4 in the pot", "Dealt 5 cards each to 4 players"]
    assert not any("hidden" in line or "deal " in line for line in s.history)
    assert [r.name for r in s.seats] == ["You", "Bot 1", "Bot 2", "Bot 3"]
    assert sum("dealer" in r.marks for r in s.seats) == 1
    me = s.seats[0]
    assert "to act" in me.marks and me.cards  # (only the viewer's own cards)
    assert all(not r.cards for r in s.seats[1:])
    assert s.pot.startswith(f"Pot {deal.view(0).pot}")
    assert s.hand.startswith("Your cards: ") and " — " in s.hand
    # The legal actions as a player types them: a raise is stated as its total.
    raise_ = next(a for a in deal.legal_actions() if a.kind == "raise")
    assert f"raise to N ({raise_.min}..{raise_.max})" in s.actions
    opener = deal.view(0).opener
    if opener is not None:
        assert "opener" in s.seats[opener].marks
        assert s.rule.startswith(f"{table.names[opener]} opened")


def test_no_internals_in_the_history():
    table, bots, helper = _diablo_table(2)
    deal = table.next_deal()
    while not deal.done:
        seat = deal.to_act
        bot = bots[seat] if seat else helper
        deal.apply(bot(deal.view(seat), deal.legal_actions()))
    view = deal.view(0)
    lines = history_lines("diablo", table.names, view.history)
    strengths = {str(r.amount) for r in view.history if r.kind == "show"}
    for line in lines:
        assert "[" not in line and "pot 0" not in line
        if " show" in line:
            assert not set(line.replace(":", " ").replace(",", " ").split()) & strengths, line
    for r in view.history:
        if r.kind == "raise":
            assert any(f"raises to {r.note[3:]}" in line or f"raise to {r.note[3:]}" in line
                       for line in lines)


def test_a_diablo_pot_is_named_and_has_no_ante(diablo_pot_seed):
    table, bots, helper = _diablo_table(diablo_pot_seed)
    everyone = [helper, *bots[1:]]
    for _ in range(30):
        deal = table.next_deal()
        view = deal.view(0)
        if view.diablo_pot:
            s = scene("diablo", table.view(0))
            assert "played for a Diablo pot" in s.title
            assert s.pot.startswith(f"Pot {view.pot}: a Diablo pot: {view.carry} carried in, "
                                    "no ante")
            assert not any(line.startswith("Antes") for line in s.history)
            assert "Diablo pot must win it" in s.rule
            carried = view.carry
            while not deal.done:
                deal.apply(everyone[deal.to_act](deal.view(deal.to_act), deal.legal_actions()))
            over = scene("diablo", table.view(0), carried_in=carried)
            # Once over, the pot played for is still said as it was: carried in, no ante.
            assert over.pot.startswith(f"Pot {carried + sum(deal.view(0).committed)}: a Diablo "
                                       f"pot: {carried} carried in, no ante")
            assert over.result and over.result[-1].startswith(("Chips:", "No chips"))
            return
        while not deal.done:
            deal.apply(everyone[deal.to_act](deal.view(deal.to_act), deal.legal_actions()))
        result = deal.result
        if result.diablo_paid:
            s = scene("diablo", table.view(0))
            name = table.names[result.opener]
            assert any(line.startswith(f"{name} opened and did not win") and
                       f"new pot of {result.diablo_paid}" in line for line in s.result)
    pytest.fail("no Diablo pot in 30 games")  # (the fixture found one in 20)


def test_legal_text_in_words():
    from pedron.engine import LegalAction

    legal = [LegalAction("call", 1, 1), LegalAction("raise", 2, 6), LegalAction("fold")]
    assert legal_text("diablo", legal) == ["call 1", "raise to N (2..6)", "fold"]
    reveal = [LegalAction("reveal", cards=tuple(diamondback.parse_ids("Q5 P8")))]
    assert legal_text("diamondback", reveal) == ["reveal Queen or Priest"]


# -- what a player types ---------------------------------------------------------------------


def _diamondback_reveal_deal(hands="Q1 P1"):
    """A 2-player hand, the human dealing, at his reveal (the bot revealed first)."""
    table = diamondback.Table(["You", "Bot 1"], 20, seed=1, dealer=0)
    deal = table.next_deal(hands={0: hands, 1: "K1 K2"})
    deal.apply(Bet(1))
    deal.apply(Match())
    deal.apply(Reveal("K1"))
    assert deal.to_act == 0 and [a.kind for a in deal.legal_actions()] == ["reveal"]
    return table, deal


def _parse(game, deal, line):
    view = deal.view(0)
    return parse(game, line, deal.legal_actions(), view.my_cards,
                 legal_text(game, deal.legal_actions()), bet=view.bet)  # (as play passes it)


@pytest.mark.parametrize("word", ["Queen", "queen", "Q", "q", "1", "Q1"])
def test_reveal_by_name(word):
    _, deal = _diamondback_reveal_deal()
    move = _parse("diamondback", deal, f"reveal {word}")
    assert move == Reveal(diamondback.parse_ids("Q1")[0])
    deal.apply(move)
    assert deal.view(1).shown[0] == tuple(diamondback.parse_ids("Q1"))


def test_reveal_of_a_pair_by_name():
    _, deal = _diamondback_reveal_deal("Q1 Q2")
    assert _parse("diamondback", deal, "reveal Queen").card in diamondback.parse_ids("Q1 Q2")


@pytest.mark.parametrize("word, says", [
    ("M1", "you do not hold M1: you hold Queen (Q1) and Priest (P1)"),
    ("Magician", "you hold no Magician: you hold Queen (Q1) and Priest (P1)"),
    ("Jester", "'Jester' is not one of your cards"),
    ("Queen Priest", "reveal one card"),
])
def test_reveal_of_a_card_not_held_says_so(word, says):
    _, deal = _diamondback_reveal_deal()
    with pytest.raises(PedronValueError) as err:
        _parse("diamondback", deal, f"reveal {word}")
    assert says in str(err.value)
    assert "seat" not in str(err.value) and "card 0" not in str(err.value)


def test_a_match_of_the_wrong_amount_is_refused_not_changed():
    table = diamondback.Table(["You", "Bot 1"], 20, seed=1, dealer=1)
    deal = table.next_deal()
    deal.apply(Bet(1))
    before = table.to_json()
    move = _parse("diamondback", deal, "match 5")
    assert move == Match(5)
    with pytest.raises(PedronValueError, match="matching costs 1 chip, not 5"):
        deal.verify(move)
    assert table.to_json() == before
    assert _parse("diamondback", deal, "match 1") == Match(1)
    assert deal.verify(Match(1))


def test_raise_wordings(diablo_opened_scene):
    opened = diablo_opened_scene()  # (a bot opens before you)
    table, bots, _ = _diablo_table(opened.seed)
    deal = table.next_deal()
    _play_bots_until_me(deal, bots)
    to = opened.bet + 3
    assert _parse("diablo", deal, f"raise to {to}") == RaiseTo(to)
    assert _parse("diablo", deal, f"raise {to}") == RaiseTo(to)  # the old wording: the total
    assert _parse("diablo", deal, "raise by 2") == RaiseBy(2)
    bet = deal.view(0).bet
    records = deal.apply(_parse("diablo", deal, "raise by 2"))
    assert records[0].note == f"to {bet + 2}"
    with pytest.raises(PedronValueError, match="raise to how much"):
        _parse("diablo", deal, "raise to")


def test_each_game_helps_with_its_own_verbs():
    db = [line.split()[0] for line in help_text("diamondback").splitlines()]
    dl = [line.split()[0] for line in help_text("diablo").splitlines()]
    assert {"bet", "match", "fold", "reveal", "stop"} <= set(db)
    assert not {"check", "call", "raise", "draw", "stand"} & set(db)
    assert {"check", "bet", "call", "raise", "fold", "draw", "stand"} <= set(dl)
    assert not {"match", "reveal", "stop"} & set(dl)
    _, deal = _diamondback_reveal_deal()
    with pytest.raises(PedronValueError, match="'draw' is not a Diamondback action"):
        _parse("diamondback", deal, "draw Q1")


def _session(game, seed, stacks, answers):
    table, bots, helper = play._setup(game, 3, stacks, seed)
    out: list[str] = []
    prompts: list[str] = []

    def read(prompt):
        prompts.append(prompt)
        if len(prompts) > 3000:
            raise EOFError
        return answers(prompt)

    with contextlib.suppress(play.Quit):
        play.play_session(game, table, bots, helper, PlainScreen(out.append), read)
    return table, out, prompts


@pytest.mark.parametrize("game, seed", [("diablo", 5), ("diamondback", 0)])
def test_after_busting_watch_or_leave(game, seed):
    def watch(prompt):
        if prompt.startswith("You are out"):
            return "w"
        return "a" if prompt.startswith("You (") else ""

    table, out, prompts = _session(game, seed, 3, watch)
    bust = next(i for i, p in enumerate(prompts) if p.startswith("You are out of chips"))
    assert table.stacks[0] == 0
    assert any("You are out: no chips left" in line for line in out)
    later = prompts[bust + 1:]
    assert later and all(p.startswith("Watching") for p in later)  # never asked to act
    assert table.over

    def leave(prompt):
        return "" if prompt.startswith("You are out") else (
            "a" if prompt.startswith("You (") else "")

    table, out, prompts = _session(game, seed, 3, leave)
    assert prompts[-1].startswith("You are out of chips") and not table.over


# -- the plain path, by script ------------------------------------------------------------


def run_play(args, script):
    return subprocess.run([sys.executable, "-m", "pedron", "play", *args], input=script,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("game, verb", [("diamondback", "Hand"), ("diablo", "Game")])
def test_whole_session_by_script(game, verb):
    proc = run_play([game, "--players", "3", "--stacks", "10", "--seed", "4"], "a\n\n" * 600)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert f"== {game.capitalize()}, {verb.lower()} 1" in out and "Your cards:" in out
    assert "You finish with" in out or "You leave with" in out
    assert "Traceback" not in proc.stderr
    assert "(hidden)" not in out and "[" not in out.replace("[play]", "")
    # One line for each deal's cards, however many players and cards.
    lines = out.splitlines()
    assert sum(line.startswith("  Dealt ") for line in lines) == sum(
        line.startswith("== ") for line in lines)


def test_diablo_seats_the_strong_bot_by_default():
    from pedron.diablo import StrongBot

    _, bots, helper = play._setup("diablo", 4, 50, 7)
    assert bots[0] is None  # (the human's seat)
    assert all(isinstance(b, StrongBot) for b in bots[1:])
    assert isinstance(helper, StrongBot)  # ('auto' plays as the bots do)
    assert all(b.limit.most == 2 for b in bots[1:])  # (the table's draw limit)
    seeds = [b.rng.seed for b in bots[1:]]
    assert len(set(seeds)) == 3  # each bot mixes on its own
    assert seeds == [b.rng.seed for b in play._setup("diablo", 4, 50, 7)[1][1:]]
    assert seeds != [b.rng.seed for b in play._setup("diablo", 4, 50, 8)[1][1:]]


def test_plain_diablo_session_is_reproducible():
    # The strong bots mix their choices from generators seeded by --seed.
    script = "a\n\n" * 12 + "q\n"
    a = run_play(["diablo", "--seed", "9"], script).stdout
    assert "You leave with" in a
    assert a == run_play(["diablo", "--seed", "9"], script).stdout


def test_plain_session_is_reproducible():
    a = run_play(["diamondback", "--seed", "9"], "a\n\n" * 30 + "q\n").stdout
    b = run_play(["diamondback", "--seed", "9"], "a\n\n" * 30 + "q\n").stdout
    assert a == b


def test_plain_refusals_and_quit():
    proc = run_play(["diamondback", "--players", "3", "--seed", "3"],
                    "help\nbet 0\nbet x\nfly\nq\n")
    assert proc.returncode == 0, proc.stderr
    assert "Not accepted: the bet must be at least 1 chip" in proc.stdout
    assert "Not accepted: not a whole number of chips: 'x'" in proc.stdout
    assert "'fly' is not a Diamondback action" in proc.stdout
    assert "You leave with 50 chips." in proc.stdout


def test_plain_diablo_human_commands(diablo_opened_scene):
    opened = diablo_opened_scene()  # (a bot opens; after you stand, a bet again)
    proc = run_play(["diablo", "--seed", str(opened.seed)], "call\nstand\nfold\n\nq\n")
    assert proc.returncode == 0, proc.stderr
    assert f"You call {opened.bet}" in proc.stdout
    assert "You stand pat" in proc.stdout
    assert "You leave with" in proc.stdout


@pytest.mark.parametrize("args, says", [
    (["diablo", "--players", "8"], "Diablo is for 3 to 7 players, not 8 (--players)"),
    (["diamondback", "--players", "5"], "Diamondback is for 2 to 4 players, not 5 (--players)"),
    (["diamondback", "--stacks", "0"], "--stacks must be at least 1 chip, not 0"),
])
def test_play_bad_options(args, says):
    proc = run_play(args, "")
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [f"pedron play: error: {says}"]


def test_play_defaults_agree_with_the_library():
    library = {"diamondback": len(diamondback.Table().names),
               "diablo": len(diablo.Table().names)}
    assert library == play.DEFAULT_PLAYERS
    proc = run_play(["diamondback", "--seed", "1"], "q\n")
    assert "you and a bot" in proc.stdout  # the library's 2-player table


def test_without_rich_the_plain_screen_and_a_note(monkeypatch):
    from pedron.cli.screen import TableScreen, make_screen

    monkeypatch.setitem(sys.modules, "rich.console", None)  # (import fails)
    screen, note = make_screen(False, print)
    assert isinstance(screen, PlainScreen) and "pedron[play]" in note
    monkeypatch.delitem(sys.modules, "rich.console")
    pytest.importorskip("rich")
    screen, note = make_screen(False, print)
    assert isinstance(screen, TableScreen) and note == ""
    assert isinstance(make_screen(True, print)[0], PlainScreen)


def _scene_text(s):
    rows = [f"{r.name} {r.stack} {r.cards} {' '.join(r.marks)}" for r in s.seats]
    return "\n".join([s.title, *rows, s.pot, s.rule, s.hand, *s.actions, *s.history,
                      *s.result])


@pytest.mark.parametrize("game", ["diablo", "diamondback"])
def test_nothing_hidden_reaches_the_screen(game):
    # At every decision of the human's, no bot's unshown card is in the scene's text
    # (Diablo cards are distinct words such as "7h"; Diamondback's are rank names, so
    # there a bot's seat and its history must show none before he reveals).
    table, bots, helper = play._setup(game, 3, 20, 7)
    for _ in range(6):
        deal = table.next_deal()
        while not deal.done:
            seat = deal.to_act
            if seat == 0:
                s = scene(game, table.view(0))
                text = _scene_text(s)
                for bot in (1, 2):
                    unshown = set(deal.cards[bot]) - set(deal.view(None).shown[bot])
                    if game == "diablo":
                        from pedron.cards import format_card

                        words = set(text.replace(":", " ").replace(",", " ").split())
                        assert not {format_card(c) for c in unshown} & words
                    else:
                        row = s.seats[bot]
                        shown = deal.view(None).shown[bot]
                        assert row.cards == (card_names_of(shown) if shown else "")
                deal.apply(helper(deal.view(0), deal.legal_actions()))
            else:
                deal.apply(bots[seat](deal.view(seat), deal.legal_actions()))
        if table.over:
            break


def card_names_of(cards):
    from pedron.cli.words import card_names

    return card_names("diamondback", cards)


def test_history_of_a_draw_with_a_reshuffle():
    from pedron.engine import Record

    names = ["You", "Bot 1"]
    records = [
        Record("draw", 1, 2, (), True, ""),
        Record("deal", 1, 0, (), True, ""),
        Record("reshuffle", None, 9, note="discards into a new stock"),
        Record("deal", 1, 0, (), True, ""),
        Record("draw", 0, 1, (12,), True, ""),
        Record("deal", 0, 0, (40,), True, ""),
        Record("draw", 1, 0, (), True, "stands"),
    ]
    assert history_lines("diablo", names, records) == [
        "Bot 1 draws 2 cards",
        "The 9 discards are shuffled into a new stock",
        "You exchange 5c for Qc",
        "Bot 1 stands pat",
    ]


# -- the rough edges a newcomer met (issue 30), through the plain terminal path ----------------


def test_draw_words_are_answered_in_the_players_words(diablo_opened_scene):
    from pedron.cards import format_card, format_cards

    opened = diablo_opened_scene()  # (a bot opens; after you stand, a bet again)
    seed, cards = opened.seed, opened.cards
    mine = format_card(cards[-1])
    other = format_card(next(c for c in range(52) if c not in cards))
    proc = run_play(["diablo", "--seed", str(seed)],
                    f"call\ndraw {other}\ndraw Zz\ndraw\ndraw {mine} {mine}\nstand {mine}\n"
                    "stand\nfold\n\nq\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.replace("\n    ", " ")  # (a refusal past 100 columns is wrapped)
    held = f"you hold {format_cards(cards)}"
    assert f"Not accepted: you do not hold {other}: {held}" in out  # (was: seat 0 ...)
    assert "seat 0" not in out
    assert f"Not accepted: 'Zz' is not a card (a rank and a suit, such as 7s, Kd or Th): " \
           f"{held}" in out  # (was: not a card: 'Zz' in 'Zz')
    assert "in 'Zz'" not in out
    # a bare draw asks which cards (it stood pat silently), stand keeps all five
    assert f"Not accepted: draw which cards? Name them (draw {mine}), or say stand to keep " \
           f"all five: {held}" in out
    assert f"Not accepted: {mine} is named twice" in out
    assert f"Not accepted: stand keeps all five cards: say draw {mine} to exchange those" in out
    assert out.count("You stand pat") == 1


def test_raise_by_is_answered_by_how_much(diablo_opened_scene):
    opened = diablo_opened_scene()  # (a bot opens before you)
    bet = opened.bet
    proc = run_play(["diablo", "--seed", str(opened.seed)],
                    "raise by 10\nraise by 0\nraise by 5\nq\n")
    assert proc.returncode == 0, proc.stderr
    # a raise goes to bet+1..bet+5: by 1..5 (it said "not bet+10")
    can = f"you may raise by 1..5 chips (to {bet + 1}..{bet + 5})"
    assert f"Not accepted: {can}, not by 10" in proc.stdout
    assert f"not {bet + 10}" not in proc.stdout
    assert f"Not accepted: {can}, not by 0" in proc.stdout
    assert f"You raise to {bet + 5}" in proc.stdout


def test_text_between_games_is_never_thrown_away(diablo_opened_scene):
    seed = diablo_opened_scene().seed  # (a bot opens before you: your fold ends your game)
    proc = run_play(["diablo", "--seed", str(seed)], "fold\ncall\nhelp\n\nq\n")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    for typed in ("call", "help"):
        assert f"Not used: {typed!r} (the game is over; this asks only what comes next)" in out
    assert out.count("Enter for the next game") == 3  # asked again each time
    assert "== Diablo, game 2" in out  # then Enter went on


def test_you_open_and_bots_open():
    proc = run_play(["diablo", "--seed", "1"], "bet 1\nq\n")
    assert "You bet 1 and open" in proc.stdout and "You bet 1 and opens" not in proc.stdout
    from pedron.engine import Record

    for seat, says in ((0, "You bet 2 and open"), (1, "Bot 1 bets 2 and opens")):
        lines = history_lines("diablo", ["You", "Bot 1"],
                              [Record("check", 1 - seat), Record("bet", seat, 2)])
        assert lines[-1] == says


def test_call_means_match_in_diamondback():
    proc = run_play(["diamondback", "--seed", "3"], "call\nq\n")
    assert proc.returncode == 0, proc.stderr
    assert "You match 1" in proc.stdout  # (it was: 'call' is not a Diamondback action)
    assert "is not a Diamondback action" not in proc.stdout
    assert "'call' says the same" in help_text("diamondback")
