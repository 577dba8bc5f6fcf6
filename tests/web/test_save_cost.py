"""What saving a hand costs: each row read once, nothing read again after the commit, no catalog read again.

Before (main d0490bc) a save sent twelve statements besides the transaction's: the session read twice
under the lock (once to learn it was stored, once to refresh it), the idempotency key looked up in the
hands and then in the history, the hands counted, the history's last seq read, and after the commit
the session and the new hand read again for the answer. And every hand form read WTForms' catalog of
its language from disk (Flask-WTF keeps it for one request).
"""

from __future__ import annotations

from babel import support
from flask_wtf.i18n import translations
from test_poll import statements

from conftest import field_value, gen_group, gen_hand, gen_session, hand_fields
from scorekeeper.web.forms import PhoneForm

PLAYERS = ("North", "West", "South", "East")


def test_a_save_reads_each_row_once_and_nothing_after_writing(app, browser, worked_example):
    s = gen_session(browser, gen_group(browser))
    gen_hand(browser, s, worked_example["hands"][0])
    page = browser.get(f"/s/{s}/hand").get_data(as_text=True)
    data = hand_fields(worked_example["hands"][1], PLAYERS)
    data.update({name: field_value(page, name) for name in ("idem_key", "number", "version")})
    with statements(app) as sent:
        saved = browser.post(f"/s/{s}/hand", data)
    assert saved.status_code == 302 and saved.headers["Location"] == f"/s/{s}?saved=2"
    assert len(sent) == len(set(sent)), sent  # no statement twice
    writes = [i for i, statement in enumerate(sent) if statement.startswith(("INSERT", "UPDATE"))]
    assert len(writes) == 3 and writes[-1] == len(sent) - 1, sent  # the session, the hand, its history entry: last
    reads = [statement for statement in sent if statement.startswith("SELECT")]
    assert len(reads) <= 3, reads  # the session by its link, under the lock, then the key, count and last seq


def test_wtforms_catalog_is_read_once_per_language(browser, monkeypatch):
    """Two hand forms in Spanish read WTForms' catalog once at most (it may be kept from an earlier test)."""
    s = gen_session(browser, gen_group(browser))
    real = support.Translations.load
    read: list[str] = []

    def load(dirname=None, locales=None, domain=None):
        read.append(domain)
        return real(dirname, locales, domain)

    monkeypatch.setattr(support.Translations, "load", load)
    for _ in range(2):
        assert browser.client.get(f"/s/{s}/hand", headers={"Accept-Language": "es"}).status_code == 200
    assert read.count("wtforms") <= 1


def test_the_kept_wtforms_words_are_flask_wtfs(app):
    """A form's WTForms words (web/forms.Form, kept per language) are the ones Flask-WTF would give, in the
    request's language."""
    message = "Not a valid integer value."
    one, more = "Field must be at least %(min)d character long.", "Field must be at least %(min)d characters long."
    for language in ("es", "fr", "en"):
        with app.test_request_context("/", headers={"Accept-Language": language}):
            kept = PhoneForm(formdata=None).meta.get_translations(None)
            assert kept.gettext(message) == translations.gettext(message)
            for n in (1, 3):
                assert kept.ngettext(one, more, n) == translations.ngettext(one, more, n)
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert PhoneForm(formdata=None).meta.get_translations(None).gettext(message) != message  # said in Spanish
