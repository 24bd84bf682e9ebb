"""A Babel extractor for the project's own YAML data (decision trees, glossary notes, ...).

Babel has no YAML extractor. This one yields the string values of the fields named in the
mapping option ``keys`` (comma-separated; default ``en``), with their line numbers, and a
translator comment naming the field and the id of the nearest mapping that has one::

    # i18n/build.py, DOMAINS
    ("laws/trees/*.yaml", "rulebook_yaml", {"keys": "question,text,explanation"})

Law texts are never extracted: they are official texts, not translations.
"""
from __future__ import annotations

from typing import Any, Iterator


def _walk(node: Any, keys: set[str], ctx: str = "") -> Iterator[tuple[int, str, str]]:
    import yaml

    if isinstance(node, yaml.MappingNode):
        ident = ""
        for k, v in node.value:
            if isinstance(k, yaml.ScalarNode) and k.value in {"id", "key"} and isinstance(v, yaml.ScalarNode):
                ident = v.value
        here = ident or ctx
        for k, v in node.value:
            name = k.value if isinstance(k, yaml.ScalarNode) else ""
            if name in keys and isinstance(v, yaml.ScalarNode) and v.value.strip():
                yield v.start_mark.line + 1, v.value, f"{name} of {here}" if here else name
            elif name in keys and isinstance(v, yaml.MappingNode):
                for _, item in v.value:
                    if isinstance(item, yaml.ScalarNode) and item.value.strip():
                        yield item.start_mark.line + 1, item.value, f"{name} of {here}" if here else name
            elif name in keys and isinstance(v, yaml.SequenceNode):
                for item in v.value:
                    if isinstance(item, yaml.ScalarNode) and item.value.strip():
                        yield item.start_mark.line + 1, item.value, f"{name} of {here}" if here else name
                    else:
                        yield from _walk(item, keys, here)
            else:
                yield from _walk(v, keys, here)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _walk(item, keys, ctx)


def extract_yaml(fileobj, keywords, comment_tags, options):
    """Babel extraction method ``rulebook_yaml``."""
    import yaml

    keys = {k.strip() for k in (options.get("keys") or "en").split(",") if k.strip()}
    text = fileobj.read()
    try:
        if isinstance(text, bytes):
            text = text.decode(options.get("encoding", "utf-8"))
        node = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (UnicodeDecodeError, yaml.YAMLError):
        # a broken data file yields nothing here; its own loader reports it with file and line
        # (rulebook check), so that extracting the other files and checking the catalogs go on
        return
    if node is None:
        return
    for lineno, message, comment in _walk(node, keys):
        yield lineno, None, message, [comment]
