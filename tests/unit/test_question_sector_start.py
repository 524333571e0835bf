"""Issue 29 (h29o): a sector said at the very start of a question ("Police forces in Ukraine were rebuffed by whom
...?") is the country's sector, not a name with a sentence capital; and "a government ministry of X" is X's
Ministry."""

from __future__ import annotations

import pytest

from tkgrag.question.parse import understand
from tkgrag.question.sector_start import sector_start
from tkgrag.question.sectors import sector_names


@pytest.mark.parametrize(
    ("question", "role", "holder"),
    [
        ("Police forces in Ukraine were rebuffed by whom on 26 February 2014?", "police forces", "Ukraine"),
        ("Ordinary people in Thailand were arrested by whom on the 19th of July 2014?", "ordinary people", "Thailand"),
        ("Citizens of Nigeria were abducted by whom in 2014?", "citizens", "Nigeria"),
        ("The armed forces of Ukraine were expelled by whom in 2014?", "armed forces", "Ukraine"),
    ],
)
def test_an_opening_sector_is_a_role_of_its_country(question: str, role: str, holder: str) -> None:
    roles = [(m.role, m.holder) for m in understand(question).mentions if m.role]
    assert (role, holder) in roles


@pytest.mark.parametrize(
    "question",
    [
        "Police (Australia) were criticized by whom in 2014?",  # a name: no "in/of <Name>" after the words
        "Barack Obama visited whom in 2014?",
        "Japan in 2014 was visited by whom?",
        "Saints of Japan visited whom?",  # no sector phrase
    ],
)
def test_other_openings_keep_their_capital(question: str) -> None:
    assert sector_start(question) == question


def test_a_government_ministry_is_icews_ministry() -> None:
    assert sector_names("government ministry")[0] == "Ministry"
