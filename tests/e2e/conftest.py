"""Headless Chromium for the e2e tests (Debian's /usr/bin/chromium; Playwright never downloads one).

Fixtures: `site` (a real daphne for the module, in the embedded mode of `make run`; a module
that needs another server defines its own), `browser` (one per session), `page` (a 360x740 phone), `desktop_page` (1280x900),
`loaded_catalogue` (the catalogue committed to the database, so the live server sees it), and
`screenshot(page, name)` which saves tests/e2e/out/<name>.png (git-ignored). A failed test's
report carries the tails of its server's logs, and the server's directory (logs and, embedded, its
SQLite file) is kept, as in the integration suite.
"""
import os
import shutil
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
OUT = Path(__file__).resolve().parent / "out"
from tests.factories import DESKTOP, PHONE


@pytest.fixture(scope="module")
def site(request):
    """A real daphne process for this module's tests in the embedded mode of `make run` (SQLite
    file, in-memory channel layer, bots played in-process): the browser needs a server that speaks
    WebSocket, which pytest-django's live_server does not. Its logs go to /tmp/wonders_e2e-<module>_*."""
    from tests.integration.live_stack import LiveStack

    stack = LiveStack(embedded=True, name="e2e-" + request.module.__name__.rsplit(".", 1)[-1].removeprefix("test_"))
    stack.start()
    try:
        yield stack
    finally:
        stack.stop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    stack = (getattr(item, "funcargs", None) or {}).get("site")
    if report.failed and hasattr(stack, "logs") and hasattr(stack, "keep_logs"):
        stack.keep_logs = True
        report.sections.append((f"live server logs ({stack.dir})", stack.logs()))
    return report


@pytest.fixture(scope="session")
def browser():
    if not shutil.which(CHROMIUM) and not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM} (set CHROMIUM to its path)")
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; Django would then refuse the
    # ORM calls that fixtures make between browser steps. Allowed for the e2e session only.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    try:
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            yield chromium
            chromium.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


def _page(browser, viewport, **options):
    context = browser.new_context(viewport=viewport, **options)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


@pytest.fixture
def page(browser):
    """A phone: 360x740, touch, a mobile user agent's viewport."""
    context, page = _page(browser, PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    yield page
    context.close()


@pytest.fixture
def desktop_page(browser):
    context, page = _page(browser, DESKTOP)
    yield page
    context.close()


@pytest.fixture
def loaded_catalogue(transactional_db):
    """The catalogue, committed: the live server's thread reads it through its own connection."""
    from cards.loading import load_cards_and_wonders

    return load_cards_and_wonders()


@pytest.fixture
def screenshot():
    OUT.mkdir(exist_ok=True)

    def save(page, name: str, full_page: bool = True) -> Path:
        path = OUT / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return save
