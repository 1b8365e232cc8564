"""Fit the learned evaluation (alhambra_widget/bots/weights.json) from self-play.

    nice -n 19 .venv/bin/python scripts/fit_evaluation.py [--seed S] [--games N] [--out PATH]

1. **Self-play.** For every player count (2-6) ``--games`` games are played
   by one kind of bot at every seat, drawn per game from the seed (so who
   wins is told by the position, not by which bot sits where): Greedy (with
   a few random takes and buys), the playout policy of the tree search (with
   more of them) and -- from the second pass on -- a one-step bot that plays
   by the evaluation fitted in the pass before. Positions are kept at
   random (``--keep``) with their features (``alhambra_widget.bots.features``),
   the stage (scoring rounds played, progress) and, once the game is over,
   who won (a shared victory shared) and every final score.
2. **Fit.** Per player count and stage, on standardised features and their
   products with the progress: the win model, a conditional logit
   (``P(i wins) = softmax(w . x_i)``), by Newton's method on the L2-penalised
   log-likelihood; the score model by ridge least squares. A fifth of the
   games (whole games) is held out and the log-loss of the fitted model is
   printed beside the hand-written evaluation's and the uniform guess.
3. **Write** the weights, in raw feature units, as JSON with what they were
   fitted from.

Everything follows from ``--seed``: the same seed and options give the same
file. numpy is needed here only (``pip install -e '.[fit]'``); the bots read
the JSON in pure Python.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout

import numpy as np  # noqa: E402

from alhambra_widget import Game  # noqa: E402
from alhambra_widget.bots import Greedy  # noqa: E402
from alhambra_widget.bots.evaluation import win_probabilities  # noqa: E402
from alhambra_widget.bots.features import NAMES, K, features, names_for, stage  # noqa: E402
from alhambra_widget.bots.learned import Model  # noqa: E402
from alhambra_widget.bots.rollout import _random_move, policy_action  # noqa: E402

SEED = 20250314
OUT = ROOT / "alhambra_widget" / "bots" / "weights.json"


# ------------------------------------------------------------------ self-play
class _Seat:
    """One self-play seat: ``kind`` is greedy, policy or learned."""

    def __init__(self, kind, seed, model=None):
        self.kind = kind
        self.rng = random.Random(seed)
        self.greedy = Greedy(seed=seed)
        self.model = model

    def choose(self, g):
        rng = self.rng
        acts = g.legal_actions()
        if len(acts) == 1:
            return acts[0]
        if self.kind == "policy":
            return policy_action(g, rng, 0.15)
        if g.phase == "action" and rng.random() < 0.05:
            return _random_move(g, rng)
        if self.kind == "learned":
            return _learned_choice(g, acts, self.model, rng)
        return self.greedy.choose(g)


def _learned_choice(g, acts, model, rng):
    me = g.current
    d = g.copy(history=False)
    d.resample_hidden(rng, record=False)
    best, best_v = None, -1.0
    for a in acts:
        c = d.copy(history=False)
        c.play(a, record=False)
        p, m = model.evaluate(c)
        v = p[me] + 0.002 * m[me]
        if v > best_v:
            best, best_v = a, v
    return best


def play_selfplay(spec):
    """One self-play game -> its kept positions (runs in a worker)."""
    n, seed, keep, model_data, kinds = spec
    model = Model(model_data) if model_data is not None else None
    rng = random.Random(seed * 7919 + n)
    kind = rng.choice(kinds)  # one kind for every seat: who wins is told by the position, not by the bot
    seats = [_Seat(kind, seed * 31 + i, model) for i in range(n)]
    g = Game(n, seed=seed)
    rows = []
    while not g.is_over:
        if rng.random() < keep:
            st, prog = stage(g)
            hand = win_probabilities(g)
            tot = sum(hand)
            rows.append((features(g), st, prog, [h / tot for h in hand]))
        g.play(seats[g.current].choose(g), record=False)
    win = g.winners
    y = [1.0 / len(win) if i in win else 0.0 for i in range(n)]
    return rows, y, [float(s) for s in g.scores]


def selfplay(n, games, seed, keep, workers, model_data, kinds):
    specs = [(n, seed + k, keep, model_data, kinds) for k in range(games)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as ex:
            results = list(ex.map(play_selfplay, specs, chunksize=8))
    else:
        results = [play_selfplay(s) for s in specs]
    X, st, pr, hand, Y, S, G = [], [], [], [], [], [], []
    for k, (rows, y, sc) in enumerate(results):
        for f, s, p, h in rows:
            X.append(f)
            st.append(s)
            pr.append(p)
            hand.append(h)
            Y.append(y)
            S.append(sc)
            G.append(k)
    return {"X": np.array(X, dtype=float), "stage": np.array(st), "progress": np.array(pr),
            "hand": np.array(hand), "y": np.array(Y), "scores": np.array(S), "game": np.array(G)}


# ------------------------------------------------------------------- fitting
def design(X, prog):
    """Features and their products with the progress: (positions, players, 2 width)."""
    return np.concatenate([X, X * prog[:, None, None]], axis=2)


def fit_logit(Z, y, lam, iters=30):
    """Conditional logit by Newton's method: Z (N, n, D), y (N, n) shares
    summing to 1. Returns w (D,) on the given columns."""
    N, n, D = Z.shape
    w = np.zeros(D)
    for _ in range(iters):
        s = Z @ w
        s -= s.max(axis=1, keepdims=True)
        p = np.exp(s)
        p /= p.sum(axis=1, keepdims=True)
        grad = np.einsum("ni,nid->d", y - p, Z) - lam * w
        zbar = np.einsum("ni,nid->nd", p, Z)
        H = np.einsum("ni,nid,nie->de", p, Z, Z) - np.einsum("nd,ne->de", zbar, zbar) + lam * np.eye(D)
        step = np.linalg.solve(H, grad)
        w += step
        if np.abs(step).max() < 1e-7:
            break
    return w


def logloss(s, y):
    s = s - s.max(axis=1, keepdims=True)
    logp = s - np.log(np.exp(s).sum(axis=1, keepdims=True))
    return float(-(y * logp).sum(axis=1).mean())


def fit_player_count(data, n, lam_win, lam_score, holdout, rng):
    Xr = data["X"]
    games = np.unique(data["game"])
    test_games = set(rng.choice(games, size=max(1, int(len(games) * holdout)), replace=False).tolist()) \
        if holdout > 0 else set()
    is_test = np.array([g in test_games for g in data["game"]])
    width = Xr.shape[2]
    out = {"win": [], "score": []}
    report = []
    for st in range(3):
        sel = data["stage"] == st
        Z = design(Xr[sel], data["progress"][sel])
        y = data["y"][sel]
        sc = data["scores"][sel]
        test = is_test[sel]
        train = ~test
        flat = Z[train].reshape(-1, Z.shape[2])
        mu = flat.mean(axis=0)
        sd = flat.std(axis=0)
        sd[sd < 1e-9] = 1.0
        Zs = (Z - mu) / sd
        w = fit_logit(Zs[train], y[train], lam_win * train.sum())
        raw = w / sd  # the constant -mu/sd . w is the same for every player: softmax drops it
        # score model: ridge least squares on the same columns
        A = Zs[train].reshape(-1, Z.shape[2])
        b = sc[train].reshape(-1)
        A1 = np.hstack([A, np.ones((A.shape[0], 1))])
        reg = lam_score * A.shape[0] * np.eye(A1.shape[1])
        reg[-1, -1] = 0.0
        v = np.linalg.solve(A1.T @ A1 + reg, A1.T @ b)
        raw_s = v[:-1] / sd
        icpt = float(v[-1] - (v[:-1] * mu / sd).sum())
        out["win"].append({"base": raw[:width].tolist(), "progress": raw[width:].tolist()})
        out["score"].append({"base": raw_s[:width].tolist(), "progress": raw_s[width:].tolist(),
                             "intercept": icpt})
        if test.any():
            Zt = Z[test]
            yt = y[test]
            ll = logloss(Zt @ raw, yt)
            hand = np.clip(data["hand"][sel][test], 1e-6, 1.0)
            ll_hand = float(-(yt * np.log(hand / hand.sum(axis=1, keepdims=True))).sum(axis=1).mean())
            acc = float((yt[np.arange(len(yt)), (Zt @ raw).argmax(axis=1)] > 0).mean())
            pred_s = Zt @ raw_s + icpt
            rmse = float(np.sqrt(((pred_s - sc[test]) ** 2).mean()))
            report.append(f"  {n} players, {st} rounds played: {int(sel.sum())} positions; held-out log-loss "
                          f"{ll:.3f} (hand-written {ll_hand:.3f}, uniform {math.log(n):.3f}), winner found "
                          f"{acc:.1%}; final score RMSE {rmse:.1f}")
    return out, report


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--games", type=int, default=3000,
                    help="self-play games per pass for 2 and 4 players (the benchmarks' player counts)")
    ap.add_argument("--games-other", type=int, default=1000, help="... and for 3, 5 and 6 players")
    ap.add_argument("--players", default="2,3,4,5,6")
    ap.add_argument("--passes", default="1",
                    help="passes per player count: N for every count, or COUNT=N,... (others 1); pass 1 "
                         "plays Greedy and policy games, every further pass adds games of the one-step bot "
                         "of the fit before")
    ap.add_argument("--keep", type=float, default=0.35, help="share of positions kept")
    ap.add_argument("--lam-win", type=float, default=1e-4, help="L2 penalty per position, win model")
    ap.add_argument("--lam-score", type=float, default=1e-4, help="ridge penalty per row, score model")
    ap.add_argument("--holdout", type=float, default=0.2)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args(argv)
    counts = [int(x) for x in args.players.split(",")]
    passes = _passes(args.passes, counts)
    t0 = time.perf_counter()
    models = {}
    for n in counts:
        pool = []
        model_n = None
        for pas in range(passes[n]):
            kinds = ("greedy", "policy") if model_n is None else ("greedy", "learned", "learned")
            seed = args.seed + 1_000_000 * pas + 10_000 * n
            games = args.games if n in (2, 4) else args.games_other
            data = selfplay(n, games, seed, args.keep, args.workers, model_n, kinds)
            data["game"] = data["game"] + pas * 100_000
            pool.append(data)
            merged = {k: np.concatenate([d[k] for d in pool]) for k in data}
            rng = np.random.default_rng(args.seed + n)
            models[str(n)], report = fit_player_count(merged, n, args.lam_win, args.lam_score, args.holdout, rng)
            print(f"pass {pas + 1}, {n} players: {games} games ({', '.join(kinds)}), "
                  f"{time.perf_counter() - t0:.0f} s", flush=True)
            print("\n".join(report), flush=True)
            model_n = _weights_file(args, passes, {str(n): models[str(n)]})
    model_data = _weights_file(args, passes, models)
    text = json.dumps(_rounded(model_data), indent=1) + "\n"
    Path(args.out).write_text(text, encoding="utf-8")
    print(f"wrote {args.out} ({len(text)} bytes) in {time.perf_counter() - t0:.0f} s")
    assert K == len(NAMES) and names_for(2)[:K] == list(NAMES)


def _passes(text, counts) -> dict:
    if "=" not in text:
        return {n: int(text) for n in counts}
    out = {n: 1 for n in counts}
    for part in text.split(","):
        k, v = part.split("=")
        out[int(k)] = int(v)
    return out


def _weights_file(args, passes, models) -> dict:
    return {
        "format": "alhambra-widget evaluation", "version": 1, "features": list(NAMES),
        "fit": {"script": "scripts/fit_evaluation.py", "seed": args.seed, "games": args.games,
                "games_other": args.games_other, "passes": {str(n): passes[n] for n in sorted(passes)},
                "keep": args.keep, "lam_win": args.lam_win, "lam_score": args.lam_score,
                "holdout": args.holdout},
        "models": models,
    }


def _rounded(x):
    if isinstance(x, float):
        return float(f"{x:.6g}")
    if isinstance(x, list):
        return [_rounded(v) for v in x]
    if isinstance(x, dict):
        return {k: _rounded(v) for k, v in x.items()}
    return x


if __name__ == "__main__":
    main()
