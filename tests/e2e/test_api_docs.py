"""The API docs (/api/docs/, issue 31, item 10): Redoc served from the site (drf-spectacular-sidecar's
static files), drawing every operation of /api/schema/, with no critical or serious axe-core
violation at a desktop and a phone size; Swagger UI had a serious nested-interactive one."""
import hashlib
from urllib.parse import urlsplit

import pytest

from tests.e2e.test_accessibility import AXE, AXE_SHA256, BLOCKING, SIZES

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def axe_source():
    source = AXE.read_bytes()
    assert hashlib.sha256(source).hexdigest() == AXE_SHA256
    return source.decode()


def open_docs(browser, site, size, bypass_csp=False):
    context = browser.new_context(viewport=SIZES[size], bypass_csp=bypass_csp)
    page = context.new_page()
    page.set_default_timeout(20_000)
    requests = []
    page.on("request", lambda request: requests.append((request.resource_type, request.url)))
    page.goto(site.url("/api/docs/"))
    page.locator("[id^='operation/']").first.wait_for()
    return page, requests


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_api_docs_have_no_critical_or_serious_axe_violation(site, browser, axe_source, size):
    # The site's CSP allows only its own scripts: axe is the test's, injected past it.
    page, _requests = open_docs(browser, site, size, bypass_csp=True)
    page.evaluate(axe_source)
    found = page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
      .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))""")
    page.context.close()
    assert [v for v in found if v["impact"] in BLOCKING] == []
    assert "nested-interactive" not in {v["id"] for v in found}


def test_the_api_docs_draw_every_operation_with_scripts_and_styles_from_the_site(site, browser, screenshot):
    page, requests = open_docs(browser, site, "desktop")
    schema = page.request.get(site.url("/api/schema/?format=json")).json()
    operations = sum(1 for methods in schema["paths"].values() for method in methods
                     if method in {"get", "post", "put", "patch", "delete"})
    assert operations > 10
    assert page.locator("[id^='operation/']").count() == operations
    screenshot(page, "api-docs-desktop", full_page=False)
    ours = urlsplit(site.url("/")).netloc
    foreign = [(kind, url) for kind, url in requests
               if kind in {"script", "stylesheet", "font", "xhr", "fetch"} and urlsplit(url).netloc not in ("", ours)]
    page.context.close()
    assert foreign == []


def test_the_api_docs_search_finds_operations_under_the_sites_csp(site, browser, screenshot):
    page, _requests = open_docs(browser, site, "desktop")
    refused = []
    page.on("console", lambda message: refused.append(message.text) if "Content Security Policy" in message.text else None)
    search = page.get_by_placeholder("Search...")
    search.fill("match")
    results = page.locator("[data-role='search:results'] li")
    results.first.wait_for()
    assert results.count() > 0
    screenshot(page, "api-docs-search-desktop", full_page=False)
    page.context.close()
    assert refused == []
