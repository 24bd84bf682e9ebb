"""The app's web server, around Streamlit's (``app.py`` declares ``st.App`` with these): the
app's static files, and deep links that load at the root.

**One script, pages by query.** The app is one Streamlit script whose page is the ``page`` query
parameter (``/?page=ruling&auction=1H+1D+TD``). A deep link written as a path,
``/ruling?auction=1H+1D+TD`` (the README's, or a link opened in a new tab), is redirected here to
``/?page=ruling&auction=1H+1D+TD`` before the browser loads anything: Streamlit's page then starts
at the root, so it never asks ``/ruling/_stcore/health`` (a 404) before finding its server, and
an unknown path (``/nonsense``) reaches the app's own "not found" page, in the reader's language.

**Static files.** ``/assets/<name>`` serves the files of ``app_pages/static/`` (the scripts of the
in-place links and of the keypad, the favicon) with their content type and a long cache (the
links to them carry a version). Nothing is asked of another host.

**Warm start.** When the server starts, a thread loads what every session shares (the corpus, the
glossary, the trees, the citation graph, the search index: :mod:`app_pages.resources`), so that
the first reader does not wait for it.
"""
from __future__ import annotations

import hashlib
import mimetypes
import threading
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path
from urllib.parse import parse_qsl, urlencode

STATIC = Path(__file__).resolve().parent / "static"
ASSETS = "assets"
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8", ".png": "image/png",
         ".svg": "image/svg+xml"}
# paths Streamlit serves itself, never a page (its API, its bundle, uploads, components, files)
STREAMLIT_PREFIXES = ("_stcore", "static", "media", "component", "app", ASSETS)


def base_path() -> str:
    """``/`` or ``/<server.baseUrlPath>/``."""
    import streamlit as st

    base = (st.get_option("server.baseUrlPath") or "").strip("/")
    return f"/{base}/" if base else "/"


def page_of_path(path: str, base: str = "/") -> str | None:
    """The page a path names (``/ruling`` -> ``ruling``), None for the root and for what is not a
    page's path (Streamlit's own files, anything with a dot or a second segment).

    >>> page_of_path("/ruling"), page_of_path("/ruling/"), page_of_path("/"), page_of_path("/favicon.png")
    ('ruling', 'ruling', None, None)
    >>> page_of_path("/_stcore/health"), page_of_path("/rb/glossary", "/rb/")
    (None, 'glossary')
    """
    if not path.startswith(base):
        return None
    rest = path[len(base):].strip("/")
    if not rest or "/" in rest or "." in rest or rest in STREAMLIT_PREFIXES:
        return None
    return rest


def redirect_target(path: str, query: str, base: str = "/") -> str | None:
    """Where a deep link written as a path goes: ``/ruling?lang=es`` -> ``/?page=ruling&lang=es``.

    >>> redirect_target("/ruling", "lang=es&auction=1H+1D+TD")
    '/?page=ruling&lang=es&auction=1H+1D+TD'
    >>> redirect_target("/", "lang=es") is None
    True
    """
    page = page_of_path(path, base)
    if page is None:
        return None
    params = [("page", page)] + [(k, v) for k, v in parse_qsl(query, keep_blank_values=True) if k != "page"]
    return base + "?" + urlencode(params, safe=":,")


class DeepLinks:
    """ASGI middleware: a GET of ``/<page>`` is redirected to ``/?page=<page>`` (see the module)."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope.get("method") in ("GET", "HEAD"):
            target = redirect_target(scope.get("path") or "/", (scope.get("query_string") or b"").decode("latin-1"),
                                     base_path())
            if target is not None:
                from starlette.responses import RedirectResponse

                await RedirectResponse(target, status_code=302)(scope, receive, send)
                return
        await self.app(scope, receive, send)


@lru_cache(maxsize=None)
def version(name: str) -> str:
    """A short hash of a static file's content: its URL changes when it does."""
    return hashlib.sha256((STATIC / name).read_bytes()).hexdigest()[:12]


def asset_url(name: str) -> str:
    """The URL of a static file of the app: ``/assets/nav.js?v=<hash>``."""
    return f"{base_path()}{ASSETS}/{name}?v={version(name)}"


async def _asset(request):
    from starlette.responses import Response

    name = request.path_params["name"]
    path = STATIC / name
    if "/" in name or name.startswith(".") or not path.is_file():
        return Response("Not found", status_code=404, media_type="text/plain")
    kind = TYPES.get(path.suffix) or mimetypes.guess_type(name)[0] or "application/octet-stream"
    return Response(path.read_bytes(), media_type=kind,
                    headers={"Cache-Control": "public, max-age=31536000, immutable",
                             "X-Content-Type-Options": "nosniff"})


def warm() -> None:
    """Load the shared resources once (see the module); a failure is left for the first session to report."""
    from . import resources

    for load in (resources.corpus, resources.trees, resources.glossary, resources.citation_graph,
                 resources.search_index, resources.publications):
        try:
            load()
        except Exception:  # the session that needs it shows the error in its language
            return


@asynccontextmanager
async def lifespan(app):
    threading.Thread(target=warm, name="rulebook-warm", daemon=True).start()
    yield None


def routes() -> list:
    from starlette.routing import Route

    return [Route(f"{base_path()}{ASSETS}/{{name}}", _asset, methods=["GET", "HEAD"])]


def middleware() -> list:
    from starlette.middleware import Middleware

    return [Middleware(DeepLinks)]
