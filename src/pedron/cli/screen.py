"""How ``pedron play`` lays a :class:`~pedron.cli.tableview.Scene` out.

* :class:`PlainScreen`: plain lines, for output that is not a terminal (a
  pipe, a file, a script feeding the game): the deal's history as it grows,
  and at each decision the pot, the hand and the legal actions.
* :class:`TableScreen`: in a terminal, the whole table redrawn at each
  decision with `rich <https://rich.readthedocs.io>`_ (the optional extra
  ``pedron[play]``), sized to the terminal (80x24 holds seven seats).

Both take the same calls, so the game loop does not know which it drives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pedron.cli.tableview import Scene, SeatRow
from pedron.cli.words import is_me
from pedron.text import wrap

__all__ = ["PlainScreen", "TableScreen", "make_screen"]


def _marks_text(row: SeatRow) -> str:
    return ", ".join(m for m in row.marks if m != "to act")


class PlainScreen:
    """Plain lines: nothing is printed twice, nothing is redrawn; a line longer than
    100 columns is wrapped between words, its continuation indented."""

    def __init__(self, write: Callable[[str], None]) -> None:
        self._write = write
        self._printed = 0  # history lines of the current deal printed so far

    def write(self, text: str) -> None:
        """``text`` written, wrapped within 100 columns."""
        self._write(wrap(text, indent="    "))

    def message(self, text: str) -> None:
        """A line of its own (a refusal, the help, the table's events)."""
        self.write(text)

    def refuse(self, text: str) -> None:
        """A move not accepted, and why."""
        self.write(text)

    def start(self, scene: Scene) -> None:
        """A new deal: its title and the seats."""
        self._printed = 0
        seats = ", ".join(
            f"{r.name} {r.stack}" + (f" ({_marks_text(r)})" if _marks_text(r) else "")
            for r in scene.seats
        )
        self.write(f"\n== {scene.title} ==")
        self.write(f"Seats: {seats}")

    def _history(self, scene: Scene) -> None:
        for line in scene.history[self._printed:]:
            self.write("  " + line)
        self._printed = len(scene.history)

    def decision(self, scene: Scene) -> None:
        """The player is to act: what happened since, the pot, his hand, his choices."""
        self._history(scene)
        self.write(scene.pot)
        if scene.rule:
            self.write(scene.rule)
        if scene.hand:
            self.write(scene.hand)
        self.write("You may: " + " | ".join(scene.actions))

    def over(self, scene: Scene) -> None:
        """The deal is over: the rest of its history and the result."""
        self._history(scene)
        for line in scene.result:
            self.write("Result: " + line if line is scene.result[0] else "        " + line)


class TableScreen:
    """The table, redrawn in the terminal at each decision (needs ``rich``)."""

    def __init__(self, console: Any) -> None:
        self.console = console
        self._scene: Scene | None = None  # the decision on the screen

    def message(self, text: str) -> None:
        """Shown under the table (until the next redraw clears it)."""
        self.console.print(text, markup=False, highlight=False)

    def refuse(self, text: str) -> None:
        """The table redrawn with the reason under it (refusals never scroll it away)."""
        if self._scene is None:
            self.message(text)
        else:
            self._draw(self._scene, note=text)

    def start(self, scene: Scene) -> None:
        """A new deal (drawn at the first decision or at its end)."""

    def decision(self, scene: Scene) -> None:
        self._scene = scene
        self._draw(scene)

    def over(self, scene: Scene) -> None:
        self._scene = None
        self._draw(scene)

    def _draw(self, scene: Scene, note: str = "") -> None:
        from rich.table import Table
        from rich.text import Text

        console = self.console
        width = console.width
        height = console.height
        console.clear()
        console.rule(Text(scene.title, style="bold"))
        seats = Table(box=None, pad_edge=False, show_edge=False, expand=False)
        seats.add_column("", no_wrap=True)  # (the turn)
        seats.add_column("seat", no_wrap=True)
        seats.add_column("chips", justify="right", no_wrap=True)
        seats.add_column("in pot", justify="right", no_wrap=True)
        seats.add_column("cards", no_wrap=True)
        seats.add_column("", no_wrap=True)  # (dealer, opener, folded, out)
        for row in scene.seats:
            style = ""
            if "to act" in row.marks:
                style = "bold"
            if {"folded", "out", "sits out"} & set(row.marks):
                style = "dim"
            seats.add_row(
                "▶" if "to act" in row.marks else "",
                Text(row.name, style="bold cyan" if is_me(row.name) else style),
                Text(str(row.stack), style=style),
                Text(str(row.committed) if row.committed else "", style=style),
                Text(row.cards, style=style),
                Text(_marks_text(row), style="yellow" if "opener" in row.marks else style),
            )
        console.print(seats)
        lines: list[Text] = [Text(scene.pot, style="bold")]
        if scene.rule:
            lines.append(Text(scene.rule, style="yellow"))
        if scene.hand:
            lines.append(Text(scene.hand, style="cyan"))
        tail: list[Text] = []
        if scene.result:
            tail.extend(Text(line, style="bold green") for line in scene.result)
        elif scene.actions:
            tail.append(Text("You may: " + " | ".join(scene.actions), style="bold"))
        elif scene.turn:
            tail.append(Text(scene.turn))
        notes = [Text("help lists the commands, auto lets a bot choose, quit leaves",
                      style="dim")] if scene.actions else []
        if note:
            notes.append(Text(note, style="bold red"))

        def rows(texts: list[Text]) -> int:
            return sum(max(1, -(-len(t.plain) // max(width, 1))) for t in texts)

        used = 2 + len(scene.seats) + rows(lines) + rows(tail) + rows(notes) + 2  # +prompt
        room = max(3, height - used - 1)
        history = scene.history[-room:]
        for text in lines:
            console.print(text)
        console.print(Text("This deal:", style="underline"))
        if len(scene.history) > len(history):
            history = ["…", *history[1:]]
        for line in history:
            console.print(Text("  " + line), overflow="ellipsis", no_wrap=True)
        for text in [*tail, *notes]:
            console.print(text)


def make_screen(plain: bool, write: Callable[[str], None]) -> tuple[Any, str]:
    """The screen to use, and a note to show if the table cannot be drawn."""
    if plain:
        return PlainScreen(write), ""
    try:
        from rich.console import Console
    except ImportError:
        return PlainScreen(write), (
            "(pip install 'pedron[play]' for the table redrawn at each decision)")
    return TableScreen(Console(highlight=False)), ""
