"""Writing a file the user names (cli/safe_io.py, through `rulebook export -o FILE`): never overwritten
without --force, never through a symbolic link, ``-`` for stdout, a clear error for a directory, and
atomic (a failure in the middle leaves the old file whole)."""
from __future__ import annotations

import json
import os

import pytest


def _clean(code, err, expected=2):
    assert code == expected, err
    assert "Traceback" not in err


def test_export_refuses_to_overwrite_without_force(run_cli, tmp_path):
    f = tmp_path / "laws.ttl"
    f.write_text("mine\n")
    code, _, err = run_cli("export", "-o", f)
    _clean(code, err)
    assert "--force" in err and f.read_text() == "mine\n"
    code, _, err = run_cli("export", "-o", f, "--force")
    assert code == 0 and f.read_text().startswith("@prefix")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["laws.ttl"]  # no temporary file left


def test_export_does_not_follow_a_symlink(run_cli, tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("keep\n")
    link = tmp_path / "out.ttl"
    os.symlink(target, link)
    for force in ([], ["--force"]):
        code, _, err = run_cli("export", "-o", link, *force)
        _clean(code, err)
        assert "symbolic link" in err and target.read_text() == "keep\n" and link.is_symlink()
    dangling = tmp_path / "dangling.ttl"
    os.symlink(tmp_path / "nowhere", dangling)
    code, _, err = run_cli("export", "-o", dangling)
    _clean(code, err)
    assert not (tmp_path / "nowhere").exists()


def test_export_dash_is_stdout(run_cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli("export", "-o", "-", "--format", "jsonld")
    assert code == 0 and json.loads(out)["@context"]
    assert not (tmp_path / "-").exists()


def test_export_to_a_directory_or_a_missing_directory(run_cli, tmp_path):
    code, _, err = run_cli("export", "-o", tmp_path)
    _clean(code, err)
    code, _, err = run_cli("export", "-o", tmp_path / "no" / "x.ttl")
    _clean(code, err)
    assert "cannot write" in err


def test_export_is_atomic(tmp_path):
    """The content is written to a temporary file of the same directory and renamed over the
    destination: a failure in the middle leaves the old file whole."""
    from cli import safe_io
    from i18n import translator

    f = tmp_path / "x.ttl"
    f.write_text("old\n")

    real_fdopen = os.fdopen

    def failing_fdopen(fd, *a, **k):
        fh = real_fdopen(fd, *a, **k)

        class W:
            def __enter__(self):
                return self

            def __exit__(self, *exc):
                fh.close()

            def write(self, s):
                fh.write(s[:3])
                raise OSError(28, "No space left on device")

        return W()

    import cli.safe_io as mod
    mod.os.fdopen = failing_fdopen
    try:
        with pytest.raises(safe_io.UserError) as e:
            safe_io.write_text(str(f), "new content\n", translator("en"), force=True)
    finally:
        mod.os.fdopen = real_fdopen
    assert "No space left" in e.value.message
    assert f.read_text() == "old\n" and sorted(p.name for p in tmp_path.iterdir()) == ["x.ttl"]
