"""Several phones saving at the same moment: nothing lost, nothing twice, no "database is locked"."""

from __future__ import annotations

import threading

from conftest import Browser, field_value, gen_group, gen_session, hand_fields

PLAYERS = ("North", "West", "South", "East")


def test_simultaneous_writes_all_land(app, browser, monkeypatch):
    """Eight threads each add five players at once; every write succeeds exactly once."""
    monkeypatch.setattr("scorekeeper.services.limits.GROUP_PLAYERS", 40)  # 40 players: above the web's 30
    g = gen_group(browser, players=())
    results: list[int] = []
    lock = threading.Lock()

    def phone(i: int) -> None:
        b = Browser(app.test_client())
        b.get(f"/g/{g}")
        for j in range(5):
            r = b.post(f"/g/{g}/players", {"name": f"P{i}-{j}"})
            with lock:
                results.append(r.status_code)

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [302] * 40
    page = browser.get(f"/g/{g}").get_data(as_text=True)
    assert sum(f'value="P{i}-{j}"' in page for i in range(8) for j in range(5)) == 40


def test_same_hand_from_many_phones_is_stored_once(app, browser, worked_example):
    """Six phones post hand 1 at the same moment, each from its own form: one is stored."""
    g = gen_group(browser)
    s = gen_session(browser, g)
    forms = []
    for _ in range(6):
        b = Browser(app.test_client())
        page = b.get(f"/s/{s}/hand").get_data(as_text=True)
        data = hand_fields(worked_example["hands"][0], PLAYERS)
        data.update(idem_key=field_value(page, "idem_key"), number=field_value(page, "number"))
        forms.append((b, data))
    codes: list[int] = []

    def post(b, data):
        codes.append(b.post(f"/s/{s}/hand", data).status_code)

    threads = [threading.Thread(target=post, args=f) for f in forms]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [302] + [409] * 5
    assert browser.client.get(f"/s/{s}/version").get_json()["hands"] == 1
