"""Each catalog speaks to the player in one form of address (docs/translating.md, "Form of address").

Spanish says usted, French vous, Italian tu. Catalan says vós in everything the app says to the
player; its buttons, as Spanish ones, are infinitives ("Desar", "Obrir l'última taula"), never tu.

The check reads each catalog with Babel and looks at the words where a sentence speaks to someone:
its first word, and the first word after ". : ; ! ?", a dash or an opening parenthesis. A word there
from the other form's list (its imperatives, from the catalogs' own verbs) fails, and so does a
possessive or pronoun of the other form anywhere ("tu corrección", "la vostra mà"). A game's own
words (plato, codillo, cappotto, truco, envido, cama…) are never changed to make this pass: they are
in no list, and one that looks like a verb is allowed below by name.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
TRANSLATIONS = ROOT / "scorekeeper" / "translations"

#: a word where a sentence starts: at the start (or after "Sí, " "Oui, "…), after . : ; ! ? or a dash, or after "("; opening
#: marks (¿ ¡ « " “) skipped; the word keeps its clitics ("mírala", "Compara'ls", "regarde-la")
ADDRESS = re.compile(r"(?:^(?:Sí|Sì|Oui|No|Non),\s+|^|[.:;!?]\s+|[—–]\s*|(?<!%)\()[\s¿¡«\"“]*(?P<word>[^\W\d_]+(?:['’-][^\W\d_]+)*'?)")

#: Spanish: usted. The tú imperatives of the catalogs' verbs (with the clitics they took)
ES_TU = """
    abre acepta actualiza añade anota anótala anótalo aporta apunta apúntalo baja borra busca cambia
    cancela cierra compara compruébala compruébalo comprueba confirma continúa copia cópialo corrige
    crea cuenta da dale deja déjalo descarga descarta descártala descártalo deshaz detén detenlo di dile
    divide divídelo elige elígelos elimina empieza entra envía envíalo escanea escanéalo escribe
    escríbelo espera guarda guárdala guárdalo haz importa impórtalo imprime indica inicia inícialo
    inserta introduce invita juega lee liquida marca mira mírala míralas míralo míralos muestra pasa
    pega pégalo pide pídela pídelo pon ponle prueba quita reabre reábrela recarga repite restaura
    restáurala retira revisa revísala revísalo sal salda selecciona sigue sube suma termina termínala
    toca usa ve ven vuelve
"""
ES_TU_ANYWHERE = "tu tus tuyo tuya tuyos tuyas te ti contigo"

#: Catalan: vós. The tu imperatives (allowed only as the first word of a button)
CA_TU = """
    accepta acaba acaba-la afegeix anota apunta atura atura'l canvia comença compara compara'ls
    compara-les comparteix comprova comprova-la compta conserva conserva'l continua convida copia
    corregeix crea decideix deixa deixa'n desa desa'l desa-la descarrega descarta descarta-la desfés
    desfés-ho digues divideix divideix-lo elimina envia escaneja escaneja'l escriu espera esborra
    fes guarda guarda'l guarda-la importa importa'n imprimeix indica insereix introdueix juga llegeix
    liquida liquida'l manté marca mira mira'l mira'ls mira-la mira-ho mostra obre obre'l obre'n
    obre-la omple passa posa prem prova recarrega recupera reobre reobre-la repeteix retira revisa
    revisa-la selecciona substitueix tanca torna torna-la torna-ho tria tria'ls tria'n toca treu ves
    vés
"""
CA_TU_ANYWHERE = "teu teva teus teves et t' te"

#: Italian: tu. The voi imperatives of the catalogs' verbs
IT_VOI = """
    aggiungete annullate apritelo apritela aprite aspettate cancellate chiudete controllate contate
    correggete create date dite fate guardate guardatela importate indicate inserite invitate lasciate
    mettete mostrate inquadrate prendete ricaricate ricontate riaprite salvate salvatelo scegliete scrivete
    segnate spostate stampate tenete toccate togliete tornate usate
"""
IT_VOI_ANYWHERE = "vostro vostra vostri vostre siete avete volete potete dovete"

#: French: vous. The tu imperatives of the catalogs' verbs
FR_TU = """
    ajoute annule arrête attends choisis coche colle compare copie corrige crée découpe dis écarte
    écris enregistre envoie fais garde importe imprime indique inscris laisse mets note ouvre passe
    recharge recompte regarde regarde-la renomme retire reviens rouvre rouvre-la saisis scanne
    sélectionne supprime tape termine touche vérifie
"""
FR_TU_ANYWHERE = "tu ton ta tes toi te t'"

OTHER_FORM = {
    "es": (ES_TU, ES_TU_ANYWHERE),
    "ca": (CA_TU, CA_TU_ANYWHERE),
    "it": (IT_VOI, IT_VOI_ANYWHERE),
    "fr": (FR_TU, FR_TU_ANYWHERE),
}

#: words of the other form's list that are something else where they stand: each allowed phrase,
#: from that word on, is a noun or a third person, never the player addressed
ALLOWED = {
    "es": (
        "Copia de",  # the noun: "Copia de seguridad" (a backup), "Copia de {database} guardada"
        "imprime el", "imprime la",  # the CLI's help says what a command does: "it prints"
        "escribe la página HTML",  # the CLI's help: "it writes the HTML page"
        "Sigue jugando",  # "Taken over by": the player who carries on the hand ("Sigue jugando: Ana")
        "sigue {new}",  # "{new} takes over"
        "Sigue en este móvil",  # "It is still on this phone" (the player's fix)
        "abre la mesa de esa sesión",  # "it opens that session's table" (the link)
        "muestra la mesa y sus informes",  # "it shows the table" (the link)
        "sigue cada mano",  # "it follows every hand" (the watching phone)
        "guarda este navegador",  # "does this browser keep cookies?"
        "anota por sí misma",  # "it scores by itself" (a lone call)
        "Pasa a ser la mano",  # "It becomes deal n"
        "Da %(dealer)s",  # "%(dealer)s deals"
    ),
    "ca": (
        "obre la taula d'aquesta sessió",  # "it opens that session's table" (the link)
        "mostra la taula i els informes",  # "it shows the table" (the link)
        "Passa a ser el repartiment",  # "It becomes deal n"
        # they follow "El paper es" on the page: "El paper es guarda per a la pròxima vegada"
        "guarda per a la pròxima vegada", "liquida aquesta nit",
    ),
    "it": (
        "Cancellate in questa sessione",  # "Crossed out this session": the puestas, a past participle
    ),
    "fr": (),
}


def words(text: str) -> set[str]:
    return {w.lower() for w in text.split()}


def other_form(language: str, text: str) -> list[str]:
    """The words of ``text`` that address the player in the other form than ``language``'s."""
    verbs, anywhere = (words(w) for w in OTHER_FORM[language])
    found = []
    for match in ADDRESS.finditer(text):
        word = match["word"].lower().replace("’", "'")
        head = re.split(r"['-]", word)[0]
        if (word in verbs or head in verbs) and not text.startswith(ALLOWED[language], match.start("word")):
            found.append(match["word"])
    for word in re.findall(r"[^\W\d_]+'?", text):
        if word.lower().replace("’", "'") in anywhere:
            found.append(word)
    return found


def entries(language: str) -> Iterator[tuple[str, str]]:
    """Each (msgid, msgstr) of the catalog, a plural entry's every form."""
    with open(TRANSLATIONS / language / "LC_MESSAGES" / "messages.po", "rb") as fh:
        catalog = read_po(fh)
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            yield msgid, text or ""


@pytest.mark.parametrize("language", sorted(OTHER_FORM))
def test_the_catalog_speaks_in_one_form(language):
    found = [f"{msgid!r} → {text!r}: {hits}" for msgid, text in entries(language)
             if (hits := other_form(language, text))]
    assert not found, f"{language}: {len(found)} sentences in the other form:\n" + "\n".join(found)


@pytest.mark.parametrize(("language", "chosen", "other"), [
    ("es", "Elija la apuesta. La suya sigue en este móvil: mírela y elija.",
     "Elige la apuesta. La tuya sigue en este móvil: mírala y elige."),
    ("es", "indique exactamente uno de {fields}", "indica exactamente uno de {fields}"),
    ("es", "Su corrección no se guardó (vea el historial).", "Tu corrección no se guardó (mira el historial)."),
    ("ca", "Trieu l'aposta. Mireu-la i descarteu-la.", "Tria l'aposta. Mira-la i descarta-la."),
    ("ca", "Obriu l'última taula", "Obre l'última taula"),
    ("ca", "La vostra mà és aquí.", "La teva mà és aquí."),
    ("it", "Scrivi il nome. Aggiungi i giocatori (tocca due volte).",
     "Scrivete il nome. Aggiungete i giocatori (toccate due volte)."),
    ("it", "La tua mano è qui.", "La vostra mano è qui."),
    ("fr", "Choisissez la mise. Regardez-la : touchez pour enregistrer.",
     "Choisis la mise. Regarde-la : touche pour enregistrer."),
    ("fr", "Votre main est ici.", "Ta main est ici."),
])
def test_the_check_catches_the_other_form(language, chosen, other):
    """A planted sentence of the other form fails; the same sentence in the chosen form passes."""
    assert other_form(language, chosen) == []
    assert other_form(language, other) != []


def test_the_game_words_and_third_persons_pass():
    """A game's words are never flagged, and an allowed third person passes only for its own sentence."""
    assert other_form("es", "Codillo: el plato y la puesta; truco, envido, cama.") == []
    assert other_form("it", "Cappotto: la napoletana e il buon gioco.") == []
    assert other_form("es", "Da %(dealer)s, sale %(leader)s.") == []  # "%(dealer)s deals"
    assert other_form("es", "Da las rondas. Anota la mano como nula.") == ["Da", "Anota"]
    assert other_form("ca", "Compareu-les") == []
    assert other_form("ca", "Compara'ls") == ["Compara'ls"]


#: a game's own words, kept as they are in every catalog (docs/translating.md, "The words of the game
#: stay Spanish"): a sentence whose English holds one holds it too
GAME_WORDS = ("plato", "codillo", "estuche", "puesta", "pajarito", "penetro", "cappotto", "napoletana",
              "truco", "envido", "quiero", "vale cuatro", "cama", "flor", "cacho", "tresillo")
#: truc valencià's own words are Catalan already: in the Catalan catalog its camas are "cames" and
#: its envido "envit" (docs/translating.md)
GAME_WORDS_IN = {"ca": {"cama": ("cama", "cames"), "envido": ("envido", "envit")}}
#: the one place the Spanish catalog names the pajaritos' dish as it does everywhere else ("la
#: bandeja de los pajaritos"), where the English says "plato para los pajaritos"
GAME_WORDS_ALLOWED = {("es", "plato", "la bandeja de los pajaritos")}


def lost_game_words(language: str, msgid: str, text: str) -> list[str]:
    """The game words of ``msgid`` that ``text`` does not keep."""
    lost = []
    for word in GAME_WORDS:
        if not re.search(rf"\b{word}", msgid, re.I):
            continue
        kept = GAME_WORDS_IN.get(language, {}).get(word, (word,))
        allowed = any(phrase in text for lang, w, phrase in GAME_WORDS_ALLOWED if (lang, w) == (language, word))
        if not allowed and not any(re.search(form, text, re.I) for form in kept):
            lost.append(word)
    return lost


@pytest.mark.parametrize("language", sorted(OTHER_FORM))
def test_the_game_words_stay_as_they_are(language):
    found = [f"{msgid!r} → {text!r}: {lost}" for msgid, text in entries(language)
             if text and (lost := lost_game_words(language, msgid, text))]
    assert not found, f"{language}: a game's words translated:\n" + "\n".join(found)


def test_the_game_words_check_catches_a_translated_word():
    assert lost_game_words("es", "{player} wins the plato", "{player} gana el plato") == []
    assert lost_game_words("es", "{player} wins the plato", "{player} gana el bote") == ["plato"]
    assert lost_game_words("it", "Cappotto: all the tricks", "Cappotto: tutte le prese") == []
    assert lost_game_words("it", "Cappotto: all the tricks", "Tutte le prese") == ["cappotto"]
    assert lost_game_words("ca", "2 camas to win", "2 cames per guanyar") == []
    assert lost_game_words("fr", "the truco is sung", "le truc est chanté") == ["truco"]
