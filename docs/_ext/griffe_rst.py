"""A griffe extension for the API pages: the package's docstrings are written for Python's
``help()`` and doctest (reStructuredText habits); this turns them into Markdown when the
documentation site is built, without touching the modules.

- ``:class:`Game``` and the other Sphinx roles become code spans (``~a.b.C`` shows ``C``);
- ``>>>`` examples (with their output lines) become ``pycon`` code blocks;
- a paragraph ending in ``::`` (an indented literal block follows) ends in ``:``;
- a section title (a line underlined with ``=``, ``-`` or ``~``) becomes a ``###`` heading, under
  the object's own (the pages show objects at level 2);
- a simple table (columns framed by lines of ``=`` runs, a row going on where its first column
  is blank) becomes a Markdown table.
"""

from __future__ import annotations

import re

import griffe

ROLE = re.compile(r":(?:py:)?(?:class|func|meth|attr|mod|data|exc|obj|const|ref):`~?\.?([^`]+)`")


def _role(match: re.Match) -> str:
    target = match.group(1)
    if match.group(0).split("`")[1].startswith("~"):
        target = target.rsplit(".", 1)[-1]
    return f"`{target}`"


def _doctest_blocks(text: str) -> str:
    out: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if stripped.startswith(">>>"):
            indent = line[: len(line) - len(stripped)]
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(indent):] if lines[i].startswith(indent) else lines[i].strip())
                i += 1
            if out and out[-1].strip():
                out.append("")
            out += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```"]
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


TITLE = re.compile(r"^(\S[^\n]*)\n([=~-])\2+$", re.M)
BORDER = re.compile(r"^=+( +=+)+$")


def _title(match: re.Match) -> str:
    title, line = match.group(1), match.group(0).split("\n")[1]
    return f"### {title}" if len(line) >= len(title.rstrip()) else match.group(0)


def _cells(line: str, spans: list) -> list:
    """The cells of a table row, cut at the columns the border marks (the last runs to the end)."""
    cut = [start for start, _ in spans] + [None]
    return [line[cut[i]:cut[i + 1]].strip() for i in range(len(spans))]


def _simple_tables(text: str) -> str:
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        borders = [j for j in range(i, len(lines)) if BORDER.match(lines[j])] if BORDER.match(line) else []
        if len(borders) >= 3 and borders[1] - borders[0] == 2:
            head, end = borders[:2], borders[2]
            spans = [m.span() for m in re.finditer(r"=+", line)]
            rows: list[list] = []
            for row in lines[head[1] + 1:end]:
                cells = _cells(row, spans)
                if rows and not cells[0]:   # the row above goes on
                    rows[-1] = [f"{a} {b}".strip() for a, b in zip(rows[-1], cells)]
                elif any(cells):
                    rows.append(cells)
            table = [_cells(lines[head[0] + 1], spans), ["---"] * len(spans), *rows]
            if out and out[-1].strip():
                out.append("")
            out += ["| " + " | ".join(c.replace("|", "\\|") for c in r) + " |" for r in table]
            i = end + 1
            if i < len(lines) and lines[i].strip():
                out.append("")   # (a Markdown table ends at a blank line)
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def rst_to_markdown(text: str) -> str:
    text = ROLE.sub(_role, text)
    text = _doctest_blocks(text)
    text = _simple_tables(text)
    text = TITLE.sub(_title, text)
    return re.sub(r"(\S)::$", r"\1:", text, flags=re.M)


class RstDocstrings(griffe.Extension):
    def on_object(self, *, obj: griffe.Object, **kwargs) -> None:
        if obj.docstring is not None:
            obj.docstring.value = rst_to_markdown(obj.docstring.value)
