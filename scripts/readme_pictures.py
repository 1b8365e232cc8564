"""The pictures of the README and the documentation site, from the browser tests' screenshots.

    scripts/test.sh tests/e2e          # the browser tests write test-artifacts/*.png
    .venv/bin/python scripts/readme_pictures.py [NAME.png ...]   # (only these pictures)

Each picture is a screenshot the browser tests take of the real widget in a real
JupyterLab (tests/e2e/test_layout.py) or on a page of its own (tests/e2e/test_tutorial_page.py,
tests/e2e/test_widget_page.py); this
script copies the chosen ones to docs/images/, reduced to 256 colours (a third of
the size, the same picture to the eye). Run it again after a change to the look
of the table and commit the pictures with it.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
OUT = ROOT / "docs" / "images"

#: docs/images/<name> <- test-artifacts/<screenshot>: what each shows
PICTURES = {
    "table-4p-light.png": "layout-4p-light.png",   # four players in JupyterLab Light, mid-game
    "table-2p-dark.png": "layout-2p-dark.png",     # two players with Dirk in JupyterLab Dark
    "tutorial-fi.png": "tutorial-fi-refused.png",  # a lesson of the tutorial in Finnish, a try refused by its rule
    "lineup.png": "lineup-open.png",               # the end of a game: the players of the next game, chosen
    "review.png": "review-summary.png",            # the end of a reviewed game: marks, win chances, the review's table
    "look.png": "look-dialog.png",                 # a player looked at: the Alhambra big, the numbers in words
}


def main(names=()) -> int:
    from PIL import Image   # (Pillow comes with matplotlib, in the test and analysis extras)

    unknown = [n for n in names if n not in PICTURES]
    if unknown:
        print(f"not a picture of the documentation: {', '.join(unknown)} (they are {', '.join(PICTURES)})",
              file=sys.stderr)
        return 1
    chosen = {n: PICTURES[n] for n in names} if names else PICTURES
    missing = [src for src in chosen.values() if not (ARTIFACTS / src).is_file()]
    if missing:
        print(f"missing in test-artifacts/: {', '.join(missing)} (run scripts/test.sh tests/e2e first)",
              file=sys.stderr)
        return 1
    OUT.mkdir(parents=True, exist_ok=True)
    for name, src in chosen.items():
        with Image.open(ARTIFACTS / src) as im:
            small = im.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
            small.save(OUT / name, optimize=True)
        print(f"docs/images/{name}: {(OUT / name).stat().st_size // 1024} KB (from test-artifacts/{src})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
