"""``python -m graph.search build [DIR]``: build the search index and write it where searches look for it
(default: the package's ``_index/``; ``python3 run.py setup`` runs it), printing its progress.
``python -m graph.search where``: the file the next search would open, or that none is current."""
from __future__ import annotations

import sys
import time
from pathlib import Path

from . import store


def main(argv: list[str]) -> int:
    verb = argv[0] if argv else "build"
    if verb == "where":
        fp = store.fingerprint()
        found = [d / store.file_name(fp) for d in store.dirs() if (d / store.file_name(fp)).is_file()]
        print(found[0] if found else f"no current index ({store.file_name(fp)} in none of "
                                     f"{', '.join(str(d) for d in store.dirs())}); the next search builds it")
        return 0
    if verb != "build" or len(argv) > 2:
        print(__doc__, file=sys.stderr)
        return 2
    directory = Path(argv[1]) if len(argv) > 1 else store.BUILT
    t0 = time.perf_counter()

    def progress(fraction: float, stage: str) -> None:
        print(f"\rsearch index: {fraction:4.0%} {stage:<8}", end="", file=sys.stderr, flush=True)

    try:
        path = store.build_into(directory, progress)
    except OSError as e:
        print(f"\nsearch index: cannot write to {directory} ({e.strerror}); searches will build it in the cache",
              file=sys.stderr)
        return 1
    print(f"\rsearch index: {path} ({time.perf_counter() - t0:.1f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
