"""``rulebook search`` (cli/cmd_search.py): what it prints, and that it leaves the process as it found it."""
from __future__ import annotations

import gc


def test_a_search_leaves_the_cyclic_collector_as_it_found_it(run_cli):
    assert gc.isenabled()
    code, out, _ = run_cli("search", "insufficient bid", "--lang", "en")
    assert code == 0 and "27" in out and gc.isenabled()
    gc.disable()
    try:
        code, _, err = run_cli("search", "   ")
        assert code == 2 and err and not gc.isenabled()
    finally:
        gc.enable()
