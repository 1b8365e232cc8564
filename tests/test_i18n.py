"""The catalogues: every language has every key, with the same placeholders."""

import json
from pathlib import Path

import pytest

from alhambra_widget import i18n
from alhambra_widget.i18n import LANGUAGES, catalogue, placeholders, t, tn, use_language

LOCALES = Path(i18n.__file__).parent / "locales"
OTHERS = [lang for lang in LANGUAGES if lang != "en"]


def test_every_language_has_a_folder_and_the_same_files():
    files = {lang: sorted(p.name for p in (LOCALES / lang).glob("*.json")) for lang in LANGUAGES}
    assert files["en"], "the English catalogue is empty"
    for lang in OTHERS:
        assert files[lang] == files["en"], lang


@pytest.mark.parametrize("lang", OTHERS)
def test_no_key_missing_or_extra(lang):
    en, other = set(catalogue("en")), set(catalogue(lang))
    assert sorted(en - other) == [], f"{lang} lacks these keys"
    assert sorted(other - en) == [], f"{lang} has keys English does not"


@pytest.mark.parametrize("lang", OTHERS)
def test_same_placeholders(lang):
    en, other = catalogue("en"), catalogue(lang)
    wrong = {k: (sorted(placeholders(en[k])), sorted(placeholders(other[k])))
             for k in en if k in other and placeholders(en[k]) != placeholders(other[k])}
    assert wrong == {}


@pytest.mark.parametrize("lang", list(LANGUAGES))
def test_no_empty_texts_and_valid_json(lang):
    for path in (LOCALES / lang).glob("*.json"):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert isinstance(data, dict)
        for k, v in data.items():
            assert isinstance(v, str) and v.strip(), f"{lang}/{path.name}: {k} is empty"


def test_translations_are_translated():
    # a catalogue copied from English would pass the key tests: most texts must differ
    en = catalogue("en")
    for lang in OTHERS:
        cat = catalogue(lang)
        same = [k for k in en if cat.get(k) == en[k] and len(en[k]) > 12]
        assert len(same) <= 0.05 * len(en), (lang, same[:10])


def test_lookup_fill_and_fallback():
    assert t("building.tower", "de") == "Turm"
    assert t("building.tower", "ja") == "塔"
    assert t("no.such.key", "fi") == "no.such.key"
    with use_language("nl"):
        assert t("building.garden") == "Tuin"
    assert t("building.garden") == "Garden"


def test_counted_texts_and_unknown_language():
    assert tn("ui.cards", 1, "en") != tn("ui.cards", 2, "en")
    with pytest.raises(ValueError, match="choose one of"):
        i18n.set_language("xx")
