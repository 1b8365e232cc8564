"""Plain-text pictures of an Alhambra and a game (``print(game)``)."""

from __future__ import annotations

from .money import CURRENCIES

LETTER = {"pavilion": "P", "seraglio": "S", "arcades": "A", "chambers": "C", "garden": "G", "tower": "T"}


def tile_code(t) -> str:
    """``T13``: building letter and price; ``(F)`` for the fountain."""
    if t.id == 0:
        return "(F)"
    return f"{LETTER[t.building.value]}{t.price}"


def alhambra_text(a) -> str:
    """The grid with walls: ``===`` / ``#`` are walls, cells show building letter and price."""
    minx, maxx, miny, maxy = a.bounds
    wm = a.wall_mask
    lines = []
    for y in range(miny, maxy + 2):
        top = []
        for x in range(minx, maxx + 1):
            wall = (wm((x, y)) & 1) or (wm((x, y - 1)) & 4)
            present = (x, y) in a or (x, y - 1) in a
            top.append("+" + ("===" if wall else ("---" if present else "   ")))
        lines.append("".join(top) + "+")
        if y > maxy:
            break
        row = []
        for x in range(minx, maxx + 2):
            wall = (wm((x, y)) & 8) or (wm((x - 1, y)) & 2)
            present = (x, y) in a or (x - 1, y) in a
            row.append("#" if wall else (":" if present else " "))
            if x <= maxx:
                t = a[(x, y)]
                row.append(f"{tile_code(t):^3}" if t is not None else "   ")
        lines.append("".join(row))
    return "\n".join(line.rstrip() for line in lines)


def whose_move(g) -> str:
    """Who is to do what, in short: "Ana to act", "Ana to place tiles" or "game over"."""
    if g.is_over:
        return "game over"
    return f"{g.players[g.current].name} to {'place tiles' if g.phase == 'place' else 'act'}"


def game_text(g) -> str:
    out = []
    status = "game over" if g.is_over else f"turn {g.turn}, {whose_move(g)}"
    if g.extra:
        status += " (extra action after an exact payment)"
    out.append(f"Alhambra, {g.n} players - {status}")
    slots = []
    for i, t in enumerate(g.market):
        slots.append(f"{i + 1} {CURRENCIES[i].value}: {t if t is not None else '-'}")
    out.append("Building market: " + " | ".join(slots))
    out.append("Money market: " + (", ".join(str(c) for c in g.money) or "-"))
    out.append(f"Deck {g.deck_size} cards, discard {len(g.discard)}, bag {g.bag_size} tiles, "
               f"scoring rounds played: {', '.join(map(str, g.scoring_rounds_played)) or 'none'}")
    if g.n == 2:
        out.append("Dirk: " + (", ".join(tile_code(t) for t in g.dirk) or "-"))
    if g.pending:
        out.append("To place: " + ", ".join(f"{g.players[p].name}: {t}" for p, t in g.pending))
    for i, p in enumerate(g.players):
        mark = ">" if i == g.current and not g.is_over else " "
        win = " WINNER" if i in g.winners else ""
        out.append("")
        out.append(f"{mark} {p.name}: {p.score} points{win}; hand " + (", ".join(str(c) for c in p.hand) or "-"))
        if p.reserve:
            out.append("  reserve: " + ", ".join(str(t) for t in p.reserve))
        out.append("  " + alhambra_text(p.alhambra).replace("\n", "\n  "))
    return "\n".join(out)
