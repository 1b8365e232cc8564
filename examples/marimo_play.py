import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Alhambra")


@app.cell(hide_code=True)
def _(mo):
    mo.md(
        r"""
        # Alhambra in marimo

        Click to play: a money card and **Take**, or a market slot, cards of its currency and
        **Buy**. The Python engine judges every move. Run with `marimo edit examples/marimo_play.py`
        (or `marimo run` for the app alone).
        """
    )
    return


@app.cell
def _():
    import marimo as mo

    from alhambra_widget import AlhambraWidget
    return AlhambraWidget, mo


@app.cell
def _(AlhambraWidget, mo):
    table = mo.ui.anywidget(AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=7))
    table
    return (table,)


@app.cell
def _(mo, table):
    # This cell reads the widget's value (its `moves` trait), so marimo runs it
    # again after every move, undo and redo.
    _moves = table.value["moves"]
    _game = table.game
    _last = next((m for m in reversed(_game.moves) if m.player is not None), None)
    _scores = ", ".join(f"{p.name} {p.score}" for p in _game.players)
    mo.md(
        f"**Moves played: {_moves}** · last move: "
        f"{f'{_game.players[_last.player].name}: {_last.action}' if _last else 'none yet'} · "
        f"scores: {_scores}"
    )
    return


if __name__ == "__main__":
    app.run()
