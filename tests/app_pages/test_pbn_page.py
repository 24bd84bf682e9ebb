"""The PBN page in a real browser, held as a phone (390×844, touch), with a session's file pasted:
nothing wider than the screen, every button of the cards at least 44 px high, the file's markup
shown as text (never run, never rendered), and a card's ruling button opening the ruling page
with that auction. Uses the server and browser of ``tests/app/test_app_browser.py`` (skipped without
Playwright or Chromium)."""
from pathlib import Path

from tests.app.test_app_browser import TIMEOUT_MS, browser, new_page, server, shot  # noqa: F401 (fixtures)
from tests.app.test_app_phone import SETTLED, WIDER_THAN_SCREEN

SESSION = Path(__file__).resolve().parents[1] / "data" / "pbn" / "session.pbn"
UPRIGHT = {"width": 390, "height": 844}


def _settle(page) -> None:
    page.wait_for_function(SETTLED, timeout=TIMEOUT_MS)
    page.wait_for_timeout(300)


def test_pbn_page_on_a_phone(server, browser):  # noqa: F811 (fixtures)
    errors: list = []
    context, page = new_page(browser, errors, viewport=UPRIGHT, has_touch=True, is_mobile=True)
    try:
        page.goto(f"{server}/pbn?lang=es")
        _settle(page)
        page.locator("[data-testid=stExpander] summary").first.click()
        box = page.locator(".st-key-pb_paste textarea")
        box.fill(SESSION.read_bytes().decode("latin-1"))
        box.press("Control+Enter")
        page.locator(".st-key-pb_cards button").first.wait_for()
        _settle(page)
        assert page.evaluate(WIDER_THAN_SCREEN) == []
        heights = page.locator(".st-key-pb_cards button").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect().height)")
        assert heights and min(heights) >= 44, heights
        page.locator(".st-key-pb_show button").last.click()     # every board, the markup names among them
        page.locator("[data-testid=stMain]").get_by_text("<script>alert(1)</script>").first.wait_for()
        _settle(page)
        text = page.locator("[data-testid=stMain]").inner_text()
        assert "<script>alert(1)</script>" in text and "**Bold** <b>West</b>" in text
        assert page.locator("[data-testid=stMain] script").count() == 0
        assert page.locator("[data-testid=stMain] b", has_text="West").count() == 0
        assert page.evaluate(WIDER_THAN_SCREEN) == []
        shot(page, "pbn-phone-es.png")
        for k in range(1, 4):   # the cards, further down
            page.evaluate(f"document.querySelector('[data-testid=stMain]').scrollTop = {k * 700}")
            page.wait_for_timeout(200)
            shot(page, f"pbn-phone-es-{k}.png")
        page.locator(".st-key-pb_cards button").first.click()
        page.wait_for_url("**page=ruling**", timeout=TIMEOUT_MS)
        assert "auction=1S" in page.url.replace("+", " ").replace("%20", " ") or "1S" in page.url
        assert not errors, errors
    finally:
        context.close()
