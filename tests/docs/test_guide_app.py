"""docs/guide/app.rst: its examples are today's code (the ruling record's Python example runs as a
doctest, with its output)."""
import doctest
from pathlib import Path

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guide" / "app.rst"


def test_the_app_guides_examples_run_as_written():
    result = doctest.testfile(str(GUIDE), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted >= 10, result
    assert result.failed == 0, result
