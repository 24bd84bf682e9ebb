"""The bottom of ``laws``: where the data lives, YAML with line numbers, the data error, the finding.

Every data file of the project (law texts, publications, editions, correspondence tables, trees,
glossary) is read through :func:`read_yaml`, which keeps each mapping's line number under
``__line__`` and turns every problem into a :class:`DataError` naming the file, the line and the
fix. A check reports :class:`Finding` objects. This module imports nothing of the project, so
that keys, editions, the corpus and the checks can all stand on it:
``datafile -> keys -> registry -> corpus -> editions -> check``.

**Where the data lives.** :func:`data_dir` is the folder of the corpus: the project's
``laws/data`` unless another one was chosen, by :func:`use_data` (``rulebook --data DIR``) or
by the environment variable ``RULEBOOK_DATA`` (read by the app and the docs build). A folder of
one's own holds at least ``publications.yaml`` and one folder per publication; what it lacks
(the editions registry, the correspondence tables, the source documents) is read from the
project's data: :func:`data_path`.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

#: the project's own data folder
PROJECT_DATA = Path(__file__).resolve().parent / "data"
ENV_DATA = "RULEBOOK_DATA"

_chosen: Path | None = None


class DataError(Exception):
    """A problem in a data file, with the file, the line and how to fix it."""

    def __init__(self, file: Path | str, line: int | None, message: str, fix: str = ""):
        self.file, self.line, self.message, self.fix = str(file), line, message, fix
        where = f"{self.file}:{line}" if line else self.file
        super().__init__(f"{where}: {message}" + (f" ({fix})" if fix else ""))


@dataclass
class Finding:
    """What a check found: ``level`` is ``error`` (``rulebook check`` fails) or ``info``."""

    level: str          # "error" | "info"
    check: str          # which check found it
    where: str          # file:line or key
    message: str

    def to_dict(self) -> dict:
        return {"level": self.level, "check": self.check, "where": self.where, "message": self.message}

    @classmethod
    def of(cls, check: str, e: DataError) -> "Finding":
        """The error finding of a data error."""
        return cls("error", check, f"{e.file}:{e.line}" if e.line else e.file,
                   e.message + (f" ({e.fix})" if e.fix else ""))


# -- where the data lives --------------------------------------------------------------------------
def data_dir() -> Path:
    """The corpus folder in use (see the module's docstring)."""
    if _chosen is not None:
        return _chosen
    env = os.environ.get(ENV_DATA)
    return Path(env).expanduser().resolve() if env else PROJECT_DATA


def use_data(path: Path | str | None) -> Path:
    """Read the corpus from ``path`` from now on (None: back to the default); returns the folder.

    A folder without ``publications.yaml`` is a :class:`DataError`: nothing would be read from it."""
    global _chosen
    if path is None:
        _chosen = None
        return data_dir()
    p = Path(path).expanduser().resolve()
    if not p.is_dir():
        raise DataError(p, None, "no such folder", "give the folder that holds publications.yaml")
    if not (p / "publications.yaml").is_file():
        raise DataError(p, None, "this folder holds no publications.yaml, so it is not a corpus",
                        "give the folder written by 'rulebook import --out DIR' with its publications.yaml")
    _chosen = p
    return p


@contextmanager
def using_data(path):
    """Read the corpus from ``path`` inside the ``with`` block (and tell subprocesses, through
    ``RULEBOOK_DATA``); the folder and the variable in use before come back after it."""
    global _chosen
    before, env = _chosen, os.environ.get(ENV_DATA)
    os.environ[ENV_DATA] = str(use_data(path))
    try:
        yield _chosen
    finally:
        _chosen = before
        if env is None:
            os.environ.pop(ENV_DATA, None)
        else:
            os.environ[ENV_DATA] = env


def shown(path: Path | str) -> str:
    """A path as messages show it: relative to the project when inside it (``laws/data/...``)."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(PROJECT_DATA.parent.parent))
    except ValueError:
        return str(p)


def data_path(*parts: str) -> Path:
    """A file or folder of the data in use, or the project's when the data in use lacks it."""
    own = data_dir().joinpath(*parts)
    return own if own.exists() else PROJECT_DATA.joinpath(*parts)


# -- YAML with line numbers ------------------------------------------------------------------------
def _loader():
    import yaml

    Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

    class LineLoader(Base):  # type: ignore[misc, valid-type]
        pass

    def construct_mapping(loader, node, deep=False):
        mapping = {}
        for knode, vnode in node.value:
            k = loader.construct_object(knode, deep=True)
            if k in mapping:
                raise DataError("", knode.start_mark.line + 1, f"the field {k!r} appears twice", "keep one of them")
            mapping[k] = loader.construct_object(vnode, deep=True)
        mapping["__line__"] = node.start_mark.line + 1
        return mapping

    LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, construct_mapping)
    return yaml, LineLoader


def read_yaml(path: Path | str, text: str | None = None):
    """A YAML file (or ``text``, named ``path`` in errors), each mapping carrying its line as
    ``__line__``; any problem a :class:`DataError`."""
    yaml, Loader = _loader()
    path = Path(path)
    try:
        if text is not None:
            return yaml.load(text, Loader=Loader)
        with open(path, encoding="utf-8") as f:
            return yaml.load(f, Loader=Loader)
    except DataError as e:
        raise DataError(path, e.line, e.message, e.fix) from None
    except FileNotFoundError:
        raise DataError(path, None, "the file does not exist", "create it or correct the name") from None
    except UnicodeDecodeError as e:
        raise DataError(path, None, f"not UTF-8 text ({e.reason} at byte {e.start})", "save the file as UTF-8") from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = mark.line + 1 if mark else None
        problem = getattr(e, "problem", None) or str(e)
        raise DataError(path, line, f"not valid YAML: {problem}",
                        "check the indentation and quote text that contains ': ' or starts with a symbol") from None


def plain(d):
    """A mapping (or list) read by :func:`read_yaml` without its ``__line__`` fields."""
    if isinstance(d, dict):
        return {k: plain(v) for k, v in d.items() if k != "__line__"}
    if isinstance(d, list):
        return [plain(x) for x in d]
    return d


def write_atomic(path: Path | str, text: str) -> None:
    """Write ``text`` to ``path`` so that a reader sees the old file or the new one, never half."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp{os.getpid()}")
    try:
        with open(tmp, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        tmp.replace(path)
    finally:
        tmp.unlink(missing_ok=True)
