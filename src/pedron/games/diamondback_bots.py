"""The spec parameters of Diamondback's built-in bots (``odds``, ``equilibrium``)."""

from __future__ import annotations

from pedron.games.botspec import BotParam, BotParams, number, path

__all__ = ["BOT_PARAMS"]

#: The parameters of Diamondback's bots, by spec name (``odds``' checks are its
#: constructor's too).
BOT_PARAMS = {
    "odds": BotParams({"margin": BotParam("margin"),
                       "aggression": BotParam("aggression", number(low=0)),
                       "stop": BotParam("stop_below")}),
    "equilibrium": BotParams({"file": BotParam("file", path),
                              "fallback": BotParam("fallback", bot=True)},
                             required=("file",)),
}
