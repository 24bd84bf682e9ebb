"""The second stage's model file (``data/model.yaml``): read and checked here (:func:`load_model`), written
by ``benchmarks/fit_rerank.py --write``. A broken file is a :class:`ModelError` with its line and fix.
"""
from __future__ import annotations

import math
from pathlib import Path

import yaml

from laws.corpus import CorpusError

from . import data as D
from .rerank import FEATURES, Model

MODEL_PATH = D.MODEL
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class ModelError(CorpusError):
    """A problem in the reranker's model file, with the line and how to fix it."""


def load_model(path: Path = MODEL_PATH) -> Model:
    """The model of ``path``: ``features: [{name, mean, sd, weight}, ...]`` and, optionally, ``hidden: [{bias, out,
    weights: [one per feature, in their order]}, ...]``."""
    where = D.rel(path)
    refit = "refit it: python benchmarks/fit_rerank.py --write"
    try:
        text = path.read_text(encoding="utf-8")
        node = yaml.compose(text, Loader=_LOADER)
    except OSError as e:
        raise ModelError(where, None, f"cannot be read ({e.strerror})", "restore it from git or " + refit) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        raise ModelError(where, mark.line + 1 if mark else None, f"not valid YAML: {getattr(e, 'problem', e)}",
                         refit) from None
    data = yaml.load(text, Loader=_LOADER)
    feats = data.get("features") if isinstance(data, dict) else None
    fnode = next((v for k, v in getattr(node, "value", []) if getattr(k, "value", None) == "features"), node)
    if not isinstance(feats, list) or not feats:
        raise ModelError(where, (node.start_mark.line + 1) if node else None, "no list of features",
                         "write features: followed by - {name: ..., mean: ..., sd: ..., weight: ...}")
    names, mean, sd, weight = [], [], [], []
    for n, (f, fn) in enumerate(zip(feats, fnode.value), 1):
        line = fn.start_mark.line + 1
        if not isinstance(f, dict) or set(f) != {"name", "mean", "sd", "weight"}:
            raise ModelError(where, line, f"feature {n}: expected the fields name, mean, sd, weight",
                             "write - {name: rel, mean: 0.5, sd: 0.3, weight: 0.7}")
        if f["name"] not in FEATURES:
            raise ModelError(where, line, f"unknown feature {f['name']!r}", "use one of " + ", ".join(FEATURES))
        if f["name"] in names:
            raise ModelError(where, line, f"feature {f['name']!r} appears twice", "keep one")
        vals = [f["mean"], f["sd"], f["weight"]]
        if not all(_number(v) for v in vals) or f["sd"] <= 0:
            raise ModelError(where, line, f"feature {f['name']!r}: mean, sd and weight must be numbers, sd above 0",
                             refit)
        names.append(f["name"])
        mean.append(float(f["mean"]))
        sd.append(float(f["sd"]))
        weight.append(float(f["weight"]))
    return Model(tuple(names), tuple(mean), tuple(sd), tuple(weight), _hidden(data, node, where, len(names), refit))


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _hidden(data: dict, node, where: str, n_features: int, refit: str) -> tuple:
    """The hidden units of the model file: ``((bias, out, (weight per feature, ...)), ...)``; none without ``hidden``."""
    units = data.get("hidden")
    if units is None:
        return ()
    hnode = next((v for k, v in node.value if getattr(k, "value", None) == "hidden"), node)
    if not isinstance(units, list):
        raise ModelError(where, hnode.start_mark.line + 1, "hidden is not a list of units",
                         "write hidden: followed by - {bias: ..., out: ..., weights: [...]}, or " + refit)
    out = []
    for n, (u, un) in enumerate(zip(units, hnode.value), 1):
        line = un.start_mark.line + 1
        if not isinstance(u, dict) or set(u) != {"bias", "out", "weights"}:
            raise ModelError(where, line, f"hidden unit {n}: expected the fields bias, out, weights",
                             "write - {bias: 0.1, out: 0.5, weights: [...]}")
        ws = u["weights"]
        if not isinstance(ws, list) or len(ws) != n_features:
            raise ModelError(where, line, f"hidden unit {n}: weights must be a list of {n_features} numbers, one per "
                             "feature in their order", refit)
        if not all(_number(v) for v in [u["bias"], u["out"], *ws]):
            raise ModelError(where, line, f"hidden unit {n}: bias, out and weights must be numbers", refit)
        out.append((float(u["bias"]), float(u["out"]), tuple(float(v) for v in ws)))
    return tuple(out)
