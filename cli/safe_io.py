"""Writing a file the user names, safely (``rulebook export -o FILE``).

* an existing file is never overwritten without ``force``;
* a symbolic link at the destination is never followed (refused, even with ``force``: the link's
  target could be any file of the user's);
* the content goes to a temporary file in the same directory, then :func:`os.replace` puts it in
  place: a reader never sees half a file, an interrupted write leaves the old file whole;
* ``-`` is the standard output.
"""
from __future__ import annotations

import os
import sys
import tempfile

from i18n import N_

from present import UserError

MSG_EXISTS = N_("{file} already exists: add --force to overwrite it")
MSG_SYMLINK = N_("{file} is a symbolic link: it is not followed; write to the file itself")
MSG_NOT_FILE = N_("{file} is not a regular file")
MSG_CANNOT_WRITE = N_("cannot write {file}: {reason}")
HELP_FORCE = N_("overwrite FILE if it exists")
HELP_OUTPUT = N_("write to FILE instead of the standard output (- is the standard output); an existing "
                 "file is kept unless --force is given")


def is_stdout(path: str | None) -> bool:
    return path is None or path == "-"


def check_destination(path: str, t, force: bool = False) -> None:
    """Refuse a destination before any work is done: a symbolic link, not a regular file, an
    existing file without ``force``, a directory that does not exist."""
    if is_stdout(path):
        return
    data = {"file": path}
    if os.path.islink(path):
        raise UserError(t.gettext(MSG_SYMLINK).format(file=path), data)
    if os.path.exists(path):
        if not os.path.isfile(path):
            raise UserError(t.gettext(MSG_NOT_FILE).format(file=path), data)
        if not force:
            raise UserError(t.gettext(MSG_EXISTS).format(file=path), data)
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise UserError(t.gettext(MSG_CANNOT_WRITE).format(file=path, reason=os.strerror(2)), data)


def write_text(path: str, content: str, t, force: bool = False) -> None:
    """Write ``content`` to ``path`` atomically, or raise a translated :class:`UserError`."""
    if is_stdout(path):
        sys.stdout.write(content)
        return
    data = {"file": path}
    check_destination(path, t, force)
    directory = os.path.dirname(os.path.abspath(path))
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix="." + os.path.basename(path) + ".", suffix=".tmp", dir=directory)
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(content)
            f.flush()
            os.fsync(f.fileno())
        if os.path.islink(path):  # appeared meanwhile
            raise UserError(t.gettext(MSG_SYMLINK).format(file=path), data)
        if not force and os.path.exists(path):
            raise UserError(t.gettext(MSG_EXISTS).format(file=path), data)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # as open() would have made it (mkstemp makes 0600)
        os.replace(tmp, path)
        tmp = None
    except OSError as e:
        raise UserError(t.gettext(MSG_CANNOT_WRITE).format(file=path, reason=e.strerror or str(e)), data) from None
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
