"""The ``rulebook`` command line.

Every command takes ``--json`` (machine-readable output on stdout) and ``--lang``
(the language of the output: en, es, nl, it). A user's mistake is reported on stderr,
in that language, with exit status 2; never a traceback.

Commands live in modules ``cli/cmd_*.py``. Each module has ``register(sub, common, t)``
which adds its sub-parsers (with ``parents=[common]``) and sets ``func`` to a handler
``handler(args, t) -> Result``. A handler raises :class:`UserError` for bad input.
Modules are imported lazily: only the command that runs is imported, so that
``rulebook show`` never imports Streamlit, Sphinx or rdflib.
"""
from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from dataclasses import dataclass
from typing import Any

from i18n import N_, normalize_lang, translator

# command name -> module that implements it
COMMANDS = {
    "list": "cmd_corpus", "show": "cmd_corpus", "check": "cmd_corpus",
    "refs": "cmd_graph", "path": "cmd_graph", "export": "cmd_graph", "sparql": "cmd_graph",
    "glossary": "cmd_graph",
    "auction": "cmd_auction",
    "score": "cmd_score", "adjust": "cmd_score", "imps": "cmd_score",
    "rule": "cmd_rule", "facts": "cmd_rule", "trees": "cmd_rule",
    "search": "cmd_search",
    "import": "cmd_import",
}

# argparse's own messages, so that they are extracted and translated too
ARGPARSE_MESSAGES = [
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("the following arguments are required: %s"), N_("unrecognized arguments: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("expected one argument"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("invalid %(type)s value: %(value)r"), N_("ambiguous option: %(option)s could match %(matches)s"),
]


from present import UserError  # noqa: E402  (a mistake of the user's: stderr, exit status 2)


@dataclass
class Result:
    data: Any            # what --json prints
    text: str = ""       # what a person reads
    code: int = 0        # exit status


class Parser(argparse.ArgumentParser):
    def error(self, message: str):  # argparse's errors: stderr, exit 2, translated
        t = translator(getattr(self, "_lang", "en"))
        self.print_usage(sys.stderr)
        self.exit(2, t.gettext("%(prog)s: error: %(message)s\n") % {"prog": self.prog, "message": message})


def _pre_scan(argv: list[str]) -> tuple[str, str | None]:
    """The output language and the command, read before the parser is built."""
    lang = os.environ.get("RULEBOOK_LANG", "en")
    for i, a in enumerate(argv):
        if a == "--lang" and i + 1 < len(argv):
            lang = argv[i + 1]
        elif a.startswith("--lang="):
            lang = a.split("=", 1)[1]
    cmd = next((a for a in argv if a in COMMANDS), None)
    return normalize_lang(lang), cmd


def build_parser(t, only: str | None = None) -> argparse.ArgumentParser:
    import argparse as ap

    ap._ = t.gettext  # type: ignore[attr-defined]
    ap.ngettext = t.ngettext  # type: ignore[attr-defined]
    common = Parser(add_help=False)
    common.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help=t.gettext("print machine-readable JSON"))
    common.add_argument("--lang", metavar="L", default=argparse.SUPPRESS,
                        help=t.gettext("language: en, es, nl or it (output, and the law texts where it applies)"))
    common.add_argument("--notation", metavar="N", default=argparse.SUPPRESS,
                        help=t.gettext("bidding notation of the calls and seats typed and shown: en, es, nl or it "
                                       "(default en; JSON output stays in the neutral notation)"))
    common.add_argument("--data", metavar="DIR", default=argparse.SUPPRESS,
                        help=t.gettext("read the corpus (law files and publications.yaml) from DIR instead of the "
                                       "project's laws/data (also: the environment variable RULEBOOK_DATA)"))
    parser = Parser(prog="rulebook", parents=[common],
                    description=t.gettext("The Laws of Duplicate Bridge as a cross-referenced, executable rulebook."))
    parser._lang = t.lang  # type: ignore[attr-defined]
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    modules = sorted(set(COMMANDS.values())) if only is None else [COMMANDS[only]]
    for name in modules:
        try:
            mod = importlib.import_module(f"cli.{name}")
        except ModuleNotFoundError as e:
            if e.name == f"cli.{name}":
                continue  # a command whose module is not written yet
            raise
        mod.register(sub, common, t)
    for p in sub.choices.values():
        p._lang = t.lang  # type: ignore[attr-defined]
    return parser


def _where(e) -> str:
    line = getattr(e, "line", None)
    return f"{e.file}:{line}" if line else str(e.file)


def is_data_error(e: BaseException) -> bool:
    """A problem in a data file: any exception that names its ``file`` and ``message`` (the corpus's
    CorpusError, the glossary's GlossaryError, the trees' TreeError, ...), whoever raises it."""
    return bool(getattr(e, "file", None)) and isinstance(getattr(e, "message", None), str)


def data_problems(e: BaseException | None = None) -> list[dict]:
    """What is broken in the data, as ``{"where": "file:line", "message": ...}``.

    ``e`` is the exception a command raised: when it is a data error it is the answer; otherwise
    (a KeyError deep in the engine because a tree names a node that does not exist...) the
    checks of every data kind are run, and their errors are the answer. An empty list means the
    data is sound, and the exception is a bug of the code.
    """
    if e is not None and is_data_error(e):
        return [{"where": _where(e), "message": e.message + (f" ({e.fix})" if getattr(e, "fix", "") else "")}]
    out: list[dict] = []
    try:
        from laws import check

        findings = check.run(with_catalogs=False)
    except Exception as x:  # noqa: BLE001 - the checks themselves fail on the broken data
        if is_data_error(x):
            return [{"where": _where(x), "message": x.message}]
        return []
    for f in findings:
        if f.level == "error":
            out.append({"where": f.where, "message": f.message})
    return out


def report_data_problems(problems: list[dict], t, as_json: bool) -> None:
    head = t.gettext("The data of the rulebook is broken; run `rulebook check` for every problem.")
    if as_json:
        json.dump({"error": head, "data_errors": problems}, sys.stderr, ensure_ascii=False, indent=2)
        sys.stderr.write("\n")
        return
    for p in problems[:10]:
        print(t.gettext("error in the data: {message}").format(message=f"{p['where']}: {p['message']}"),
              file=sys.stderr)
    if len(problems) > 10:
        print(t.gettext("... and {n} more").format(n=len(problems) - 10), file=sys.stderr)
    print(head, file=sys.stderr)


def emit(result: Result, as_json: bool) -> None:
    if as_json:
        json.dump(result.data, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    elif result.text:
        sys.stdout.write(result.text if result.text.endswith("\n") else result.text + "\n")


def _closed_streams() -> bool:
    """A standard stream closed by the caller (``rulebook list >&-``) is None in Python: writing to it
    would be an AttributeError. Such a stream becomes os.devnull; True when stdout was closed."""
    closed = sys.stdout is None
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            try:
                setattr(sys, name, open(os.devnull, "w"))
            except OSError:
                pass
    return closed


def main(argv: list[str] | None = None) -> int:
    stdout_closed = _closed_streams()
    argv = list(sys.argv[1:] if argv is None else argv)
    lang, cmd = _pre_scan(argv)
    t = translator(lang)
    parser = build_parser(t, only=cmd)
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    if not getattr(args, "func", None):
        if not argv:
            parser.print_help()
            return 0
        # options but no command (`rulebook --json`): a clear error on stderr, not the help on stdout
        parser.print_usage(sys.stderr)
        print(t.gettext("error: {message}").format(message=t.gettext(
            "a command is required: {commands} (rulebook --help lists them)").format(
            commands=", ".join(sorted(COMMANDS)))), file=sys.stderr)
        return 2
    raw_lang = getattr(args, "lang", None)
    if raw_lang and normalize_lang(raw_lang) != raw_lang.replace("-", "_").split("_")[0].lower():
        print(t.gettext("error: {message}").format(message=t.gettext(
            "unknown language {lang}: use en, es, nl or it").format(lang=raw_lang)), file=sys.stderr)
        return 2
    args.lang = normalize_lang(raw_lang) if raw_lang else None
    args.json = bool(getattr(args, "json", False))
    from laws import notation as _notation

    try:
        args.notation = _notation.get(getattr(args, "notation", None)).code
    except _notation.NotationError as e:
        print(t.gettext("error: {message}").format(message=e.translate(t)), file=sys.stderr)
        return 2
    args.ui_lang = lang
    if getattr(args, "data", None):
        from laws import datafile as _datafile

        try:
            with _datafile.using_data(args.data):
                return _run(args, t, stdout_closed)
        except _datafile.DataError as e:
            print(t.gettext("error: {message}").format(message=t.gettext(
                "cannot read the corpus in {dir}: {why}").format(dir=args.data, why=e.message)), file=sys.stderr)
            return 2
    return _run(args, t, stdout_closed)


def _run(args, t, stdout_closed: bool) -> int:
    try:
        result = args.func(args, t)
    except UserError as e:
        if getattr(args, "json", False):  # one line, so that a caller reads one JSON object per error
            json.dump({"error": e.message, **e.data}, sys.stderr, ensure_ascii=False)
            sys.stderr.write("\n")
        else:
            print(t.gettext("error: {message}").format(message=e.message), file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except Exception as e:  # a data file's problem is still a clear message, never a traceback
        problems = data_problems(e)
        if not problems:
            raise
        report_data_problems(problems, t, getattr(args, "json", False))
        return 1
    try:
        emit(result, getattr(args, "json", False))
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. `rulebook list | head`
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
    except OSError as e:  # the output cannot be written (a full disk, /dev/full, a closed descriptor)
        _cannot_write(t, e.strerror or str(e))
        return 1
    if stdout_closed and (result.text or getattr(args, "json", False)):
        _cannot_write(t, os.strerror(9))
        return 1
    return result.code


def _cannot_write(t, reason: str) -> None:
    try:
        sys.stdout = open(os.devnull, "w")  # so that the interpreter's own flush at exit is silent
    except OSError:
        pass
    try:
        print(t.gettext("error: {message}").format(message=t.gettext(
            "cannot write the output: {reason}").format(reason=reason)), file=sys.stderr)
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    # run through the package module so that cli.main.UserError is the class the commands raise
    from cli.main import main as _main

    sys.exit(_main())
