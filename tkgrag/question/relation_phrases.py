"""How people say ICEWS's CAMEO relations: the paraphrases tried beside a relation phrase as said, and whether the
phrase states an intent (then ``Express_intent_*`` relations are preferred). And the role words a mention swallows:
in "Who was the CEO of Acme Robotics?" the mention "CEO of Acme Robotics" links to Acme Robotics and the relation
phrase is empty, though "CEO" names the graph's relation ``is_CEO_of`` (``role_words``, ``with_role_words``)."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import replace

from tkgrag.question.lexicon import words
from tkgrag.question.phrasal import lexicon as phrasal_lexicon
from tkgrag.question.phrasal import phrasal_meaning, phrasal_tail
from tkgrag.question.relations import RelationFit, RelationMatch, RelationMatcher, fit, humanise

# People's words for CAMEO event types (how ICEWS names relations), tried beside the phrase as said: the relation
# matcher compares meanings, but "condemned" and "Criticize_or_denounce" or "hold talks" and "Consult" are far apart
# for a small sentence embedder. First match wins; the phrase as said is always tried too.
_CAMEO_WORDS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p, re.IGNORECASE), canonical)
    for p, canonical in [
        # "demanded diplomatic cooperation from X", "demanded talks with X": the demand, not the act demanded
        (r"\bdemand\w*\s+(?:\w+\s+)?diplomatic\b", "demand diplomatic cooperation"),
        (
            r"\bdemand\w*\s+(?:\w+\s+)?(?:talks|negotiations|a\s+meeting|meetings|dialogue)\b",
            "demand meeting, negotiation",
        ),
        # "sought diplomatic support from X": asking for it; "worked with X on the diplomatic front": doing it
        (
            # the mention cut leaves "appealed to for diplomatic", "asked the for diplomatic"
            # "asked X for policy support": ICEWS's name says "(such as policy support)"
            r"\b(?:call|appeal|ask|urg|request)\w*(?:\s+(?:to|on|upon|of|the))*\s+for\s+(?:\w+\s+)?(?:diplomatic|policy\s+support)"
            r"|\b(?:seek|seeks|seeking|sought)\s+(?:\w+\s+)?(?:diplomatic|policy\s+support)"
            r"|\b(?:request|appeal|plea|call)\w*\s+(?:for\s+)?(?:\w+\s+)?policy\s+support"
            # "urged X to provide policy support", "called on X to lend diplomatic backing": the appeal, not the act
            r"|\b(?:call|appeal|ask|urg|request|press|implor|beg|plead)\w*(?:\s+(?:on|upon|the))*\s+to\s+"
            r"(?:(?:provide|offer|give|lend|extend|grant|show)\s+(?:\w+\s+)?(?:diplomatic|policy\s+support)"
            r"|cooperate\s+diplomatically)",
            "appeal for diplomatic cooperation",
        ),
        # "asked X for humanitarian aid", "urged X to send economic assistance", "sought aid from X": the appeal for
        # that aid, not the aid (the giver would answer) nor a plain appeal (ICEWS names each kind, and aid of none)
        *(
            (
                r"\b(?:(?:call|appeal|ask|urg|request|press|implor|beg|plead|petition)\w*(?:\s+(?:to|on|upon|of|the))*"
                r"\s+(?:for|to\s+(?:provide|offer|give|lend|extend|grant|send))|seek|seeks|seeking|sought|"
                rf"request(?:s|ed|ing)?)\s+(?:(?:more|some|urgent|further|the|its|their)\s+)?{kind}(?:aid|assistance|help)\b",
                f"appeal for {kind}aid",
            )
            for kind in ("humanitarian ", "economic ", "military ", "")
        ),
        # "called for talks with X", "urged X to negotiate", "asked X for intelligence", "appealed to X for economic
        # cooperation": ICEWS's Appeal_* act, not the act appealed for (its doer would answer) nor a plain appeal
        *(
            (
                r"\b(?:(?:call|appeal|ask|urg|request|implor|beg|plead|petition)\w*(?:\s+(?:to|on|upon|of|the))*"
                r"\s+(?:for|to)|seek|seeks|seeking|sought)\s+(?:(?:a|an|the|more|some|urgent|further|its|their|renewed|"
                rf"fresh|new|direct|closer|greater)\s+)*(?:{words})\b",
                canonical,
            )
            for words, canonical in (
                (
                    r"talks|negotiations?|a\s+meeting|meetings?|dialogue|meet(?:\s+(?:or|and)\s+negotiate)?|negotiate|"
                    r"hold\s+talks|talk|sit\s+down",
                    "appeal to others to meet or negotiate",
                ),
                (r"intelligence|information|share\s+intelligence", "appeal for intelligence"),
                (
                    r"economic\s+(?:cooperation|collaboration|ties)|cooperate\s+economically",
                    "appeal for economic cooperation",
                ),
                (r"judicial\s+cooperation|cooperate\s+judicially", "appeal for judicial cooperation"),
                (r"military\s+cooperation|cooperate\s+militarily", "appeal for military cooperation"),
                (r"material\s+cooperation", "appeal for material cooperation"),
                (r"mediation|mediate|accept\s+mediation", "appeal to engage in or accept mediation"),
                (
                    r"de-?escalation|de-?escalate|(?:a\s+)?ceasefire|(?:a\s+)?cease-fire|(?:a\s+)?truce",
                    "appeal for de-escalation of military engagement",
                ),
                (r"settle\s+(?:the|their|its)?\s*disputes?", "appeal to others to settle dispute"),
                (r"political\s+reforms?", "appeal for political reform"),
                (r"policy\s+changes?|change\s+(?:its|their)\s+polic(?:y|ies)", "appeal for policy change"),
            )
        ),
        (
            r"\bdiplomatic\w*\s+(?:cooperat|support|backing)\w*|\bcooperat\w*\s+diplomatically|\bpolicy\s+support\b"
            r"|\b(?:work|cooperat|collaborat|partner|back|support)\w*\b.*\b(?:diplomatic\s+(?:front|level|field|sphere)|diplomatically)\b",
            "engage in diplomatic cooperation",
        ),
        # "formally recognized X", "extended diplomatic recognition to X": CAMEO 054 (not the agreement it may sign)
        (
            r"\b(?:formal(?:ly)?|officially|diplomatic(?:ally)?)\s+recogni[sz]\w*|\brecogni[sz]\w*\s+(?:\w+\s+){0,3}?"
            r"(?:diplomatically|formally|officially|as\s+(?:a\s+)?(?:state|country|nation))\b|\bdiplomatic\s+recognition\b",
            "grant diplomatic recognition",
        ),
        # "put pen to a formal agreement with X", "put its signature to a deal with X": the signing
        (
            r"\bput(?:s|ting)?\s+(?:(?:its|their|his|her)\s+)?(?:pen|signatures?|names?)\s+(?:to|on)\b",
            "sign formal agreement",
        ),
        # "made a symbolic gesture towards X", "staged a symbolic act": ICEWS's Engage_in_symbolic_act (the verb is a
        # light one, the words after it say the act)
        (
            r"\bsymbolic(?:al(?:ly)?)?\s+(?:\w+\s+)?(?:act|acts|action|actions|gestures?|moves?|steps?)\b",
            "engage in symbolic act",
        ),
        # the specific CAMEO kind a general word would hide: "demanded diplomatic cooperation from X" (not the
        # cooperation), "demanded a change in leadership of X", "rallied opposition against X" (not a rally),
        # "engaged in material cooperation with X", "threatened sanctions against X", "sexually assaulted X" (not a
        # physical assault), "accused X of corruption / of human rights abuses", "investigated crimes by X"
        (
            r"\b(?:demand|insist)\w*\b.*\b(?:change\s+(?:in|of)\s+(?:the\s+)?leadership|leadership\s+change|"
            r"regime\s+change|resignation|resign|step\s+down)\b",
            "demand change in leadership",
        ),
        (
            r"\b(?:call|appeal|urg|ask|press)\w*\b.*\b(?:change\s+(?:in|of)\s+(?:the\s+)?leadership|leadership\s+change|"
            r"regime\s+change|resignation|resign|step\s+down)\b",
            "appeal for change in leadership",
        ),
        (r"\brall\w*\s+(?:\w+\s+)?opposition\b", "rally opposition against"),
        (r"\bmaterial\s+(?:cooperation|collaboration|support)\b", "engage in material cooperation"),
        (r"\bthreat\w*\b.*\b(?:sanction|embargo|boycott)\w*", "threaten with sanctions, boycott, embargo"),
        (
            r"\bsexual(?:ly)?\s+(?:\w+\s+)?(?:assault|abus|harass|attack|violen)\w*|\brap(?:e|ed|es|ing)\b",
            "sexually assault",
        ),
        (r"\baccus\w*\b.*\bof\s+(?:\w+\s+)?(?:corrupt|crim|fraud|brib|embezzl)\w*", "accuse of crime, corruption"),
        (r"\baccus\w*\b.*\bof\s+(?:\w+\s+)*?human\s+rights\b", "accuse of human rights abuses"),
        (
            r"\b(?:investigat|probe|prob)\w*\b.*\b(?:crimes?|corruption|criminal\s+(?:acts?|activit\w+|charges))\b",
            "investigate crime, corruption",
        ),
        # "threatened X with military force", "threatened to use force against X", "made military threats against
        # X", "threatened to invade X": ICEWS's Threaten_with_military_force, not the force itself (before the force
        # words below, which "military force" meets) nor the bare threat
        (
            r"\bthreat\w*\b.*\b(?:military|armed|conventional)\s+(?:force|action|attacks?|strikes?|operations?|"
            r"intervention|retaliation)\b"
            r"|\bthreat\w*\s+(?:\w+\s+)?(?:with|of)\s+(?:\w+\s+)?(?:force|war|invasion|attacks?|strikes?)\b"
            r"|\bthreat\w*\s+to\s+(?:use\s+(?:military\s+)?force|attack|invade|bomb|strike|go\s+to\s+war)\w*"
            r"|\bmilitary\s+threats?\b",
            "threaten with military force",
        ),
        # "physically attacked X", "attacked X physically", "a physical attack on X": a physical assault, not the
        # military force "attack" says alone
        (
            r"\bphysical(?:ly)?\s+(?:\w+\s+)?(?:attack|assault|violen|abus|harm)\w*"
            r"|\b(?:attack|assault|harm|abus)\w*\b.*\bphysically\b",
            "physically assault",
        ),
        # "carried out irregular violent attacks on X", "unconventional violence against X", "committed violent
        # attacks on X", "carried out violent acts against X", "committed violence against X" (no military word):
        # ICEWS's Use_unconventional_violence, not conventional military force (every writer of sets 14-53); also
        # "was attacked violently by", "violently attacked X" (set 56's gold: Use_unconventional_violence)
        (
            r"\b(?:unconventional|irregular)\s+(?:\w+\s+)?(?:violen\w*|attacks?|force|warfare)\b"
            r"|^(?!.*\b(?:military|militarily|armed\s+forces?|troops|conventional)\b).*(?:\bviolent\s+(?:attacks?|acts?|"
            r"actions?|deeds?)\b|\bacts?\s+of\s+violence\b|\b(?:commit|perpetrat|inflict|us|carr|resort)\w*\s+(?:\w+\s+)?"
            r"violence\b|\b(?:attack|assault|target|hit|struck|strik)\w*\s+(?:\w+\s+){0,4}?violently\b"
            r"|\bviolently\s+(?:attack|assault|target|hit|struck|strik)\w*)",
            "use unconventional violence",
        ),
        # "violently repressed X", "a violent crackdown on X": ICEWS's Use_tactics_of_violent_repression
        (
            r"\bviolent(?:ly)?\s+(?:repress|crack\w*\s+down|crackdown)\w*|\brepress\w*\s+(?:\w+\s+)?violently\b",
            "use tactics of violent repression",
        ),
        # "fought X with small arms and light weapons", "engaged X with small arms": the weapons name ICEWS's relation,
        # whatever the verb ("fought" alone is conventional military force)
        (
            r"\bsmall\s+arms\b|\blight\s+weapons\b|\bsmall-arms\b",
            "fight with small arms and light weapons",
        ),
        # "protested violently against X", "violent protests against X": a riot, not a peaceful demonstration
        (
            r"\bprotest\w*\s+violently|\bviolent(?:ly)?\s+(?:protest|demonstrat)\w*|\briot\w*",
            "protest violently, riot",
        ),
        # "worked together militarily with X", "military cooperation with X": ICEWS's Cooperate_militarily (the bare
        # "cooperate" lies as close to Cooperate_economically for a small embedder); the same for "economically"
        (
            r"\b(?:cooperat|collaborat|partner|work|team)\w*\b.*\bmilitar(?:y|ily)\b"
            r"|\bmilitary\s+(?:cooperation|collaboration|partnership)",
            "cooperate militarily",
        ),
        (
            r"\b(?:cooperat|collaborat|partner|work|team)\w*\b.*\beconomic(?:ally)?\b"
            r"|\beconomic\s+(?:cooperation|collaboration|partnership)",
            "cooperate economically",
        ),
        (
            # the nouns too: "the denunciation of X by Y", "the rebuke X gave Y"
            r"\b(?:condemn|denounc|denunciat|censur|slam|blast|rebuk|critici[sz]|lambast|castigat|decr[iy])\w*"
            r"|\bsp(?:o|ea)k\w*\s+out|\b(?:take|takes|took|taken|taking)\s+aim\s+at",
            "criticize or denounce",
        ),
        (r"\bblam\w*|\baccus\w*|\ballege?\w*|\bfinger\b", "accuse"),
        (r"\boptimis\w*|\bpositive\s+(?:remarks?|comments?)|\bupbeat\b|\bhopeful\w*", "make optimistic comment"),
        (
            r"\bpessimis\w*|\bnegative\s+(?:remarks?|comments?)|\bgloom\w*|\bsk?eptic\w*|\bdoubt\w*",
            "make pessimistic comment",
        ),
        (
            r"\b(?:phon|telephon)\w*|\bcall(?:s|ed|ing)?\b(?!\s+(?:on|for|upon))|\bspo(?:ke|ken)\s+by\s+phone"
            r"|\brang\b|\b(?:ring(?:s|ing)?|rung)\s+up\b",
            "discuss by telephone",
        ),
        # "took X to court", "filed a case against X", "litigated against X": a lawsuit too
        (
            r"\b(?:sue[sd]?|suing|lawsuits?|litigat\w*)\b|\b(?:take|takes|took|taken|taking|dragg?\w*|haul\w*)\s+to\s+court\b"
            r"|\bfil(?:e|es|ed|ing)\s+(?:a\s+|an\s+)?(?:legal\s+|court\s+)?(?:case|suit)s?\b",
            "bring lawsuit against",
        ),
        (
            r"\b(?:sign|ink|conclud|seal|finali[sz]|clinch|struck|strike|strikes|striking|hammer\w*\s+out)\w*\b.*"
            r"\b(?:agreement|deal|accord|treaty|pact|contract)s?\b"
            r"|\bpen\s+to\s+paper|^(?:deal|agreement|treaty|pact)s?\b"  # the noun alone: "X's deal with Y"
            # the relation's own noun, with no verb: "X's first formal agreement with Y", "a formal accord came from"
            r"|\bformal\s+(?:agreement|accord|treaty|pact|deal)s?\b"
            # the passive, the noun first: "a formal agreement was signed with X", "a deal has been inked by X"
            r"|\b(?:agreement|deal|accord|treaty|pact|contract)s?\s+(?:\w+\s+){0,3}?"
            r"(?:signed|inked|concluded|sealed|finali[sz]ed|clinched|struck)\b",
            "sign formal agreement",
        ),
        # "sat down to negotiate with X", "sat down at the negotiating table with X" is negotiating, not the sitting
        # down (a consultation)
        (
            r"\b(?:sat|sit|sits|sitting)\s+down\s+to\s+(?:negotiat|bargain)\w*|\bnegotiating\s+table\b",
            "engage in negotiation",
        ),
        # "met X on neutral ground": a meeting at a third location
        (
            r"\bneutral\s+(?:ground|territory|venue|location|soil|country|place|site)"
            r"|\bthird[\s-](?:location|country|venue|place|site|territory|city|capital|party\s+(?:soil|territory|venue))"
            # "met X somewhere other than either's home", "away from both their countries"
            r"|\b(?:somewhere|anywhere|some\s*place)\s+(?:other\s+than|else\s+than|outside)\s+(?:either|both|each|their|neither)"
            r"|\baway\s+from\s+(?:either|both|each|their)(?:'s|\s+of\s+their|\s+their)?\s+(?:own\s+)?(?:home\s+)?(?:homes?|countr|soil|territor)",
            "meet at a third location",
        ),
        (
            # "the armed forces of X used military force against Y" leaves "force against" once the sector is read
            r"\b(?:us(?:e|es|ed|ing)|employ\w*|resort\w*\s+to)\s+(?:military\s+)?force\b"
            r"|^force\s+against\b"
            # a light verb and a military noun: "launched military action against", "carried out a military
            # operation against", "mounted military strikes on" (the noun says the act, any verb before it)
            r"|\bmilitary\s+(?:action|operation|offensive|assault|campaign|attack|strike|raid|incursion|force)s?\b"
            r"|\b(?:launch|mount|wag|open|start|began|begun|begin)\w*\s+(?:an?\s+|the\s+)?(?:\w+\s+)?(?:offensive|assault)s?\b",
            "use conventional military force",
        ),
        (
            r"\b(?:hold|held|holding|had|have)\s+talks|\btalk(?:s|ed|ing)?\b|\bconfer\w*|\bme(?:e)?t(?:s|ing)?\b(?!.*\b(?:third|location)\b)"
            r"|\bdiscussions?\b|\bdiscuss(?:ed|es|ing)?\b(?!\s+by)|\bconsultations?\b|\bsat\s+down",
            "consult",
        ),
        (r"\bnegotiat\w*|\bbargain\w*", "engage in negotiation"),
        # "received X" with nothing else received (X a mention): hosting X's visit; "received/welcomed/had X as a
        # guest" (the mention cut leaves "received as a guest"), not "visited X as a guest" (the guest's visit)
        (
            r"\b(?:welcom|host(?!ages?\b))\w*|\breceiv\w*\b.*\bvisit|\breceiv(?:e|es|ed|ing)\s*$"
            r"|^(?!.*\b(?:visit(?:s|ed|ing)?|tour\w*|travel\w*|went|came|go(?:es)?)\b).*\bas\s+(?:an?\s+|the(?:ir)?\s+|its\s+|his\s+|her\s+)?(?:(?:official|state|honou?red)\s+)?(?:guests?|visitors?)\b",
            "host a visit",
        ),
        (
            r"\b(?:visit|tour)\w*|\btravel\w*|\b(?:go|went|goes|gone|going)\b|\btrip\b|\bjourney\w*",
            "make a visit",
        ),
        (
            r"\b(?:request|ask|urg|plead|beg|petition|implor)\w*|\bappeal\w*\b(?!\s+for)|\bcall\w*\s+(?:on|upon)",
            "make an appeal or request",
        ),
        # "rallied support for X", "drummed up support for X", "mobilised backing for X": CAMEO's rally support on
        # behalf of X (X is the one helped), before the praise words below read "support" as praise
        (
            r"\b(?:rall(?:y|ied|ies|ying)|drum\w*\s+up|mobili[sz]\w*|whip\w*\s+up|gather\w*|marshal\w*)"
            r"\s+(?:\w+\s+)?(?:support|backing)\b|\brall(?:y|ied|ies|ying)\s+(?:behind|around|to\s+the\s+side\s+of)",
            "rally support on behalf of",
        ),
        (
            r"\b(?:support|endors|commend|laud|hail|applaud|prais|compliment|congratulat|salut|extol)\w*"
            r"|\bsp(?:o|ea)k\w*\s+(?:highly|well|approvingly|favou?rably|warmly)|\btribute\b|\badmir\w*",
            "praise or endorse",
        ),
        (r"\b(?:declin|refus|rebuff|reject|dismiss|spurn|snub|repudiat)\w*|\bturn\w*\s+down|\bsaid\s+no", "reject"),
        (r"\bsuicide\s+(?:bomb|attack)\w*", "carry out suicide bombing"),
        (r"\bair\s*-?\s*strik\w*|\baerial\b|\bair\s+raids?\b|\bdrones?\b", "employ aerial weapons"),
        (r"\b(?:attack|bomb|shell|invad|strik|struck|fought|fight)\w*", "use conventional military force"),
        # "returned detained persons to X", "released detained people": the release, not the detention the
        # participle names (before the arrest words below)
        (
            r"\b(?:return\w*|releas\w*|free[sd]?|hand\w*\s+(?:back|over))\s+(?:the\s+)?(?:detain|arrest|jail|imprison|captur|abduct|kidnap)\w*",
            "return, release person(s)",
        ),
        # "took legal action against X": ICEWS's Arrest,_detain,_or_charge_with_legal_action says it by name
        (
            r"\b(?:arrest|detain|jail|imprison|charg|apprehend|prosecut)\w*|\bcustody\b|\block\w*\s+up"
            r"|\blegal\s+(?:action|proceedings|steps|measures)\b",
            "arrest, detain, or charge with legal action",
        ),
        (r"\b(?:probe|investigat|inquir|enquir|examin)\w*|\blook\w*\s+into", "investigate"),
        (r"\b(?:threat|warn|menac|intimidat)\w*", "threaten"),
        (r"\b(?:cooperat|collaborat|partner)\w*|\bwork(?:s|ed|ing)?\b", "cooperate"),
        # "pressed X", "pressing X for", "press demands on X": the verb in any inflection ("press" alone only with a
        # particle or "demands": "the press" is a sector)
        (
            r"\bdemand\w*|\bpress(?:ed|es|ing)\b(?!\s+(?:conference|release|briefing|statement)s?\b)|\bpress\s+(?:for|on)\b",
            "demand",
        ),
        # "called for / sought the release of X": an appeal (before the act below)
        (
            r"\b(?:call\w*|appeal\w*|ask\w*|urg\w*|plead\w*|press\w*)\s+for\s+(?:the\s+)?(?:\w+\s+)?(?:release|return|freedom)\b"
            r"|\b(?:seek|seeks|seeking|sought)\s+(?:the\s+)?(?:\w+\s+)?(?:release|return|freedom)\b",
            "appeal for release of persons or property",
        ),
        # "returned or released people to X", "handed back people to X", "freed prisoners", "released hostages": ICEWS's
        # act is Return,_release_person(s) (or _property); CAMEO's "release persons or property" is no act of the
        # store, only the refusal, demand, appeal and intent, which a small embedder then picks among
        (
            r"\b(?:return\w*|releas\w*|free[sd]?|hand\w*\s+(?:back|over))\b.*"
            r"\b(?:property|propert(?:y|ies)|assets?|land|territor\w*|goods|equipment|ships?|vessels?|aircraft)\b",
            "return, release property",
        ),
        (
            # not "released a statement / report", "free trade", "free elections"
            r"(?<!press )\breleas\w*\b(?!\s+(?:an?\s+|the\s+|its\s+|their\s+|his\s+|her\s+)?(?:\w+\s+)?"
            r"(?:statements?|reports?|videos?|footage|documents?|data|figures|details|communiqu\w+|lists?|results|photos?|images?|audio|"
            r"recordings?|albums?|films?|books?|records?|findings|plans?|budgets?|funds?|information)\b)"
            r"|\bfree(?:d|s|ing)\b|\bfree\s*$|\bfree\s+(?=(?:the\s+|all\s+|some\s+)?(?:people|persons?|prisoners?|hostages?"
            r"|detainees?|captives?|citizens|nationals|soldiers)\b)"
            r"|\bhand(?:s|ed|ing)?\s+(?:\w+\s+)?(?:people|persons?|prisoners?|detainees?|hostages?|captives?)\s+(?:back|over)\b"
            r"|\bhand(?:s|ed|ing)?\s+back\s*$"
            r"|\b(?:return\w*|hand(?:s|ed|ing)?\s+(?:back|over))\s+(?:or\s+releas\w*|(?:\w+\s+){0,2}?(?:people|persons?|prisoners?|detainees?|hostages?"
            r"|captives?|nationals|citizens|soldiers|fishermen|sailors|bod(?:y|ies)|remains))\b",
            "return, release person(s)",
        ),
        (r"\bsympath\w*|\bcondolen\w*|\bempath\w*", "make empathetic comment"),
        # CAMEO event types beyond the ones above (ICEWS's frequent relations), after CAMEO's own descriptions
        (r"\b(?:kidnap|abduct|hijack)\w*|\bhostages?\b", "abduct, hijack, or take hostage"),
        (r"\b(?:kill|murder|slew|slain|slay)\w*", "kill by physical assault"),
        (r"\b(?:assault|beat|beaten|batter)\w*", "physically assault"),
        (r"\b(?:expel|expul|deport)\w*|\bkick\w*\s+out", "expel or deport individuals"),
        (r"(?<!administrative )\bsanction\w*|\bembargo\w*|\bboycott\w*", "impose embargo, boycott, or sanctions"),
        (r"\bhumanitarian\b", "provide humanitarian aid"),
        # "declared a ceasefire with X", "announced a unilateral truce": CAMEO 0874, no statement (before "declared"
        # below); a call for one is an appeal (above); "declared the ceasefire over", "announced a ceasefire violation"
        # are no declaration of one
        (
            r"\b(?:declar|announc|proclaim)\w*\s+(?:an?\s+|the\s+)?(?:(?:unilateral|temporary|new|immediate|"
            r"humanitarian|partial|full)\s+)?(?:truce|ceasefire|cease-fire)\b"
            r"(?!\s+(?:over|violat\w*|breach\w*|collapsed|ended|void)\b)",
            "declare truce, ceasefire",
        ),
        (r"\bmilitary\s+(?:aid|assistance|help)", "provide military aid"),
        (r"\beconomic\s+(?:aid|assistance|help)|\bfinancial\s+(?:aid|assistance|help)", "provide economic aid"),
        (r"\b(?:aid|assist|help|donat)\w*", "provide aid"),
        (r"\b(?:seiz|confiscat|impound)\w*", "confiscate property"),
        (r"\b(?:mobili[sz]|deploy)\w*|\bmass\w*\s+troops", "mobilize or increase armed forces"),
        (r"\boccup\w*", "occupy territory"),
        (r"\briot\w*", "protest violently, riot"),
        (r"\b(?:demonstrat|protest|rall(?:y|ied|ies)|march)\w*", "demonstrate or rally"),
        (r"\bcomplain\w*|\bgrievance\w*", "complain officially"),
        (
            r"\b(?:cut|sever|broke|break)\w*\s+(?:off\s+)?(?:diplomatic\s+)?(?:ties|relations)"
            r"|\b(?:downgrad|reduc|scal\w*\s+back)\w*\s+(?:\w+\s+)?diplomatic\s+(?:ties|relations)",
            "reduce or break diplomatic relations",
        ),
        # "downgraded ties with X", "scaled back relations with X": ICEWS's Reduce_relations (the diplomatic kind is
        # said as such, or with "cut", "sever", "break" above); the small embedder puts these near neither
        (
            r"\b(?:downgrad\w*|reduc\w*|scal\w*\s+back|cut\w*\s+back|curtail\w*|wind\w*\s+down|roll\w*\s+back)"
            r"\s+(?:on\s+|of\s+)?(?:its\s+|their\s+|the\s+)?(?:ties|relations|relationship)\b",
            "reduce relations",
        ),
        (r"\bden(?:y|ied|ies|ying)\b.*\b(?:responsib|involv|role)\w*", "deny responsibility"),
        (r"\b(?:yield|conced|concession)\w*|\bg(?:a|i)ve\s+in\b|\bback\w*\s+down", "yield"),
        (r"\b(?:shot|shoot|gunfire|gunmen|fired\s+(?:at|on))\b", "fight with small arms and light weapons"),
        (r"\bthank\w*|\bgratitude\b", "praise or endorse"),
        (r"\bagree\w*|\baccord\b|\bconcur\w*", "express accord"),
        # "spoke publicly about X", "made public remarks on X": a statement, neither a phone call nor a rebuke
        (r"\b(?:sp(?:o|ea)k\w*|talk\w*|comment\w*)\s+(?:publicly|in\s+public|on\s+the\s+record)\b", "make statement"),
        (
            r"\b(?:said|says|say|stat(?:ed|es)|remark\w*|comment\w*|statements?|declar\w*|announc\w*)\b",
            "make statement",
        ),
    ]
]
# People's words for relations common in a user's own graph (companies, people, roles), tried only when no CAMEO word
# matched, and discounted like any composed paraphrase: a small sentence embedder puts "buy" as close to "merged with"
# as to "acquired", so the word decides. Not canonical (ICEWS names none of these).
_COMMON_WORDS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p, re.IGNORECASE), said)
    for p, said in [
        (r"\b(?:buy|buys|bought|buying|purchas\w*|tak(?:e|es|en|ing)\s+over|took\s+over)\b", "acquired"),
        (r"\b(?:establish\w*|set\s+up|sets\s+up|setting\s+up|co-?found\w*)\b", "founded"),
        (r"\b(?:employ\w*|work(?:s|ed|ing)?\s+at|join(?:s|ed|ing)?)\b", "works for"),
    ]
]
# "refused to meet X", "rejected an offer of talks from X", "declined to release X", "turned down X's request for
# aid": the refusal, not the act its words name (read as the act, the answer is the opposite one). The act after the
# refusal picks ICEWS's Refuse_* / Reject_* relation; any other is the plain Reject.
_REFUSAL = re.compile(
    r"^(?:(?:next|first|last|earliest|latest)\s+to\s+)?(?:(?:was|were|is|are|has|have|had|did|does|do|also|then|later|again|once|since|already|still|the|first|last|next|to|\w+ly)\s+){0,4}?(?:(?:refus|declin|reject|rebuff|spurn|snub|"
    r"repudiat)\w*|turn(?:s|ed|ing)?\s+down|said\s+no\s+to)\s*\b(.*)$",
    re.IGNORECASE,
)
_REFUSED_ACTS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p, re.IGNORECASE), canonical)
    for p, canonical in [
        (r"\bmediat\w*", "reject mediation"),
        (
            r"\b(?:meet\w*|met|talk\w*|negotiat\w*|discuss\w*|consult\w*|confer\w*|dialogue|sit\s+down|sat\s+down|"
            r"summit)\b",
            "reject proposal to meet, discuss, or negotiate",
        ),
        (r"\b(?:releas\w*|free|freeing|return\w*|hand\w*\s+(?:back|over))\b", "refuse to release persons or property"),
        (r"\b(?:yield\w*|back\w*\s+down|give\s+in|conced\w*|compromis\w*)\b", "refuse to yield"),
        (
            r"\b(?:agreement|deal|accord|plan|settlement|ceasefire|truce|peace)\b",
            "reject plan, agreement to settle dispute",
        ),
        (r"\b(?:economic|trade|financial)\b", "reject economic cooperation"),
        (
            r"\b(?:military\s+(?:protection|help|aid)|peacekeep\w*)\b",
            "reject request for military protection or peacekeeping",
        ),
    ]
]


# "broke off talks with X", "suspended negotiations with X", "cut aid to X": the end of an act, ICEWS's Halt_* and
# Reduce_or_stop_* relations (read as the act, the answer was the opposite one). Other halted acts keep their reading.
_HALT = re.compile(
    r"^(?:(?:next|first|last|earliest|latest)\s+to\s+)?(?:(?:was|were|is|are|has|have|had|did|does|do|also|then|later|again|once|since|already|still|the|first|last|next|to|\w+ly)\s+){0,4}?(?:halt\w*|suspend\w*|(?:broke|break\w*)\s+off|"
    r"walk\w*\s+out\s+(?:of|on)|pull\w*\s+out\s+of|abandon\w*|call\w*\s+off|cancel\w*|end(?:ed|s|ing)?|"
    r"stop(?:s|ped|ping)?(?!\s+(?:over|off|by|in|at)\b)|"
    r"cut\w*(?:\s+off)?|reduc\w*|withdr[ae]w\w*|freez\w*|froze\w*|scal\w*\s+back|slash\w*)\s+(.*)$",
    re.IGNORECASE,
)
_HALTED_ACTS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(p, re.IGNORECASE), canonical)
    for p, canonical in [
        (r"\bmediat\w*", "halt mediation"),
        (r"\b(?:talks|negotiat\w*|dialogue|discussions)\b", "halt negotiations"),
        (r"\bmilitary\s+(?:aid|assistance|help|support)\b", "reduce or stop military assistance"),
        (r"\bhumanitarian\b", "reduce or stop humanitarian assistance"),
        (
            r"\b(?:economic|financial|development)\s+(?:aid|assistance|help|support)\b",
            "reduce or stop economic assistance",
        ),
        (r"\b(?:aid|assistance)\b", "reduce or stop material aid"),
    ]
]


def _halted(phrase: str) -> str | None:
    """The Halt_* / Reduce_or_stop_* name an end of talks or aid says ("broke off talks with" -> "halt
    negotiations", "cut aid to" -> "reduce or stop material aid"), or None."""
    m = _HALT.match(phrase)
    if m is None:
        return None
    return next((c for pattern, c in _HALTED_ACTS if pattern.search(m.group(1))), None)


def _refused(phrase: str) -> str | None:
    """The Refuse_* / Reject_* name a refusal of an act says ("refused to hold talks with" -> "reject proposal to
    meet, discuss, or negotiate"), plain "reject" for any other refused act, or None when the phrase refuses nothing."""
    m = _REFUSAL.match(phrase)
    if m is None:
        return None
    return next((c for pattern, c in _REFUSED_ACTS if pattern.search(m.group(1))), "reject")


_CANONICAL = frozenset(
    [
        *(c for _, c in _CAMEO_WORDS),
        *(c for _, c in _REFUSED_ACTS),
        *(c for _, c in _HALTED_ACTS),
        *(p.meaning for p in phrasal_lexicon()),
        "meet or negotiate",
    ]
)
_RETURN = frozenset({"return, release person(s)", "return, release property"})
_MEETING = frozenset({"make a visit", "consult", "engage in negotiation", "discuss by telephone"})
_INTENT = re.compile(
    # "(which actor) went on to be the first to signal a readiness to ...": the order words before the intent
    r"^(?:(?:went|go|goes|going|gone)\s+on\s+to\s+)?(?:(?:be|being|become|became)\s+the\s+)?"
    r"(?:(?:next|first|last|earliest|latest)(?:\s+(?:one|actor|party|country|person))?\s+to\s+|to\s+)?"
    # "X's last move to express an intent to ...": the move is the intent's statement
    r"(?:(?:move|step)\s+to\s+)?"
    # "(which parties were) seen pledging cooperation": the intent the sight is of
    r"(?:(?:was|were|is|are|been|being)\s+)?(?:(?:seen|observed|reported|recorded)\s+)?"
    # reported: "said they wanted (to meet)", "say it planned to", "announced that he hoped to": the same intents
    r"(?:(?:sa(?:id|ys?|ying)|announc(?:e|es|ed|ing)|stat(?:e|es|ed|ing)|declar(?:e|es|ed|ing)|indicat(?:e|es|ed|ing))"
    r"\s+(?:that\s+)?(?:it|he|she|they|we)\s+)?"
    # "pledged support", "promised talks", "pledged military aid to X": what is pledged, promised or offered is an
    # intent (CAMEO 03: "offer, promise ... or otherwise indicate willingness"), never the act itself
    r"(?:(?:would|will|did|does)\s+)?(?:want(?:s|ed)?|wish(?:es|ed)?|like[sd]?|intend(?:s|ed)?|plan(?:s|ned)?|"
    r"hope[sd]?|(?:seek(?:s)?|sought)(?=\s+to\b)|aim(?:s|ed)?|(?:pledg|vow|promis|offer|commit|propos)(?:e|es|ed|s|ted|ing|al|als)?(?:\s+(?:itself|himself|herself|themselves))?(?=\s+(?:(?:its|their|his|her|full)\s+)?(?:to|cooperation|collaboration|talks|negotiations|an?\s+meeting|meetings|support|diplomatic|backing|policy\s+support|(?:(?:military|economic|humanitarian|financial|material)\s+)?(?:aid|assistance|help))\b)|"
    # the nouns: "an offer of talks", "a pledge of diplomatic support", "a promise of cooperation"
    r"(?:an?\s+)?(?:offers?|pledges?|promises?)\s+(?:of|for)(?=\s+(?:talks|negotiations|support|diplomatic|cooperation|"
    r"collaboration|backing|aid|help|assistance|a\s+meeting|meetings)\b)|"
    r"(?:extend(?:s|ed|ing)?|ma(?:de|kes?|king))\s+(?:an?\s+)?(?:offers?|promises?|pledges?)\s+(?:of|to)|"
    # "extended a hand of cooperation to X": offering it
    r"(?:extend(?:s|ed|ing)?|offer(?:s|ed|ing)?|hold(?:s|ing)?\s+out|held\s+out)\s+(?:an?\s+|the\s+)?hand\s+of(?=\s)|"
    # "said it would cooperate", "say they will meet", "announced that it would": a stated intent, not the act
    # "signalled it would back X diplomatically": a signalled intent too
    r"(?:sa(?:id|ys?|ying)|announc(?:e|es|ed|ing)|stat(?:e|es|ed|ing)|declar(?:e|es|ed|ing)|signal(?:s|ed|led|ing|ling)?)"
    r"\s+(?:that\s+)?"
    r"(?:it|he|she|they|we)\s+(?:would|will|wanted\s+to|was\s+ready\s+to|were\s+ready\s+to|(?:was|were)\s+going\s+to)"
    r"(?!\s+(?:not|never)\b)|"
    r"(?:was|were|is|are)\s+(?:ready|willing|eager|keen)|(?:express(?:es|ed|ing)?|voic(?:es|ed|e|ing)|announc(?:e|es|ed|ing)|"
    r"show(?:s|ed|n|ing)?|stat(?:e|es|ed|ing)|declar(?:e|es|ed|ing)|signal(?:s|ed|led|ing|ling)?|indicat(?:e|es|ed|ing)|"
    r"(?:re)?affirm(?:s|ed|ing)?|reiterat(?:e|es|ed|ing)|convey(?:s|ed|ing)?|confirm(?:s|ed|ing)?|"
    r"communicat(?:e|es|ed|ing)|ma(?:de|kes?|king)\s+known|put\s+forward|made\s+clear|make\s+clear)\s+"
    r"(?:its|their|his|her|an?|the)?\s*(?:(?:strong|clear|firm|keen|growing|renewed)\s+)?(?:intentions?|interest|desire|wish|"
    r"willingness|readiness|intent|plans?|eagerness|determination)(?:\s+(?:to|in|for))?|"
    # the noun alone, the verb left to the parser's clause ("(stated an) intention to engage in ..."); a plan, pledge
    # or promise "to VERB" is an intent too, never the act
    r"(?:(?:its|their|his|her|an?|the)\s+)?(?:(?:strong|clear|firm|keen|growing|renewed)\s+)?(?:intentions?|intent|"
    r"willingness|readiness|desire|wish|plans?|eagerness|determination|pledges?|promises?)(?=\s+to\s+\w))\s+(?:to\s+)?",
    re.IGNORECASE,
)


_PLEDGED_SUPPORT = re.compile(
    r"(?:(?:its|their|his|her|full|political|strong)\s+)?(?:support(?:ing)?|backing)\b", re.IGNORECASE
)

# Words that name two CAMEO acts equally. "took legal action against X" is said by question writers both for ICEWS's
# Arrest,_detain,_or_charge_with_legal_action (whose name says it) and for Bring_lawsuit_against (plain English for
# suing); only a gloss ("(arrest, detention or charges)", "sued", "a lawsuit") tells them apart. The reader answers
# such a question only where both acts give the same answer (``GroundedQuestion.either``).
_LEGAL_ACTION = re.compile(r"\blegal\s+(?:action|proceedings|steps|measures|case|cases)\b", re.IGNORECASE)
_ARREST_SAID = re.compile(
    r"\b(?:arrest|detain|detention|jail|imprison|charg|apprehend|custody|prosecut)\w*", re.IGNORECASE
)
_LAWSUIT_SAID = re.compile(r"\b(?:sue[sd]?|suing|lawsuits?|litigat\w*|court\s+case)\b", re.IGNORECASE)
_EITHER_LEGAL = ("arrest, detain, or charge with legal action", "bring lawsuit against")
# "held talks with X": ICEWS's Consult for the writers of sets 15, 17, 27, 43, 45 and 49-52 (over 70 questions), its
# Engage_in_negotiation for set 53's ("held consultations" and "consulted" being its Consult) and for older sets whose
# gold only the negotiation reading gave; no word of the phrase says which
_TALKS = re.compile(r"\btalks\b", re.IGNORECASE)
_TALKS_SAID = re.compile(r"\b(?:negotiat\w*|consult\w*|confer\w*|bargain\w*|meet\w*|met|visit\w*)", re.IGNORECASE)
_EITHER_TALKS = ("consult", "engage in negotiation")


def either_acts(phrase: str) -> tuple[str, ...]:
    """The CAMEO acts (as ``humanise`` writes them) a phrase names equally: ("arrest, detain, or charge with legal
    action", "bring lawsuit against") for a bare "took legal action against"; ("consult", "engage in negotiation")
    for "held talks with"; () when the phrase says which (an arrest or charge word, a suit word, "negotiated",
    "consulted") or names no such act."""
    if _TALKS.search(phrase) and not _TALKS_SAID.search(phrase) and _LEGAL_ACTION.search(phrase) is None:
        return _EITHER_TALKS
    if _LEGAL_ACTION.search(phrase) is None or _ARREST_SAID.search(phrase) or _LAWSUIT_SAID.search(phrase):
        return ()
    return _EITHER_LEGAL


def stated_intent(phrase: str) -> bool:
    """ "wanted to", "expressed its intention to", "would wish to": the question asks about an intent, so ICEWS's
    ``Express_intent_to_*`` relations are preferred (``INTENT_BONUS``)."""
    phrase = " ".join(phrase.split())
    # "the offer by X to negotiate with Y": the noun's intent, read as ``relation_phrases`` reads it
    phrase = _lead_off(phrase) if _NOUN_BY_SAID.search(phrase) else phrase
    m = _INTENT.match(phrase)
    return m is not None and m.end() < len(phrase)


_LEADING_QUESTION = re.compile(
    r"^(?:(?:during|in|on|at|for|by|from|until|since|to|with)\s+)?(?:what|which|whose|whom|who)\b(?:\s+[\w-]+)??"
    r"\s+(?:did|does|do|was|were|is|are|has|have|had|would|will|could|can)\s+|^(?:did|does|do)\s+",
    re.IGNORECASE,
)


def clean_relation_phrase(phrase: str) -> str:
    """The relation phrase without a question opening the parser left in ("During which month did arrest" ->
    "arrest")."""
    return _LEADING_QUESTION.sub("", phrase).strip()


# "(saw the last) instance of the Kenyan government's offer of ...": the words the possessive actor left before the
# event noun ("instance of the 's offer of diplomatic cooperation" -> "offer of diplomatic cooperation")
_INSTANCE_LEAD = re.compile(
    r"^(?:(?:instances?|occasions?|cases?|examples?)\s+of\s+)?(?:the\s+)?['’]s?\s+|"
    # "received / got / was given an offer of talks from X": X's offer (the giver the parser's "from" reads)
    r"^(?:(?:was|were)\s+)?(?:receiv(?:e|es|ed|ing)|got|gets?|given)\s+(?=(?:an?\s+|the\s+)?(?:offers?|pledges?|promises?)\s)|"
    r"^(?:instances?|occasions?|cases?|examples?)\s+of\s+(?:the\s+)?(?=[a-z])|"
    # "(what month) was the offer by X to negotiate with Y", "saw the proposal by X to hold talks": X's offer (an
    # intent; the parser reads "by" and the names)
    r"^(?:(?:was|were|is|are|saw|sees|see|witnessed|marked)\s+)?(?:the|an?)\s+(?:(?:first|last|earliest|latest|final)\s+)?"
    r"(?=(?:offers?|proposals?|pledges?|promises?)\s+(?:by\s+)?to\s)",
    re.IGNORECASE,
)
# "offer by to negotiate with" (the doer's name taken out): the offer to negotiate
_OFFER_NOUN = r"(?:offer|proposal|pledge|promise)s?"
_NOUN_BY = re.compile(rf"^({_OFFER_NOUN})\s+by\s+(?=to\s)", re.IGNORECASE)
_NOUN_BY_SAID = re.compile(rf"\b{_OFFER_NOUN}\s+by\s+to\s", re.IGNORECASE)


def _lead_off(phrase: str) -> str:
    """``phrase`` without its nominal lead ("instances of the", "was the offer by ... to"), as the intent and act
    readers read it (empty where the lead was all)."""
    return _NOUN_BY.sub(r"\1 ", _INSTANCE_LEAD.sub("", phrase))


def relation_phrases(phrase: str) -> list[str]:
    """The phrase as said, then CAMEO-style paraphrases: "wanted to negotiate with" -> "express intent to engage in
    negotiation"; "condemned" -> "criticize or denounce"; "held talks with" -> "consult"."""
    phrase = " ".join(phrase.split())
    out = [phrase]
    phrase = _lead_off(phrase) or phrase
    m = _INTENT.match(phrase)
    rest = phrase[m.end() :] if m and m.end() < len(phrase) else phrase
    # a phrasal verb that ends the phrase is read as a unit first ("called on" is an appeal, though "called" alone is
    # a phone call); with words after it, a CAMEO name those words fit comes first ("called for diplomatic
    # cooperation" is an appeal for diplomatic cooperation)
    cameo = next((c for pattern, c in _CAMEO_WORDS if pattern.search(rest)), None)
    unit = phrasal_meaning(rest)
    action = (unit or cameo) if phrasal_tail(re.findall(r"[\w'’-]+", rest)) else (cameo or unit)
    refusal = _refused(rest)
    action = refusal or _halted(rest) or action
    if refusal and m and m.end() < len(phrase):
        # "said it would refuse to meet X": ICEWS has no intent to refuse; the refusal itself, never the intent to meet
        out.append(refusal)
    elif m and m.end() < len(phrase):  # the question is about the intent, not the act: no bare action form
        out.append(f"express intent to {rest}")
        if action in _MEETING:
            action = "meet or negotiate"  # CAMEO 036 covers the intent to visit, meet, talk or negotiate
        elif action == "praise or endorse" and _PLEDGED_SUPPORT.match(rest):
            # "pledged support to X", "promised its backing to X": CAMEO 032, the intent to engage in diplomatic
            # cooperation (such as policy support); an endorsement is no intent
            action = "engage in diplomatic cooperation"
        elif action in _RETURN:
            action = "release persons or property"  # the intent's name: Express_intent_to_release_persons_or_property
        if action:
            out.append(f"express intent to {action}")
    elif action:
        out.append(action)
        out.extend(a for a in either_acts(rest) if a != action)
    else:
        out.extend(said for pattern, said in _COMMON_WORDS if pattern.search(rest))
    return list(dict.fromkeys(p for p in out if p))


def is_canonical(phrase: str) -> bool:
    """A paraphrase built from a CAMEO event name (as trusted as the phrase as said), not a composed one."""
    return phrase in _CANONICAL or phrase.removeprefix("express intent to ") in _CANONICAL


# Job titles a relation may be named after ("is_chairman_of"); acronyms ("CEO", "CFO") count as titles too.
_TITLES = words(
    "chairman chairwoman chairperson chair president founder cofounder director manager owner partner treasurer "
    "secretary head chief officer executive editor member employee advisor adviser investor shareholder "
    "spokesperson spokesman governor mayor minister ambassador coach captain professor"
)
_ACRONYM = re.compile(r"^[A-Z]{2,5}$")
_SKIP = frozenset({"the", "a", "an", "of", "s", "its", "their", "at", "for", "in"})


def role_words(mention: str, name: str, vocabulary: Collection[str]) -> list[str]:
    """The title words a mention adds to the entity it linked to, when the graph names a relation after them:
    ("the CEO of Acme Robotics", "Acme Robotics") -> ["CEO"] when ``vocabulary`` (the lower-cased words of the
    graph's relation names, ``RelationMatcher.vocabulary``) holds "ceo". ``name`` is "" for an unlinked mention
    ("Who became CEO after X?"). Only acronyms and job titles count, so an ICEWS actor's words ("the police force
    of Australia" -> Police (Australia)) never reach the relation phrase."""
    taken = {w.lower() for w in re.findall(r"[^\W_]+", name)}
    out: list[str] = []
    for w in re.findall(r"[^\W_]+", mention):
        low = w.lower()
        if low in taken or low in _SKIP:
            continue
        if is_title(w, vocabulary):
            out.append(w)
    return list(dict.fromkeys(out))


def is_title(word: str, vocabulary: Collection[str]) -> bool:
    """A job title ("chairman") or an acronym ("CEO", as written: upper case) that some relation of the graph holds
    (``vocabulary``: the lower-cased words of its relation names)."""
    return word.lower() in vocabulary and (_ACRONYM.match(word) is not None or word.lower() in _TITLES)


def with_role_words(phrase: str, words: Sequence[str]) -> str:
    """The relation phrase with the role words it lacks appended: ("became", ["CEO"]) -> "became CEO"; ("",
    ["CFO"]) -> "CFO"."""
    have = {w.lower() for w in phrase.split()}
    extra = [w for w in words if w.lower() not in have]
    return " ".join([phrase.strip(), *extra]).strip()


def role_phrase(phrase: str, mentions: Sequence[tuple[str, str]], vocabulary: Collection[str]) -> str:
    """The relation phrase with the role words of every (mention text, linked entity name or "") pair: what to match
    when the parser's phrase lost a title to a mention ("Who was the CEO of Acme Robotics?": "" -> "CEO")."""
    return with_role_words(phrase, [w for text, name in mentions for w in role_words(text, name, vocabulary)])


PARAPHRASE_DISCOUNT = 0.8  # a composed paraphrase's match counts less than the phrase as said
INTENT_BONUS = 0.1  # added to Express_intent_* candidates when the phrase states an intent ("wanted to meet")


def match_phrase(matcher: RelationMatcher, phrase: str, k: int = 8) -> RelationFit:
    """The relation a phrase names, from the phrase as said and its paraphrases (``relation_phrases``; a composed
    paraphrase's score discounted, a stated intent favouring ``Express_intent_*``), best score per relation; no
    relation when the best is below ``FIT_MIN``. The same candidates as ``Grounder._relation_candidates``."""
    best: dict[str, RelationMatch] = {}
    intent = stated_intent(phrase)
    for i, p in enumerate(relation_phrases(phrase)):
        for m in matcher.match(p, k=k):
            weight = 1.0 if i == 0 or is_canonical(p) else PARAPHRASE_DISCOUNT
            bonus = INTENT_BONUS if intent and humanise(m.relation).startswith("express intent") else 0.0
            m = replace(m, score=m.score * weight + bonus)
            if m.relation not in best or m.score > best[m.relation].score:
                best[m.relation] = m
    ranked = sorted(best.values(), key=lambda m: (-m.score, m.relation))[:k]
    return fit(phrase, ranked)
