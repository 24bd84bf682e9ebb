"""Provisions on the page: keys read in any usual form, links to a provision (opened in place,
with a preview of the whole cited text, in the edition of the text the link stands in), law texts
rendered verbatim with their cross-references as links, and the provision's publication label.

Law texts are shown verbatim, HTML-escaped; the only markup added is a link on the words of each
cross-reference (found by :func:`laws.citations.find`, the corpus's own parser) and the labels
of notes and children.
"""
from __future__ import annotations

from contextvars import ContextVar
from functools import lru_cache
from urllib.parse import urlencode

from i18n import language_name, translator
from laws import keys as K
from laws.corpus import LANGS as TEXT_LANGS

from .browser import previews
from .lang import lang, tr
from .resources import corpus, publications
from .ui import esc


def parse_key(text: str):
    """A key in any usual form (also with its edition, ``2007:16D``: see :func:`edition_in`), or None."""
    from laws.editions import split_qualified

    try:
        return K.parse_key(split_qualified(text)[1])
    except (K.KeyError_, ValueError):
        return None


def edition_in(text: str) -> str | None:
    """The edition a key is written with (``2007:16D`` -> ``2007``), or None."""
    from laws.editions import split_qualified

    return split_qualified(text or "")[0]


def text_edition(text_lang: str | None) -> str | None:
    """The edition of the Laws the text in ``text_lang`` follows (None for none)."""
    return corpus().edition_of(text_lang) if text_lang in TEXT_LANGS else None


def texts_line(t, sep: str = " · ") -> str:
    """The texts of the corpus, from its publications: ``Spanish: AEB 2007 · 2007 Laws · ...``."""
    return sep.join(t.gettext("{language}: {publication}").format(
        language=language_name(p.lang, t.lang, title=False), publication=publication_label(p)) for p in publications())


def key_display(key: str) -> str:
    k = parse_key(key) if isinstance(key, str) else key
    return k.display if k is not None else str(key)


def publication_label(pub) -> str:
    """``NBB 2017 · 2017 Laws`` for a publication: its authority and its year, and the edition of
    the Laws its text follows (its data's ``laws_edition``), which the year alone does not say: the
    FIGB's Codice of 2017 follows the 2007 Laws (``FIGB 2017 · 2007 Laws``)."""
    return tr().gettext("{authority} {year} · {edition} Laws").format(
        authority=pub.authority, year=pub.edition, edition=pub.laws_edition)


def pub_label(p) -> str:
    """:func:`publication_label` of a provision's publication."""
    return publication_label(p.pub)


def preview(key, text_lang: str | None, t, limit: int | None = None, edition: str | None = None) -> str:
    """The cited text as one line (``limit`` characters at most, None: all of it): the provision
    in ``text_lang`` if that text holds it, else in another text of the same edition of the Laws
    (``edition``, by default the edition ``text_lang``'s text follows): never the other edition's."""
    pv = preview_data(key, text_lang, t, edition)
    body = " ".join(pv["body"].split())
    if limit is not None and len(body) > limit:
        body = body[:limit].rsplit(" ", 1)[0] + " …"
    return f"{pv['head']}: {body}" if body else pv["head"]


def preview_data(key, text_lang: str | None, t, edition: str | None = None) -> dict:
    """The whole cited text for a preview: ``head`` (key, language, publication, heading) and
    ``body`` (its text and its parts' texts, verbatim, one paragraph a line)."""
    return dict(_preview_data(str(key), text_lang, t.lang, edition))


@lru_cache(maxsize=4096)
def _preview_data(key_s: str, text_lang: str | None, ui: str, edition: str | None) -> dict:
    """:func:`preview_data`, computed once per process (the texts do not change while the app runs)."""
    from present.ruling import edition_of_lang, in_edition

    t, key = translator(ui), K.parse_key(key_s)
    c = corpus()
    p = in_edition(c, key, text_lang if text_lang in TEXT_LANGS else None, edition)
    if p is None:
        ed = edition or edition_of_lang(c, text_lang)
        if ed and c.has(key):  # held only by a text of the other edition
            from laws.editions import corresponding

            body = t.gettext("{key}: no text of the {edition} Laws holds this provision; the texts of the other edition "
                             "number their provisions differently, so theirs is not shown in its place.").format(
                key=key.display, edition=ed)
            corr = [f"{x.laws_edition} {x.key}" for x in corresponding(ed, str(key)) if x.key]
            if corr:
                body += " " + t.gettext("It corresponds to: {keys}.").format(keys=", ".join(corr))
            # the corresponding provisions a text holds: links labelled as the other edition's text
            return {"key": key.display, "head": key.display, "body": body,
                    "links": [{"href": b["href"], "label": b["label"]} for b in bridges(key, ed, ui)]}
        return {"key": key.display, "head": key.display, "body": t.gettext(
            "{key}: no text of the corpus holds this provision (it is cited, not encoded).").format(key=key.display)}
    lines = [p.text] if p.text else []
    for d in c.descendants(key, p.lang):
        if d.own_text:
            lines.append(f"{d.key.display} {d.own_text}")
    if p.tail:
        lines.append(p.tail)
    head = f"{key.display} [{p.lang} · {pub_label(p)}]" + (f" {p.heading}" if p.heading else "")
    return {"key": key.display, "head": head, "body": "\n".join(x.strip() for x in lines if x and x.strip())}


def bridges(key, edition: str, ui: str) -> list[dict]:
    """The provisions of the other editions that correspond to ``edition:key`` (the correspondence
    tables) and that a text of the corpus holds, for a provision no text of ``edition`` holds: each
    ``{"key", "edition", "href", "label"}``, its label naming the other edition, the text's federation
    and the table's status, so that it is never read as the governing text (``27B of the 2007 Laws
    (AEB text) — another edition: changed``). The reader's language's text first."""
    return [dict(b) for b in _bridges(str(key), edition, ui)]


@lru_cache(maxsize=1024)
def _bridges(key_s: str, edition: str, ui: str) -> tuple:
    from laws.editions import corresponding
    from present.provision import status_label

    t, c, out = translator(ui), corpus(), []
    for x in corresponding(edition, key_s):
        if not x.key:
            continue
        k = K.from_canonical(x.key)
        langs = c.langs_of(k, x.laws_edition)
        if not langs:
            continue
        p = c.get(k, ui if ui in langs else langs[0], x.laws_edition)
        label = t.gettext("{key} of the {edition} Laws ({authority} text) — another edition: {status}").format(
            key=k.display, edition=x.laws_edition, authority=p.pub.authority, status=status_label(x.status, t))
        out.append((("key", k.display), ("edition", x.laws_edition), ("href", law_href(k, ui, x.laws_edition)),
                    ("label", label)))
    return tuple(out)


def law_param(key, edition: str | None = None, lang_code: str | None = None) -> str:
    """The ``?law=`` value of a provision: its key, qualified with its edition (``2007:16D``) only
    when the Read page would otherwise open the other edition's provision for a reader of
    ``lang_code`` (the edition of that reader's text, see :func:`present.provision.choose_edition`)."""
    from laws.editions import split_qualified

    if isinstance(key, str):
        qual, rest = split_qualified(key)
        edition, key = edition or qual, parse_key(rest) or rest
    if not edition or isinstance(key, str):
        return str(key)
    from present.provision import choose_edition

    ui = lang_code or lang()
    default = choose_edition(corpus(), key, ui if ui in TEXT_LANGS else None, None)[0]
    return str(key) if default == edition else f"{edition}:{key}"


def law_href(key, lang_code: str | None = None, edition: str | None = None) -> str:
    """The deep link that opens a provision on the Read page: ``./?lang=nl&law=16B1``; with the
    edition of the Laws when the reader's language would open the other one: ``./?lang=nl&law=2007:16D``."""
    return "./?" + urlencode({"lang": lang_code or lang(), "law": law_param(key, edition, lang_code)})


def page_href(path: str, **params) -> str:
    """The deep link of a page of the app (``./ruling?lang=es&auction=...``; a list: a repeated key)."""
    return f"./{path}?" + urlencode({"lang": lang(), **{k: v for k, v in params.items() if v is not None}}, doseq=True)



def law_link(key, words: str | None = None, text_lang: str | None = None, t=None, css: str = "xref",
             target: str = "_self", edition: str | None = None) -> str:
    """An HTML link to a provision that opens it in place, with a preview of the whole cited text;
    in the edition of the Laws of ``text_lang``'s text (or ``edition``), so that a link never lands
    in the other edition."""
    ui = (t or tr()).lang
    html, pid, ed = _link(str(key), words or key.display, text_lang, ui, lang(), css, edition)
    _note_preview(pid, str(key), text_lang, ui, ed)
    return html


@lru_cache(maxsize=8192)
def _link(key_s: str, words: str, text_lang: str | None, ui: str, link_lang: str, css: str, edition: str | None):
    """:func:`law_link`'s HTML, its preview's id and its edition (the same for every run)."""
    key = K.parse_key(key_s)
    c = corpus()
    ed = edition or text_edition(text_lang)
    present = c.has(key, edition=ed) if ed else c.has(key)
    pid = f"{ed or ''}:{key}|{text_lang or ''}"
    absent = ""
    if not present:  # a neutral mark, never a strikethrough (read as a repealed law): its label says why
        t = translator(ui)
        why = (t.gettext("No text of the {edition} Laws in this app holds {key}").format(edition=ed, key=key.display)
               if ed else t.gettext("No text in this app holds {key}").format(key=key.display))
        label = t.gettext("no text")
        absent = f' title="{esc(why)}" data-absent="{esc(label)}"'
    cls = css if present else f"{css} xref-absent"
    return (f'<a class="{cls}" href="{esc(law_href(key, link_lang, ed))}" target="_self" data-nav="1" '
            f'data-pv="{esc(pid)}"{absent}>{esc(words)}</a>'), pid, ed


def page_link_html(path: str, words: str, **params) -> str:
    """An HTML link to a page of the app, followed in place."""
    return f'<a href="{esc(page_href(path, **params))}" target="_self" data-nav="1">{esc(words)}</a>'


def cite_html(text: str, c, text_lang: str, t) -> str:
    """The words of a cross-reference (a :class:`laws.citations.Citation` of ``text``) with a link on
    each provision they cite, where :func:`laws.citations.key_spans` places it; a key it could not
    place gets its own link after the words."""
    spans = c.spans or ((c.start, c.end, c.keys[0]),)
    out, pos = [], c.start
    for a, b, k in spans:
        out.append(esc(text[pos:a]))
        out.append(law_link(k, text[a:b], text_lang, t))
        pos = b
    out.append(esc(text[pos:c.end]))
    placed = {k for _, _, k in spans}
    out += [" [" + law_link(k, k.display, text_lang, t) + "]" for k in c.keys if k not in placed]
    return "".join(out)


def linked_text(text: str, text_lang: str, ctx_key, t) -> str:
    """A verbatim text as HTML paragraphs, with its cross-references as links."""
    from laws.citations import find

    out, pos = [], 0
    for c in find(text, text_lang, ctx_key):
        if c.start < pos:
            continue
        out.append(esc(text[pos:c.start]))
        out.append(cite_html(text, c, text_lang, t))
        pos = c.end
    out.append(esc(text[pos:]))
    return "".join(f"<p>{para}</p>" for para in "".join(out).split("\n") if para.strip())


def label_html(p, t, link: bool = True) -> str:
    """The label line of a provision: its key (a link), a mark if the label was reconstructed,
    and its heading."""
    label = law_link(p.key, p.key.display, p.lang, t, css="xref") if link else esc(p.key.display)
    if p.reconstructed:
        why = t.gettext("The label is not in the source: it was reconstructed from the structure of the Laws.")
        label += f' <span class="law-recon" title="{esc(why)}">†</span>'
    if p.heading:
        label += f" — {esc(p.heading)}"
    return f'<div class="law-label">{label}</div>'


# The previews a block of HTML needs: noted as its links are made, so that a block built once
# (see provision_html) gives its previews to every run that shows it.
_NOTES: ContextVar[list | None] = ContextVar("rulebook_preview_notes", default=None)


def _note_preview(pid: str, key_s: str, text_lang: str | None, ui: str, edition: str | None) -> None:
    notes = _NOTES.get()
    if notes is not None:
        notes.append((pid, key_s, text_lang, ui, edition))
    shown = previews()
    if pid not in shown:
        shown[pid] = _preview_data(key_s, text_lang, ui, edition)


def provision_html(p, t, with_children: bool = True) -> str:
    """A provision's text, its children (recursively) and its notes, as one HTML block; built once
    per process for each provision, text, edition and interface language (the texts do not change
    while the app runs), its previews given to the run that shows it."""
    html, notes = _provision_block(str(p.key), p.lang, p.laws_edition, t.lang, lang(), with_children)
    shown = previews()
    for pid, key_s, text_lang, ui, ed in notes:
        if pid not in shown:
            shown[pid] = _preview_data(key_s, text_lang, ui, ed)
    return html


@lru_cache(maxsize=2048)
def _provision_block(key_s: str, text_lang: str, edition: str, ui: str, link_lang: str, with_children: bool):
    notes: list = []
    token = _NOTES.set(notes)
    try:
        p = corpus().get(K.parse_key(key_s), text_lang, edition)
        return _provision_html(p, translator(ui), with_children), tuple(notes)
    finally:
        _NOTES.reset(token)


def _provision_html(p, t, with_children: bool = True) -> str:
    c = corpus()
    parts = []
    if p.text:
        parts.append(linked_text(p.text, p.lang, p.key, t))
    if with_children:
        for ck in p.children:
            cp = c.get(ck, p.lang)
            if cp is not None:
                parts.append(f'<div class="law-child">{label_html(cp, t)}{_provision_html(cp, t)}</div>')
    if p.tail:
        parts.append(linked_text(p.tail, p.lang, p.key, t))
    for n in p.notes:
        parts.append(f'<div class="law-note"><b>{esc(n.label)}</b> {linked_text(n.text, p.lang, p.key, t)}</div>')
    return "".join(parts)


def seat(s: str | None, t) -> str:
    from present.auction import seat_name

    return seat_name(s, t)
