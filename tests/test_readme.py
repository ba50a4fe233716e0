"""README's quick start tells a newcomer what issue 31 (item 9) found missing: the port and how to
change it, that the first run takes about a minute, and what to do once the server answers."""
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def quick_start():
    text = README.read_text()
    return text.split("## Quick start", 1)[1].split("\n## ", 1)[0]


def test_the_quick_start_names_the_port_and_the_port_variable():
    section = quick_start()
    assert "8000" in section
    assert re.search(r"`make run PORT=\d+`", section)


def test_the_quick_start_says_the_first_run_takes_about_a_minute():
    assert "first run takes about a minute" in quick_start()


def test_the_quick_start_says_to_sign_up_then_play_now_against_bots_once_the_server_answers():
    section = quick_start()
    answers = section.index("Once the server answers")
    assert answers < section.index("sign up") < section.index("Play now against bots")

