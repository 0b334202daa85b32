"""The old home of the simulator's work units and :func:`simulate`, split by job in
0.2.0 (:mod:`pedron.simulation.units`, ``.session``, ``.study``; seeds in
:mod:`pedron._kernels.seeds`): its names still work from here, with a
``DeprecationWarning``."""

from __future__ import annotations

from typing import Any

from pedron._deprecate import Moved, moved_names

_UNITS = "pedron.simulation.units"
_STUDY = "pedron.simulation.study"
_SEEDS = "pedron._kernels.seeds"


def _other(name: str) -> Any:
    if name == "GAMES":  # (the package's old name, which warns there)
        from pedron import simulation

        return simulation.__getattr__("GAMES")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# (one __getattr__: each old name warns at the caller's line)
__getattr__ = moved_names(__name__, {
    name: Moved(module, name, since="0.2.0", until="0.3.0")
    for name, module in {
        "derive_seed": _SEEDS, "SEED_MAX": _SEEDS, "check_timeout": _STUDY,
        "simulate": _STUDY, "plan_chunks": _UNITS, "run_chunk": _UNITS,
        "UnitCancelled": _UNITS, "MAX_LISTED_UNITS": _UNITS, "MAX_UNIT_GAMES": _STUDY,
        "UNITS_PER_WORKER": _STUDY, "IN_PROCESS_UNITS": _STUDY,
    }.items()
}, otherwise=_other)
