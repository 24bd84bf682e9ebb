#!/usr/bin/env python3
"""Measure a worktree's ruling engine against scenarios.yaml.

    python run.py /path/to/worktree [--scenarios FILE] [--edition E] [--only ID_SUBSTRING] [--json results.json] [-v]

For each scenario it runs that worktree's `.venv/bin/rulebook rule --json` from the record (or `--tree`),
starting with no facts and answering each question the engine asks from the scenario's `facts` (one per call;
with --edition E every call carries `--edition E`, except for a scenario
that names its own `edition`: written from a text of that edition, in its numbering, it is ruled by it),
until the engine rules, reports no irregularity, or asks a fact the scenario does not give. It then compares
only the `expect` fields and prints PASS/FAIL with the differences, the overall percentage, the number of
scenarios that ended with status "needs", and the average number of questions answered.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAX_QUESTIONS = 12
# a question the engine asks under another name than the scenario's fact key (engine key -> scenario keys)
FACT_ALIASES = {
    "pass_over_artificial": ["partner_call_artificial"],
    "partner_call_artificial": ["pass_over_artificial"],
}


def load_scenarios(path: Path) -> list[dict]:
    try:
        import yaml
    except ImportError:  # re-run with a python that has PyYAML (the worktree's venv)
        return None
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def norm_key(v):
    """27B1(a), 27 B 1 a, Law 27B1a, Artículo 27B1(a) -> 27B1A; None stays None."""
    if v is None:
        return None
    s = str(v).strip()
    s = re.sub(r"^(law|ley|art[ií]culo|artikel|articolo)\s*", "", s, flags=re.I)
    s = re.sub(r"[\s().]", "", s)
    return s.upper() or None


def norm_seat(v):
    if v is None:
        return None
    s = str(v).strip().upper()
    if s in ("", "NONE", "NULL"):
        return None
    return {"NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W"}.get(s, s)


def norm_must(v):
    if v is None or v is False:
        return "no"
    s = str(v).strip().lower()
    return {"none": "no", "false": "no", "never": "no", "": "no"}.get(s, s)


def norm_contract(v):
    if v is None:
        return None
    s = str(v).upper().replace(" ", "").replace("NT", "N")
    s = s.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C")
    return s or None


def norm_bool(v):
    if isinstance(v, str):
        return v.strip().lower() in ("yes", "true", "1")
    return bool(v)


def run_engine(wt: Path, sc: dict, facts: dict, env, edition: str | None = None) -> dict:
    exe = wt / ".venv" / "bin" / "rulebook"
    cmd = [str(exe), "rule", "--json"]
    if edition:
        cmd += ["--edition", edition]
    if sc.get("tree"):
        cmd += ["--tree", sc["tree"]]
    else:
        cmd += ["--dealer", sc.get("dealer", "N"), "--auction", sc["auction"]]
    for k, v in facts.items():
        cmd += ["--fact", f"{k}={v}"]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=wt, env=env, timeout=60)
    if p.returncode != 0:
        msg = (p.stdout or "") + (p.stderr or "")
        for out in (p.stdout, p.stderr):
            try:
                msg = json.loads(out).get("error", msg)
                break
            except (json.JSONDecodeError, AttributeError, TypeError):
                pass
        return {"status": "error", "error": [" ".join(msg.split())[:300] or "exit %d" % p.returncode]}
    try:
        return json.loads(p.stdout)
    except json.JSONDecodeError:
        return {"status": "error", "error": ["not JSON: " + p.stdout[:200]]}


def walk(wt: Path, sc: dict, env, edition: str | None = None) -> tuple[dict, int, list[str]]:
    """Answer questions from the scenario's facts; returns (last result, questions answered, facts asked)."""
    given = {k: str(v) for k, v in (sc.get("facts") or {}).items()}
    answered: dict = {}
    asked: list[str] = []
    res = run_engine(wt, sc, answered, env, edition)
    while res.get("status") == "needs" and len(asked) < MAX_QUESTIONS:
        fact = res.get("fact") or (res.get("question") or {}).get("fact")
        asked.append(fact)
        value = given.get(fact)
        if value is None:
            value = next((given[a] for a in FACT_ALIASES.get(fact, []) if a in given), None)
        if value is None or fact in answered:
            break
        answered[fact] = value
        res = run_engine(wt, sc, answered, env, edition)
    n_answered = len(answered)
    return res, n_answered, asked


def actual_value(res: dict, key: str):
    auction = res.get("auction") or {}
    if key == "law":
        return res.get("law")
    if key == "next":
        return res.get("next")
    if key in ("contract", "declarer", "passed_out"):
        return auction.get(key)
    if key == "status":
        return res.get("status")
    return res.get(key)


def compare(expect: dict, res: dict) -> list[str]:
    diffs = []
    for key, want in expect.items():
        if key == "cites":
            blob = " ".join([res.get("explanation") or "", " ".join(res.get("trail") or []),
                             json.dumps((res.get("auction") or {}).get("irregularities", []))])
            blob_n = norm_key(blob) or ""
            for k in want:
                if norm_key(k) not in blob_n:
                    diffs.append(f"cites: {k} not mentioned")
            continue
        if key == "law_not":
            if norm_key(want) == norm_key(res.get("law")):
                diffs.append(f"law: {res.get('law')!r} is the provision that does not apply here")
            continue
        got = actual_value(res, key)
        if key == "law":
            wants = want if isinstance(want, list) else [want]
            ok, w, g = norm_key(got) in {norm_key(x) for x in wants}, (want if len(wants) > 1 else wants[0]), got
        elif key in ("next", "declarer", "offender"):
            ok, w, g = norm_seat(want) == norm_seat(got), want, got
        elif key in ("partner_must_pass", "offender_must_pass"):
            ok, w, g = norm_must(want) == norm_must(got), want, got
        elif key in ("lead_restrictions", "passed_out", "adjusted_score"):
            ok, w, g = norm_bool(want) == norm_bool(got), want, got
        elif key == "contract":
            ok, w, g = norm_contract(want) == norm_contract(got), want, got
        else:
            ok, w, g = str(want) == str(got), want, got
        if not ok:
            diffs.append(f"{key}: expected {w!r}, got {g!r}")
    return diffs


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("worktree", type=Path)
    ap.add_argument("--scenarios", type=Path, default=HERE / "scenarios.yaml",
                    help="the scenario file (default: scenarios.yaml next to this script)")
    ap.add_argument("--edition", help="rule by this edition of the Laws: passed to `rulebook rule --edition`")
    ap.add_argument("--only", help="run only scenarios whose id contains this")
    ap.add_argument("--json", type=Path, help="write per-scenario results here")
    ap.add_argument("-v", "--verbose", action="store_true", help="show the trail of every scenario")
    a = ap.parse_args(argv)
    wt = a.worktree.resolve()
    if not (wt / ".venv" / "bin" / "rulebook").exists():
        print(f"error: {wt}/.venv/bin/rulebook not found (run `python3 run.py setup` in that worktree)", file=sys.stderr)
        return 2
    scenarios = load_scenarios(a.scenarios)
    if scenarios is None:
        py = wt / ".venv" / "bin" / "python"
        os.execv(str(py), [str(py), __file__, *(argv if argv is not None else sys.argv[1:])])
    if a.only:
        scenarios = [s for s in scenarios if a.only in s["id"]]
    env = dict(os.environ)
    env.setdefault("RULEBOOK_CACHE", f"/tmp/scenarios-cache-{abs(hash(str(wt)))}")
    env["NO_COLOR"] = "1"
    env["PYTHONDONTWRITEBYTECODE"] = "1"  # never write into the measured worktree

    results, n_pass, n_needs, q_total = [], 0, 0, 0
    for sc in scenarios:
        # a scenario written from a text of another edition (its 'edition' field) is ruled by that edition
        res, nq, asked = walk(wt, sc, env, str(sc.get("edition") or a.edition or "") or None)
        q_total += nq
        status = res.get("status")
        diffs = compare(sc.get("expect") or {}, res)
        if status == "needs":
            n_needs += 1
            unanswered = asked[-1] if asked else res.get("fact")
            diffs.insert(0, f"ended with status needs: asked {unanswered!r}, which the scenario does not give")
        elif status == "error":
            diffs.insert(0, "engine error: " + " ".join(res.get("error", [])))
        ok = not diffs
        n_pass += ok
        where = sc.get("auction") if not sc.get("tree") else f"tree {sc['tree']}"
        print(f"{'PASS' if ok else 'FAIL'}  {sc['id']:<44} [{sc.get('dealer', '-')}] {where}"
              + (f"  ({nq} q)" if nq else "") + ("  [debatable]" if sc.get("debatable") else "")
              + (f"  [edition {sc['edition']}]" if sc.get("edition") and str(sc["edition"]) != a.edition else ""))
        for d in diffs:
            print(f"        - {d}")
        if a.verbose or not ok:
            print(f"        engine: status={status} law={res.get('law')} trail={' > '.join(res.get('trail') or [])}"
                  f" next={res.get('next')}")
        results.append({"id": sc["id"], "pass": ok, "diffs": diffs, "status": status, "questions": nq,
                        "asked": asked, "law": res.get("law"), "trail": res.get("trail"), "next": res.get("next"),
                        "law_basis": sc.get("law_basis"), "debatable": bool(sc.get("debatable"))})
    n = len(scenarios) or 1
    print()
    print(f"scenarios: {len(scenarios)}  passed: {n_pass}  failed: {len(scenarios) - n_pass}  "
          f"score: {100.0 * n_pass / n:.1f}%")
    n_deb = sum(1 for r in results if r["debatable"] and not r["pass"])
    if n_deb:
        print(f"failed scenarios marked debatable: {n_deb}")
    print(f"ended with status 'needs': {n_needs}")
    print(f"questions answered from facts: {q_total} in all, {q_total / n:.2f} per scenario on average")
    if a.json:
        a.json.write_text(json.dumps({"worktree": str(wt), "edition": a.edition, "passed": n_pass,
                                      "total": len(scenarios), "needs": n_needs, "questions": q_total, "results": results},
                                     indent=1, ensure_ascii=False), encoding="utf-8")
    return 0 if n_pass == len(scenarios) else 1


if __name__ == "__main__":
    sys.exit(main())
