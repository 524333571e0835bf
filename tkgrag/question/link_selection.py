"""Choosing one reading of a question's overlapping entity mentions: names extended over ICEWS's parenthesised
qualifiers, then exact links before longer spans before better scores."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from tkgrag.question.linking import EntityLink
from tkgrag.question.model import Mention, MentionKind
from tkgrag.question.sectors import country_named, country_of, holder_spellings, names_a_sector, sector_names

# Weaker entity links count as unlinked. GraphLinker scores an inexact link 0.5 * relative full text + 0.5 * cosine,
# so the best full-text hit needs a cosine of about 0.76 (on the MultiTQ sample against icews14, wrong guesses such as
# "Mahmoud Abbas" -> Abbas Medlej scored 0.67-0.87, right paraphrases 0.89-0.93).
LINK_MIN_SCORE = 0.88
# A link score this high is an exact name or alias (graph_linker: full-text matches score 2 + their cosine).
EXACT_NAME = 2.0


_PARENTHETICAL = re.compile(r"\s*\([^()]{1,60}\)")
_CAPITALISED_BEFORE = re.compile(r"\b[A-Z][a-z]+\s+$")
# ", Occupied" closing a name ("Palestinian Territory, Occupied"): one capitalised word before the clause goes on
_COMMA_TAIL = re.compile(r",\s*(?P<word>[A-Z][\w'’-]*)(?=\s*(?:[?.!;:,]|$)|\s+[a-z])")


def with_parentheticals(text: str, mentions: Sequence[Mention]) -> list[Mention]:
    """``mentions`` plus each name extended over the parenthesised qualifiers that follow it and over a capitalised
    word right before it: ICEWS names such as "Member of Legislative (Govt) (Oman)", "Government (Palestinian
    Territory, Occupied)", "Other Authorities / Officials (Egypt)" or "Your Party" are cut by the mention finder at a
    qualifier, a comma or a function word; a name or a sector's holder is also extended over ", <Word>" where one
    capitalised word ends the clause ("Palestinian Territory, Occupied"). The longer readings compete in
    ``select_links`` (an exact link wins, so "Iran, Iraq" stays two names)."""
    out = list(mentions)
    names = {n.start: n for n in mentions if n.kind is MentionKind.NAME}
    for m in mentions:
        joint = _JOINT.match(text, m.end)
        if m.kind is MentionKind.NAME and joint is not None and joint.end() in names:
            # "Ansar al-Sharia in Libya", "Front for Democracy in Burundi": a name whose own words hold "in <Name>";
            # read whole only where the store has it by that name (``select_links``)
            end = names[joint.end()].end
            out.append(Mention(text[m.start : end], m.start, end, MentionKind.NAME))
        tail = _COMMA_TAIL.match(text, m.end)
        if tail is not None and m.kind in (MentionKind.NAME, MentionKind.ROLE):
            # "the media of Palestinian Territory, Occupied": the store's name holds the comma
            end = tail.end("word")
            holder = f"{m.holder}{text[m.end : end]}" if m.holder else None
            out.append(Mention(text[m.start : end], m.start, end, m.kind, m.role, holder))
        if m.kind not in (MentionKind.NAME, MentionKind.QUOTED):
            continue
        starts = [m.start]
        before = _CAPITALISED_BEFORE.search(text, 0, m.start)
        if before is not None and text[: before.start()].strip():  # not the question's first word ("Who", "In")
            starts.append(before.start())
        for start in starts:
            end = m.end
            if start != m.start:
                out.append(Mention(text[start:end], start, end, MentionKind.NAME))
            for _ in range(2):
                p = _PARENTHETICAL.match(text, end)
                if p is None:
                    break
                end = p.end()
                out.append(Mention(text[start:end], start, end, MentionKind.NAME))
    return list(dict.fromkeys(out))


# " in " between two names read as one ("Ansar al-Sharia in Libya"); " of " is read inside a name already
_JOINT = re.compile(r"\s+in\s+(?:the\s+)?(?=[A-Z])")


def _joined(m: Mention) -> bool:
    """A name read over " in <Name>" by ``with_parentheticals``."""
    return m.kind is MentionKind.NAME and _JOINT.search(m.text) is not None


def _overlaps(a: Mention, b: Mention) -> bool:
    return a.start < b.end and b.start < a.end


def select_links(
    mentions: Sequence[Mention], links: Sequence[Sequence[EntityLink]]
) -> list[tuple[Mention, EntityLink | None]]:
    """One reading of overlapping mentions: exact links first, then longer spans, then better scores; CHUNK
    mentions (lower-case fallback) only where nothing better covers them. Mentions left without a link above
    ``LINK_MIN_SCORE`` come back with None."""

    def rank(i: int) -> tuple[int, int, int, int, float]:
        m, best = mentions[i], (links[i][0] if links[i] else None)
        score = best.score if best is not None else 0.0
        if _joined(m) and score < EXACT_NAME:
            score = 0.0  # "Al-Qaeda in Iraq" is one name only where the store has that name exactly
        sector = best is not None and score < EXACT_NAME and _lexicon_sector(m)
        if sector and best is not None and another_sector(m, best.name):
            score = 0.0  # "Thailand's opposition" -> Armed Opposition (Thailand): another actor, so unlinked
        return (
            0 if score >= LINK_MIN_SCORE else 1,
            # exact name or alias; or a sector of the lexicon linked to that sector ("the military of Thailand" ->
            # Military Personnel (Thailand)), before the country it names (Thailand is not its military)
            0 if score >= EXACT_NAME or (sector and score >= LINK_MIN_SCORE) else 1,
            1 if m.kind is MentionKind.CHUNK else 0,
            -(m.end - m.start),
            -score,
        )

    chosen: list[int] = []
    for i in sorted(range(len(mentions)), key=rank):
        if any(_overlaps(mentions[i], mentions[j]) for j in chosen):
            continue
        chosen.append(i)
    out: list[tuple[Mention, EntityLink | None]] = []
    for i in sorted(chosen, key=lambda i: mentions[i].start):
        best = links[i][0] if links[i] else None
        if best is not None and (best.score < LINK_MIN_SCORE or (_joined(mentions[i]) and best.score < EXACT_NAME)):
            best = None
        if best is not None and best.score < EXACT_NAME and another_sector(mentions[i], best.name):
            # "the Nigerian police" linked by full text to Government (Nigeria) (the store lacks Police (Nigeria)):
            # another actor; unlinked, the reader says so rather than answer for the government
            best = None
        role = _unlinked_sector_around(i, mentions, links, chosen)
        if role is None and best is not None:
            role = _citizens_read_as_country(i, mentions, links, chosen)
        if role is not None and (best is None or best.score < EXACT_NAME or _citizens(role) or _lexicon_sector(role)):
            # "a ministry of Russia" where the store has neither Ministry (Russia) nor Russia: the holder's inexact
            # link (United Russia) is another actor; the sector goes unlinked, so the reader says so. So too where
            # the store has the country but not the sector the lexicon names ("the military of Thailand",
            # "Thailand's opposition"): the country is another actor than its military
            out.append((role, None))
            continue
        if best is not None and (
            (best.score < EXACT_NAME and _people_as_another(mentions[i], best))
            or (_citizens(mentions[i]) and not best.name.startswith("Citizen") and "(" not in best.name)
        ):
            # "Malaysian citizens" linked to Malaysia (the store lacks Citizen (Malaysia)): the country is no citizen
            # "people in Ukraine" where the store lacks Citizen (Ukraine): "People Associated with the Opposition
            # (Ukraine)" is another actor; unlinked, the reader says so
            out.append((mentions[i], None))
            continue
        if best is None and mentions[i].kind is MentionKind.CHUNK:
            continue  # an unlinkable run of lower-case words is no entity
        out.append((mentions[i], best))
    return out


_SECTOR_NAME = re.compile(r"^(?P<sector>.+?)\s*\((?P<holder>[^()]+)\)$")


def another_sector(m: Mention, name: str) -> bool:
    """Whether ``name`` ("Government (Nigeria)") is another actor than the ROLE mention ``m`` says ("the Nigerian
    police"): the role is a sector phrase of the lexicon, the entity a "Sector (Holder)" whose sector is none of the
    role's sector names nor their personnel ("Military Personnel" may be "the military"; "Government" is no "police",
    "Military Police" no "military"), or whose holder is no spelling of the mention's."""
    if not _lexicon_sector(m) or m.role is None:
        return False
    found = _SECTOR_NAME.match(" ".join(name.replace("_", " ").split()))
    if found is None:
        return False
    # the sector itself or its members ("Military Personnel", "Media Personnel"); another kind after the same word
    # ("Military Police", "Military Ruler" for "the military") is another actor
    sector = _singular(found.group("sector").lower().removesuffix(" personnel"))
    if not any(_singular(s.lower()) == sector for s in sector_names(m.role)):
        return True
    holder = re.sub(r"^the\s+", "", (m.holder or "").strip(), flags=re.IGNORECASE)
    country = country_of(holder) or country_named(holder) or holder
    spellings = {h.lower() for c in (country, holder) for h in holder_spellings(c)}
    return bool(holder) and found.group("holder").lower() not in spellings


_PLURALS = (("women", "woman"), ("men", "man"), ("children", "child"), ("people", "person"))


def _singular(sector: str) -> str:
    """A sector name with each word singular: a graph of one's own may say "Woman (Australia)" where ICEWS and the
    lexicon say "Women"; the number of the word does not make another actor."""
    out = []
    for w in sector.split():
        for plural, one in _PLURALS:
            if w.endswith(plural):
                w = w[: -len(plural)] + one
                break
        else:
            if w.endswith("ies") and len(w) > 4:
                w = w[:-3] + "y"
            elif w.endswith("s") and not w.endswith("ss") and len(w) > 3:
                w = w[:-1]
        out.append(w)
    return " ".join(out)


def _citizens(m: Mention) -> bool:
    """A role mention of ICEWS's Citizen sector said in words ("citizens of X", "people in X", "Malaysian
    civilians"; not the country's own name read as its people: "Laos" as the citizens of Laos)."""
    return (
        m.kind is MentionKind.ROLE
        and bool(m.role)
        and sector_names(m.role or "")[:1] == ("Citizen",)
        and m.text.removeprefix("the ").strip() != (m.holder or "").removeprefix("the ").strip()
        # not a possessive's word, which may be an adjective of the act: "South Korea's public statement"
        and not re.search(r"['’]s?\s", m.text)
    )


def _enclosing(i: int, mentions: Sequence[Mention], chosen: Sequence[int]) -> Iterator[tuple[int, Mention]]:
    """The mentions not yet chosen that span the name mention ``i`` (a sector or citizens mention around its
    holder's name), with their places; none when ``i`` is no name."""
    m = mentions[i]
    if m.kind is not MentionKind.NAME:
        return
    for j, r in enumerate(mentions):
        if j != i and j not in chosen and r.start <= m.start and m.end <= r.end:
            yield j, r


def _citizens_read_as_country(
    i: int, mentions: Sequence[Mention], links: Sequence[Sequence[EntityLink]], chosen: Sequence[int]
) -> Mention | None:
    """The citizens mention ("citizens of Malaysia") around the country name ``i`` was linked to, when none of the
    citizens mention's links is a Citizen entity (the store lacks Citizen (Malaysia)): the country's events are not
    its citizens', so the mention goes unlinked and the reader says so (the country answered for them before)."""
    return next(
        (
            r
            for j, r in _enclosing(i, mentions, chosen)
            if _citizens(r) and not any(lk.name.startswith("Citizen") for lk in links[j])
        ),
        None,
    )


def _people_as_another(m: Mention, link: EntityLink) -> bool:
    """A "people in X" mention (the Citizen sector) linked inexactly to an entity of another sector."""
    return m.kind is MentionKind.ROLE and (m.role or "").lower() == "people" and not link.name.startswith("Citizen")


def _lexicon_sector(m: Mention) -> bool:
    """A ROLE mention whose role is a sector phrase of the lexicon as it stands ("military", "opposition")."""
    return m.kind is MentionKind.ROLE and names_a_sector(" ".join((m.role or "").lower().split()))


# the most a holder may start after its sector mention: an article's length ("the " of "the Nigerian police")
_ARTICLE = len("the ")


def _holder_first(name: Mention, role: Mention) -> bool:
    """ "Thailand's opposition", "the Nigerian police": the ROLE mention ``role`` is a sector of the lexicon whose
    holder ``name`` (a possessive or a demonym) opens it, at most after an article; the holder alone had answered for
    the sector the store lacks."""
    # not the citizens ("South Korea's public statement": the possessive's word may be the act's adjective)
    return (
        role.start <= name.start <= role.start + _ARTICLE
        and _lexicon_sector(role)
        and sector_names(role.role or "")[:1] != ("Citizen",)
    )


def _unlinked_sector_around(
    i: int, mentions: Sequence[Mention], links: Sequence[Sequence[EntityLink]], chosen: Sequence[int]
) -> Mention | None:
    """The sector mention ("the ministry of Russia") whose holder is mention ``i``, when no reading links it."""
    name = mentions[i]
    return next(
        (
            r
            for j, r in _enclosing(i, mentions, chosen)
            if r.kind is MentionKind.ROLE
            and r.holder is not None
            and r.holder in (name.text, country_of(name.text))
            and (name.end == r.end or _holder_first(name, r))
            and not any(lk.score >= LINK_MIN_SCORE and not another_sector(r, lk.name) for lk in links[j])
        ),
        None,
    )
