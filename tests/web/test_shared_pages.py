"""A table screen is drawn once per server, not once per worker, and drawn ahead after a save (issue 29).

The server's workers share the pages they draw through files in the instance folder
(services/shared.py); a save draws the screens the table opens next once its answer is sent
(web/after.py). Here a second worker is a second process (for the lock) or the same process
with its memory emptied (for the pages)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from test_table_tails import drawn, forty_of_forty_one, save_last_hand  # noqa: F401 (a fixture)

from conftest import csrf_of, field_value, hand_fields
from scorekeeper.services import screens
from scorekeeper.services.shared import OLD_START, STALE, SharedPages, this_start
from scorekeeper.web.after import after_response, settled

ROOT = Path(__file__).resolve().parents[2]


def other_worker() -> None:
    """What another worker of the server has in memory of the table screens: nothing."""
    screens.KEPT_SCREENS.clear()


def test_a_screen_one_worker_drew_is_read_not_drawn_by_the_other(app, client, drawn) -> None:  # noqa: F811
    token = save_last_hand(app, client, "Two workers")
    settled()
    drawn.clear()
    first = client.get(f"/s/{token}").get_data(as_text=True)
    other_worker()
    second = app.test_client().get(f"/s/{token}").get_data(as_text=True)
    assert len(drawn) <= 1  # drawn by this worker (or ahead, after the save), read by the other
    assert "Hand 41" in second and csrf_of(first) != csrf_of(second)  # each phone its own token
    folder = Path(app.instance_path) / "drawn-pages"
    assert any(folder.rglob("*.html"))


def hand_41_form(client, token: str, last) -> dict[str, str]:
    """What the phone posts to save hand 41, read off the hand form it opened."""
    page = client.get(f"/s/{token}/hand").get_data(as_text=True)
    data = hand_fields(last, ("North", "West", "South", "East"))
    data.update(idem_key=field_value(page, "idem_key"), number="41", version=field_value(page, "version"),
                csrf_token=csrf_of(page))
    return data


def test_a_save_draws_the_next_screens_ahead_once_its_answer_is_sent(app, client, drawn) -> None:  # noqa: F811
    token, last = forty_of_forty_one(app, "Ahead")
    data = hand_41_form(client, token, last)
    drawn.clear()
    answer = client.post(f"/s/{token}/hand", data=data)
    assert answer.status_code == 302 and drawn == []  # the save's answer waits for no drawing
    answer.close()  # the server has sent it: the work left for after it starts
    settled()
    assert drawn == [token, token]  # this phone's own screen after its save, then the plain one of the others
    other_worker()
    phones = [app.test_client() for _ in range(3)]
    pages = [phone.get(f"/s/{token}").get_data(as_text=True) for phone in phones]
    mine = client.get(f"/s/{token}?saved=41").get_data(as_text=True)
    assert drawn == [token, token]  # every phone was handed a kept page
    assert all("Hand 41" in p for p in pages) and 'class="card saved"' in mine
    assert len({csrf_of(p) for p in pages}) == 3


def test_a_resent_save_draws_nothing_ahead(app, client, drawn) -> None:  # noqa: F811
    token, last = forty_of_forty_one(app, "Resent")
    data = hand_41_form(client, token, last)
    client.post(f"/s/{token}/hand", data=data).close()
    settled()
    drawn.clear()
    again = client.post(f"/s/{token}/hand", data=data)
    assert again.status_code == 302 and "again=1" in again.headers["Location"]
    again.close()
    settled()
    assert drawn == []  # nothing new was saved: its screens were drawn ahead the first time


def test_work_left_for_after_the_answer_that_fails_is_logged_and_costs_nothing(app, client, caplog) -> None:
    @app.get("/leaves-work")
    def leaves_work() -> str:
        def fails() -> None:
            raise RuntimeError("the head start failed")

        after_response(fails)
        return "answered"

    answer = client.get("/leaves-work")
    assert answer.get_data(as_text=True) == "answered"
    answer.close()
    settled()
    assert "work after a response failed" in caplog.text and "the head start failed" in caplog.text
    assert client.get("/ping").status_code == 204


DRAWS_ONCE = textwrap.dedent("""
    import sys, time
    from pathlib import Path
    sys.path.insert(0, {root!r})
    from scorekeeper.services.shared import SharedPages
    pages = SharedPages(Path({folder!r}))
    def draw():
        with open({log!r}, "a") as out:
            out.write("drawn\\n")
        time.sleep(0.4)
        return "<p>the page</p>", True
    print(pages.made("token", 7, ("en", ""), draw)[0])
""")


def test_two_workers_asking_at_once_draw_a_page_once(tmp_path) -> None:
    """Two processes (the server's two workers) ask for the same page at the same moment: the lock file makes
    the second wait for the first's page, not draw it beside it."""
    log = tmp_path / "draws.log"
    script = DRAWS_ONCE.format(root=str(ROOT), folder=str(tmp_path / "pages"), log=str(log))
    workers = [subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True) for _ in range(2)]
    answers = [w.communicate(timeout=60)[0].strip() for w in workers]
    assert answers == ["<p>the page</p>", "<p>the page</p>"]
    assert log.read_text().splitlines() == ["drawn"]


def test_a_page_not_to_keep_is_drawn_again_and_a_new_version_removes_the_older(tmp_path) -> None:
    pages = SharedPages(tmp_path)
    assert pages.made("t", 1, "look", lambda: ("not kept", False)) == ("not kept", False)
    assert pages.get("t", 1, "look") is None
    assert pages.made("t", 1, "look", lambda: ("one", True)) == ("one", True)
    assert pages.made("t", 1, "look", lambda: pytest.fail("drawn twice")) == ("one", True)
    pages.made("t", 2, "look", lambda: ("two", True))
    assert pages.get("t", 1, "look") is None and pages.get("t", 2, "look") == "two"
    pages.made("other", 1, "look", lambda: ("another session's", True))
    assert pages.get("t", 2, "look") == "two"  # one session's versions never touch another's
    assert not any("t" == p.name or "other" == p.name for p in tmp_path.rglob("*"))  # no token in a name


def test_the_folders_of_sessions_nobody_drew_for_a_day_are_swept(tmp_path) -> None:
    pages = SharedPages(tmp_path)
    pages.made("old", 3, "look", lambda: ("old page", True))
    pages.made("new", 3, "look", lambda: ("new page", True))
    old_folder = pages._session_folder("old")
    day_ago = time.time() - STALE - 60
    os.utime(old_folder, (day_ago, day_ago))
    pages.sweep()
    assert pages.get("old", 3, "look") is None and pages.get("new", 3, "look") == "new page"


def test_a_folder_that_cannot_be_written_only_means_drawing_again(tmp_path) -> None:
    blocked = tmp_path / "a-file-not-a-folder"
    blocked.write_text("")
    pages = SharedPages(blocked)
    assert pages.made("t", 1, "look", lambda: ("drawn", True)) == ("drawn", True)
    assert pages.made("t", 1, "look", lambda: ("drawn again", True)) == ("drawn again", True)


def test_each_start_of_the_server_draws_its_own_pages_and_clears_old_starts(tmp_path) -> None:
    """A page drawn before an upgrade (older templates, links to older static files) is never served after
    it: each start keeps its pages in a folder of its own; a start removes starts untouched for an hour."""
    first = this_start(tmp_path)
    first.made("t", 1, "look", lambda: ("drawn by the old code", True))
    second = this_start(tmp_path)
    assert second.get("t", 1, "look") is None and first.get("t", 1, "look") == "drawn by the old code"
    hour_ago = time.time() - OLD_START - 60
    os.utime(first.folder, (hour_ago, hour_ago))
    second.made("t", 1, "look", lambda: ("drawn by the new code", True))
    third = this_start(tmp_path)
    assert not first.folder.exists() and second.get("t", 1, "look") == "drawn by the new code"
    assert third.folder != second.folder
