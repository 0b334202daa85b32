"""Signed saves: an HMAC-SHA256 over the canonical save, required when a key is given."""

from __future__ import annotations

import hashlib
import hmac
import json

import pytest

from pedron import diablo, diamondback
from pedron.bots import RandomBot
from pedron.errors import PedronTypeError, PedronValueError, SaveError

KEY = b"a secret only the server knows"


def _played(table_type, players, deals=2, seed=5):
    table = table_type(players, seed=seed, keep_history=True)
    bot = RandomBot(seed)
    for _ in range(deals):
        deal = table.next_deal()
        while not deal.done:
            deal.apply(bot(deal.view(deal.to_act), deal.legal_actions()))
    deal = table.next_deal()  # one in progress too
    deal.apply(bot(deal.view(deal.to_act), deal.legal_actions()))
    return table


@pytest.fixture(params=[(diamondback.Table, 3), (diablo.Table, 4)], ids=["diamondback", "diablo"])
def table(request):
    return _played(*request.param)


def test_a_signed_save_loads_with_its_key(table):
    text = table.to_json(key=KEY)
    restored = type(table).from_json(text, key=KEY)
    assert restored.getstate() == table.getstate()
    assert type(table).from_json(text).getstate() == table.getstate()  # no key: not checked


def test_the_signature_is_hmac_sha256_of_the_canonical_save(table):
    data = json.loads(table.to_json(key=KEY))
    signature = data.pop("signature")
    body = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    expected = hmac.new(KEY, body.encode("utf-8"), hashlib.sha256).hexdigest()
    assert signature == {"algorithm": "HMAC-SHA256", "mac": expected}
    assert json.loads(table.to_json()) == data  # the same save, without the signature


def test_re_serialising_keeps_the_signature_valid(table):
    data = json.loads(table.to_json(key=KEY))
    reordered = json.dumps(dict(reversed(list(data.items()))), indent=2)
    type(table).from_json(reordered, key=KEY)
    type(table).from_json(data, key=KEY)  # (a dict, as from_json accepts)


def test_a_key_refuses_unsigned_and_wrongly_signed_saves(table):
    with pytest.raises(SaveError, match="not signed"):
        type(table).from_json(table.to_json(), key=KEY)
    with pytest.raises(SaveError, match="does not match"):
        type(table).from_json(table.to_json(key=b"another key"), key=KEY)
    data = json.loads(table.to_json(key=KEY))
    data["signature"]["algorithm"] = "none"
    with pytest.raises(SaveError, match="HMAC-SHA256"):
        type(table).from_json(json.dumps(data), key=KEY)


def test_a_consistent_forgery_loads_unsigned_but_not_signed(table):
    # Renaming a seat keeps the save consistent with its own moves: without a
    # key it loads (documented), with a key the change is caught.
    data = json.loads(table.to_json(key=KEY))
    setup = data["setup"]
    names = setup.get("names") or setup.get("players")
    assert isinstance(names, list)
    names[0] = "Mallory"
    text = json.dumps(data)
    forged = type(table).from_json(text)
    assert forged.names[0] == "Mallory"
    with pytest.raises(SaveError, match="does not match"):
        type(table).from_json(text, key=KEY)


def test_text_keys_are_their_utf8_bytes(table):
    text = table.to_json(key="clé")
    type(table).from_json(text, key="clé".encode())


@pytest.mark.parametrize("bad", [5, None, 1.5, ["k"]])
def test_bad_keys_are_refused(table, bad):
    if bad is None:  # None means "no signature"
        assert "signature" not in json.loads(table.to_json(key=None))
        return
    with pytest.raises(PedronTypeError):
        table.to_json(key=bad)
    with pytest.raises(PedronTypeError):
        type(table).from_json(table.to_json(key=KEY), key=bad)


def test_an_empty_key_is_refused(table):
    with pytest.raises(PedronValueError):
        table.to_json(key=b"")


@pytest.mark.parametrize("enabled", [True, False])
def test_a_restore_pauses_the_collector_and_leaves_it_as_it_was(enabled, monkeypatch):
    import gc

    from pedron.engine import restore as saving

    seen = []
    restore = saving._restore

    def spy(*args):  # (what the collector is doing while the save is read)
        seen.append(gc.isenabled())
        return restore(*args)

    monkeypatch.setattr(saving, "_restore", spy)
    text = _played(diamondback.Table, 3).to_json()
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        assert diamondback.Table.from_json(text).to_json() == text
        assert gc.isenabled() is enabled
        with pytest.raises(SaveError):  # (a refused save leaves it as it was too)
            diablo.Table.from_json(text)
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()
    assert seen == [False, False]
