"""A griffe extension for the API pages: the package's docstrings are written for Python's
``help()`` and doctest (reStructuredText habits); this turns them into Markdown when the
documentation site is built, without touching the modules.

- ``:class:`Game``` and the other Sphinx roles become code spans (``~a.b.C`` shows ``C``);
- ``>>>`` examples (with their output lines) become ``pycon`` code blocks;
- a paragraph ending in ``::`` (an indented literal block follows) ends in ``:``.
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


def rst_to_markdown(text: str) -> str:
    text = ROLE.sub(_role, text)
    text = _doctest_blocks(text)
    return re.sub(r"(\S)::$", r"\1:", text, flags=re.M)


class RstDocstrings(griffe.Extension):
    def on_object(self, *, obj: griffe.Object, **kwargs) -> None:
        if obj.docstring is not None:
            obj.docstring.value = rst_to_markdown(obj.docstring.value)
