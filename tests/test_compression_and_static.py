"""Pages are compressed; in production, static files are hashed, precompressed and cached for a year."""
import gzip
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.django_db
def test_a_page_is_sent_compressed_to_a_browser_that_accepts_gzip(client):
    response = client.get("/en/cards/", HTTP_ACCEPT_ENCODING="gzip, deflate, br")

    assert response.status_code == 200
    assert response["Content-Encoding"] == "gzip"
    html = gzip.decompress(response.content).decode()
    assert "</html>" in html
    assert len(response.content) < len(html.encode()) / 3


@pytest.mark.django_db
def test_an_api_answer_is_sent_compressed_too(client):
    response = client.get("/api/cards/", HTTP_ACCEPT_ENCODING="gzip")

    assert response["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.content).startswith(b"[") or gzip.decompress(response.content).startswith(b"{")


@pytest.mark.django_db
def test_a_client_that_does_not_accept_gzip_gets_plain_text(client):
    response = client.get("/en/cards/")

    assert not response.has_header("Content-Encoding")
    assert "</html>" in response.content.decode()


PRODUCTION_STATIC = """
import django, gzip
django.setup()
from django.core.management import call_command
from django.test import Client
from django.templatetags.static import static
call_command("collectstatic", "--noinput", verbosity=0)
url = static("games/base/board.js")
response = Client().get(url, HTTP_ACCEPT_ENCODING="gzip")
print(url)
print(response.status_code, response.headers.get("Cache-Control"), response.headers.get("Content-Encoding"), sep="|")
body = b"".join(response.streaming_content)
print(b"use strict" in gzip.decompress(body))
"""


def test_production_static_files_are_hashed_precompressed_and_cached_for_a_year(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "wonders_site.settings", "DEBUG": "false",
           "HTTPS": "false", "SECRET_KEY": "x" * 50, "ALLOWED_HOSTS": "testserver",
           "STATIC_ROOT": str(tmp_path / "static"), "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    result = subprocess.run([sys.executable, "-c", PRODUCTION_STATIC], cwd=ROOT, env=env, capture_output=True,
                            text=True, timeout=300)

    assert result.returncode == 0, result.stderr[-3000:]
    url, answer, decompressed = result.stdout.strip().splitlines()[-3:]
    assert url.startswith("/static/games/base/board.") and url.endswith(".js") and url != "/static/games/base/board.js"
    status, cache_control, encoding = answer.split("|")
    assert status == "200"
    assert "max-age=315360000" in cache_control and "immutable" in cache_control
    assert encoding == "gzip"
    assert decompressed == "True"
