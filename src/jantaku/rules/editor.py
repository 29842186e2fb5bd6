"""The rules as a rules editor shows them: each option's group, short label and one-line explanation in English
and Japanese, the words for its values, and which rules it belongs to (a family, a number of players); and each
preset's name and summary in both languages.

``descriptions`` says what every option means for a reader of ``docs/rules.md`` (sources, reasons); this module
says it in a line a player reads beside a control, in the page's two languages. ``editor_json()`` is what
``GET /api/options`` serves: the browser builds its editor and its "rules in force" from it and keeps no copy of
these texts. ``missing_texts()`` holds the tables to ``RuleSet``, ``CHOICES``, the set-valued options and the
presets, so a new option, value or preset without its words in both languages fails a test.
"""

from __future__ import annotations

import dataclasses
from typing import Any, NamedTuple

from jantaku.rules.descriptions import BY_NAME, IDENTITY
from jantaku.rules.presets import PRESETS
from jantaku.rules.ruleset import ABORTIVE_DRAWS, CHOICES, DOUBLE_YAKUMAN_FORMS, PAO_YAKU, RANGES, RuleSet

#: the languages every text is written in (the client's i18n.js has the same two)
LANGUAGES: tuple[str, ...] = ("en", "ja")

#: The editor's groups in the order it shows them: key -> (English, Japanese).
GROUPS: dict[str, tuple[str, str]] = {
    "match": ("Match", "対局"),
    "dora": ("Dora", "ドラ"),
    "calls": ("Calls", "鳴き"),
    "riichi": ("Riichi", "立直"),
    "draws": ("Wins, draws and aborts", "和了・流局"),
    "yakuman": ("Yakuman", "役満"),
    "payments": ("Scoring and payments", "得点・支払い"),
}

RIICHI, ZUNG_JUNG = "riichi", "zung-jung"


class OptionText(NamedTuple):
    """One option in a rules editor: its group, short label and one-line summary in both languages, and the rules
    it applies to (``family`` "" = both families; ``players`` 0 = any number, 3 or 4 = only that many)."""

    group: str
    en: str
    ja: str
    summary_en: str
    summary_ja: str
    family: str = ""
    players: int = 0


def _o(
    group: str, en: str, ja: str, summary_en: str, summary_ja: str, family: str = RIICHI, players: int = 0
) -> OptionText:
    """Most options are riichi rules: the default family."""
    return OptionText(group, en, ja, summary_en, summary_ja, family, players)


#: Every option of ``RuleSet`` but the identity fields, in the editor's words.
TEXTS: dict[str, OptionText] = {
    # match
    "family": _o(
        "match",
        "Rules family",
        "ルール体系",
        "Riichi (yaku, han and fu) or Zung Jung (a table of patterns)",
        "リーチ麻雀（役・翻・符）か中庸麻雀（役の点数表）",
        "",
    ),
    "players": _o(
        "match",
        "Players",
        "人数",
        "3 players = sanma: 2m to 8m removed, no chi",
        "3人 = 三人麻雀：二萬〜八萬を抜き、チーなし",
        "",
    ),
    "length": _o(
        "match",
        "Length",
        "対局の長さ",
        "East only (one wind round) or East-South (two)",
        "東風戦（東場のみ）か半荘戦（東場と南場）",
    ),
    "zj_hands": _o(
        "match",
        "Hands",
        "局数",
        "Hands in a game; the dealer passes after every hand",
        "1対局の局数（毎局、親が移る）",
        ZUNG_JUNG,
    ),
    "start_points": _o(
        "match", "Starting points", "配給原点", "Each player's score at the start", "開始時の各自の持ち点", ""
    ),
    "return_points": _o(
        "match",
        "Return points (oka)",
        "返し点（オカ）",
        "First place receives (return − start) × players; equal to the start: no oka",
        "トップが（返し点 − 配給原点）× 人数を受け取る。配給原点と同じならオカなし",
    ),
    "target_points": _o(
        "match",
        "Target",
        "目標点",
        "First place must reach this after the last hand, or the game goes on (0 = no target)",
        "オーラス終了時にトップがこの点に届かなければ延長（0 = なし）",
    ),
    "extension": _o(
        "match",
        "Extension",
        "延長戦",
        "What happens when nobody reached the target",
        "目標点に誰も届かなかったときの延長",
    ),
    "bust": _o(
        "match", "Bust", "トビ終了", "The game ends when a score drops below 0", "誰かの持ち点が0未満になったら終了"
    ),
    "last_dealer_stop": _o(
        "match",
        "Last dealer stop",
        "アガリやめ",
        "In the last hand a dealer who wins and is first may end the game",
        "オーラスで和了した親がトップなら終了できる",
    ),
    "last_dealer_stop_tenpai": _o(
        "match",
        "Stop on tenpai too",
        "テンパイやめ",
        "The last-dealer stop also applies to a dealer tenpai at a draw",
        "流局時に親がテンパイのときもアガリやめと同じく終了",
    ),
    "tie_break": _o(
        "match",
        "Tied scores",
        "同点の順位",
        "Equal final scores: placed by seat order, or the places shared",
        "同点のとき：起家に近い順、または順位を分け合う",
        "",
    ),
    "uma": _o(
        "match", "Uma", "ウマ", "Points added by final place, first to last", "順位に応じて加える点（1位から順に）", ""
    ),
    "time_limits": _o(
        "match",
        "Match clock",
        "時間制限",
        "After a set time the next hand is the last; later the game ends",
        "一定時間で次の局が最終局、さらに経過すると打ち切り",
        "",
    ),
    "last_hand_after_minutes": _o(
        "match",
        "Last hand after (minutes)",
        "最終局までの時間（分）",
        "With the match clock: after this many minutes the next hand is the last (0 = never)",
        "時間制限あり：この時間を過ぎたら次の局が最終局（0 = なし）",
        "",
    ),
    "end_after_minutes": _o(
        "match",
        "Game ends after (minutes)",
        "打ち切りまでの時間（分）",
        "With the match clock: the game ends at once, unrecorded (0 = never)",
        "時間制限あり：この時間で即終了、記録なし（0 = なし）",
        "",
    ),
    "superpowers": _o(
        "match",
        "Superpowers",
        "超能力",
        "Each seat holds one superpower (a Superpower match)",
        "各席が超能力を1つ持つ（超能力戦）",
    ),
    # dora
    "red_fives": _o(
        "dora",
        "Red fives",
        "赤ドラ",
        "How many red 5m, 5p and 5s; each is a dora",
        "赤五萬・赤五筒・赤五索の枚数（1枚1翻）",
    ),
    "ura_dora": _o(
        "dora",
        "Ura dora",
        "裏ドラ",
        "A riichi winner turns the ura dora indicators",
        "立直して和了すると裏ドラをめくる",
    ),
    "kan_dora": _o("dora", "Kan dora", "カンドラ", "Each kan turns a new dora indicator", "カンのたびに新ドラをめくる"),
    "kan_ura_dora": _o(
        "dora", "Kan ura dora", "カン裏", "Each kan adds an ura dora indicator too", "カンのたびに裏ドラも1枚増える"
    ),
    "kan_dora_timing": _o(
        "dora",
        "Kan dora timing",
        "カンドラをめくる時",
        "When a kan's new indicator is turned",
        "カンドラ表示牌をめくるタイミング",
    ),
    "kan_dora_on_rinshan_win": _o(
        "dora",
        "Kan dora on a rinshan win",
        "嶺上開花のカンドラ",
        "An open kan's pending indicator is turned when its caller wins on the replacement",
        "明槓・加槓の嶺上牌で和了したとき、まだの新ドラもめくる",
    ),
    "show_dora_tiles": _o(
        "dora",
        "Show the dora itself",
        "ドラそのものを表示",
        "The table shows the dora tiles instead of their indicators",
        "ドラ表示牌の代わりにドラになる牌を表示",
    ),
    # calls
    "chi": _o(
        "calls",
        "Chi",
        "チー",
        "A run may be called from the left player's discard",
        "上家の捨て牌で順子を鳴ける",
        "",
        4,
    ),
    "kuikae": _o(
        "calls",
        "Kuikae",
        "喰い替え",
        "Right after a call, discarding the called tile or the run's other end",
        "鳴いた直後に、鳴いた牌やその筋の牌を捨てること",
    ),
    "kan_on_last_tile": _o(
        "calls",
        "Kan on the last tile",
        "最後の牌でのカン",
        "A kan may be declared on the wall's last tile",
        "山の最後の牌でカンできる",
        "",
    ),
    "chankan_closed_kan_kokushi": _o(
        "calls",
        "Kokushi robs a concealed kan",
        "国士無双の暗槓ロン",
        "Thirteen orphans may win on another's concealed kan",
        "国士無双は暗槓された牌でもロンできる",
    ),
    "north_extraction": _o(
        "calls",
        "North extraction",
        "北抜き",
        "3 players: a North may be set aside as a dora",
        "三人麻雀：北を抜いてドラにできる",
        RIICHI,
        3,
    ),
    "max_replacements": _o(
        "calls",
        "Replacement draws",
        "嶺上牌の枚数",
        "Kans, and North extractions with 3 players, allowed in one hand",
        "1局でできるカン（三人麻雀は北抜きも）の回数",
    ),
    # riichi
    "riichi_min_points": _o(
        "riichi",
        "Points needed",
        "立直に必要な点数",
        "A player needs this many points to declare riichi",
        "立直宣言に必要な持ち点",
    ),
    "riichi_min_live_tiles": _o(
        "riichi",
        "Tiles left needed",
        "立直に必要な残り枚数",
        "Live tiles that must be left to declare riichi",
        "立直宣言に必要な山の残り枚数",
    ),
    "furiten_riichi": _o(
        "riichi",
        "Furiten riichi",
        "フリテン立直",
        "Riichi may be declared on a furiten wait",
        "フリテンの待ちで立直できる",
    ),
    "karaten_riichi": _o(
        "riichi",
        "Karaten riichi",
        "空聴立直",
        "Riichi may be declared on a wait with no tile left",
        "待ち牌が残っていない待ちで立直できる",
    ),
    "riichi_kan": _o(
        "riichi",
        "Kan after riichi",
        "立直後の暗槓",
        "When a concealed kan is allowed after riichi",
        "立直後に暗槓できる条件",
    ),
    # wins, draws and aborts
    "double_ron": _o("draws", "Double ron", "ダブロン", "Two players ron the same tile", "2人が同じ牌でロンしたとき"),
    "triple_ron": _o(
        "draws", "Triple ron", "トリプルロン", "Three players ron the same tile", "3人が同じ牌でロンしたとき"
    ),
    "deposits_to": _o(
        "draws",
        "Deposits on a multiple ron",
        "複数ロンの供託",
        "Who of several winners takes the honba and the deposits",
        "積み棒と供託を受け取る和了者",
    ),
    "zj_win_priority": _o(
        "draws",
        "Two winners",
        "同時和了",
        "Two players win on one discard: who wins",
        "同じ捨て牌で2人が和了したときに優先する人",
        ZUNG_JUNG,
    ),
    "abortive_draws": _o("draws", "Abortive draws", "途中流局", "The abortive draws in force", "採用する途中流局"),
    "fifth_kan_abort": _o(
        "draws", "Fifth kan aborts", "五槓目で流局", "A fifth kan is an abortive draw", "5回目のカンで途中流局"
    ),
    "nagashi_mangan": _o(
        "draws",
        "Nagashi mangan",
        "流し満貫",
        "At a draw, a river of terminals and honours, none called, is paid a mangan",
        "流局時、捨て牌がすべて么九牌で鳴かれていなければ満貫",
    ),
    "tenpai_declaration": _o(
        "draws",
        "Declare tenpai",
        "テンパイ宣言",
        "At a draw players choose to show a tenpai hand",
        "流局時にテンパイを宣言（手牌を公開）するか選ぶ",
    ),
    # yakuman
    "kazoe_yakuman": _o(
        "yakuman",
        "Counted yakuman",
        "数え役満",
        "13 han or more is a yakuman (off: sanbaiman)",
        "13翻以上で役満（なしなら三倍満止まり）",
    ),
    "multiple_yakuman": _o(
        "yakuman",
        "Multiple yakuman",
        "役満の複合",
        "Several yakuman in one hand add up",
        "1つの手の複数の役満を加算する",
    ),
    "max_yakuman": _o(
        "yakuman",
        "Yakuman cap",
        "役満の上限",
        "The most yakuman that add up in one hand (0 = no cap)",
        "1つの手で加算する役満の上限（0 = なし）",
    ),
    "double_yakuman": _o(
        "yakuman", "Double yakuman", "ダブル役満", "The yakuman forms that count double", "ダブル役満とする形"
    ),
    "renhou_yakuman": _o(
        "yakuman",
        "Blessing of Man",
        "人和",
        "A ron before the winner's first draw is a yakuman",
        "第一ツモ前のロンを役満とする",
    ),
    "pao": _o(
        "yakuman",
        "Liability (pao)",
        "責任払い（パオ）",
        "The yakuman whose last set's feeder pays for it",
        "最後の面子を鳴かせた人が払う役満",
    ),
    "pao_honba": _o(
        "yakuman",
        "Liability honba",
        "パオの積み棒",
        "Who pays the honba on a liability ron",
        "責任払いのロンで積み棒を払う人",
    ),
    # scoring and payments
    "honba_per_payer": _o(
        "payments",
        "Honba (each payer)",
        "積み棒（1人あたり）",
        "Points per honba counter for each payer's share",
        "積み棒1本につき各支払者が払う点",
    ),
    "noten_total": _o(
        "payments",
        "Noten payment",
        "ノーテン罰符",
        "What noten players pay tenpai players at a draw, in all",
        "流局時にノーテン者がテンパイ者へ払う合計",
    ),
    "kuitan": _o("payments", "Open tanyao", "喰いタン", "All simples counts in an open hand", "鳴いても断幺九がつく"),
    "double_wind_fu": _o(
        "payments",
        "Double wind pair",
        "連風牌の雀頭",
        "Fu of a pair of the seat and round wind",
        "自風かつ場風の雀頭の符",
    ),
    "kiriage": _o(
        "payments",
        "Kiriage mangan",
        "切り上げ満貫",
        "30 fu 4 han and 60 fu 3 han round up to mangan",
        "30符4翻と60符3翻を満貫に切り上げる",
    ),
    "rinshan_haitei_stack": _o(
        "payments",
        "Rinshan with haitei",
        "嶺上開花と海底の複合",
        "A win on the last tile that is a kan replacement counts both",
        "最後の嶺上牌での和了に両方の役がつく",
    ),
    "sanma_tsumo_loss": _o(
        "payments",
        "Tsumo loss",
        "ツモ損",
        "3 players: a self-draw pays as with 4 and the missing share is lost",
        "三人麻雀：ツモは4人打ちと同じ支払いで、いない席の分は消える",
        RIICHI,
        3,
    ),
    "chicken_hand_points": _o(
        "payments", "Chicken hand", "鶏和", "The value of a win with no pattern", "役のない和了の点数", ZUNG_JUNG
    ),
    "score_cap": _o(
        "payments",
        "Score cap",
        "点数の上限",
        "The most a hand is worth (0 = no cap)",
        "1回の和了の点数の上限（0 = なし）",
        ZUNG_JUNG,
    ),
}

#: The words for each value a choice or set option takes: option -> value -> (English, Japanese).
VALUES: dict[str, dict[str, tuple[str, str]]] = {
    "family": {"riichi": ("Riichi", "リーチ麻雀"), "zung-jung": ("Zung Jung", "中庸麻雀")},
    "length": {"east": ("East only", "東風戦"), "east-south": ("East-South", "半荘戦")},
    "extension": {
        "none": ("None", "なし"),
        "one-round-sudden-death": ("One more round, sudden death", "次の場へ延長（サドンデス）"),
        "until-west-4": ("West round, up to West 4", "西入（西4局まで）"),
        "tie-break": ("Extra hands while first is tied", "トップ同点の間は延長"),
    },
    "last_dealer_stop": {
        "off": ("Off", "なし"),
        "first": ("When first", "トップなら"),
        "first-and-target": ("When first and at the target", "トップかつ目標点以上なら"),
    },
    "tie_break": {"seat": ("By seat order", "起家に近い順"), "shared": ("Shared places", "同順位で分け合う")},
    "kan_dora_timing": {
        "standard": ("Concealed kan at once, others after the discard", "暗槓は即、明槓・加槓は打牌後"),
        "immediate": ("At once for every kan", "すべて即めくり"),
    },
    "kuikae": {"both-forbidden": ("Forbidden", "禁止"), "allowed": ("Allowed", "あり")},
    "riichi_kan": {
        "waits": ("If the waits stay the same", "待ちが変わらなければ可"),
        "waits-and-arrangement": ("If the waits and the hand's reading stay", "待ちも面子構成も変わらなければ可"),
        "never": ("Never", "不可"),
    },
    "double_ron": {"all-win": ("Both win", "両方和了"), "head-bump": ("Head bump", "頭ハネ")},
    "triple_ron": {
        "all-win": ("All three win", "3人とも和了"),
        "head-bump": ("Head bump", "頭ハネ"),
        "abort": ("Abortive draw", "途中流局（三家和）"),
    },
    "deposits_to": {
        "nearest-discarder": ("Nearest the discarder", "放銃者に近い和了者"),
        "nearest-dealer": ("Nearest the dealer", "親に近い和了者"),
    },
    "pao_honba": {"discarder": ("The discarder", "放銃者"), "liable": ("The liable player", "責任者")},
    "zj_win_priority": {
        "nearest-dealer": ("Nearest the dealer", "親に近い人"),
        "next-after-discarder": ("Next after the discarder", "放銃者の下家"),
    },
    "abortive_draws": {
        "nine_terminals": ("Nine terminals", "九種九牌"),
        "four_winds": ("Four winds", "四風連打"),
        "four_kans": ("Four kans", "四槓散了"),
        "four_riichi": ("Four riichi", "四家立直"),
        "triple_ron": ("Triple ron", "三家和"),
        "fifth_kan": ("Fifth kan", "五槓目"),
    },
    "double_yakuman": {
        "suuankou_tanki": ("Four concealed triplets, single wait", "四暗刻単騎"),
        "junsei_chuuren": ("Pure nine gates", "純正九蓮宝燈"),
        "kokushi_13": ("Thirteen orphans, 13-sided wait", "国士無双十三面待ち"),
        "daisuushii": ("Big four winds", "大四喜"),
    },
    "pao": {
        "daisangen": ("Big three dragons", "大三元"),
        "daisuushii": ("Big four winds", "大四喜"),
        "suukantsu": ("Four kans", "四槓子"),
    },
}

#: The options that hold a set of names, with every name they may hold.
SETS: dict[str, frozenset[str]] = {
    "abortive_draws": ABORTIVE_DRAWS,
    "double_yakuman": DOUBLE_YAKUMAN_FORMS,
    "pao": PAO_YAKU,
}

#: The names of a list option's numbers (one input each): option -> [(English, Japanese)]; uma has one per place.
LIST_ITEMS: dict[str, tuple[tuple[str, str], ...]] = {
    "red_fives": (("5m", "萬"), ("5p", "筒"), ("5s", "索")),
    "uma": (("1st", "1位"), ("2nd", "2位"), ("3rd", "3位"), ("4th", "4位")),
}


class PresetText(NamedTuple):
    """A preset's name and one-line summary in both languages. The summary leaves the length out: a room may pick
    another, and the room shows its own."""

    en: str
    ja: str
    summary_en: str
    summary_ja: str


PRESET_TEXTS: dict[str, PresetText] = {
    "standard": PresetText(
        "Standard",
        "標準",
        "Party mahjong for 4: red fives, counted and double yakuman, no nagashi",
        "4人のパーティー麻雀：赤ドラ、数え役満とダブル役満あり、流し満貫なし",
    ),
    "sanma": PresetText(
        "Sanma",
        "三人麻雀",
        "3-player party mahjong: 2m to 8m removed, no chi, North extraction",
        "3人のパーティー麻雀：二萬〜八萬抜き、チーなし、北抜きあり",
    ),
    "superpower": PresetText(
        "Superpower",
        "超能力戦",
        "The standard rules, and each seat holds one superpower",
        "標準ルールに加え、各席が超能力を1つ持つ",
    ),
    "classic": PresetText(
        "Classic",
        "クラシック",
        "A Japanese site's house rules: head bump, kiriage, one yakuman at most, Blessing of Man",
        "日本のネット麻雀のルール：頭ハネ、切り上げ満貫、役満の複合なし、人和あり",
    ),
    "classic-east": PresetText(
        "Classic East", "クラシック東風", "Classic, East round only, with two red 5p", "クラシックの東風戦、赤五筒2枚"
    ),
    "doman": PresetText(
        "Doman",
        "ドマ",
        "An online RPG's riichi: nagashi mangan, triple ron aborts, a match clock",
        "オンラインゲームの麻雀：流し満貫、三家和で流局、対局時間の制限",
    ),
    "doman-nokuitan": PresetText(
        "Doman, no open tanyao", "ドマ（喰いタンなし）", "Doman without open tanyao", "ドマのルールで喰いタンなし"
    ),
    "bga": PresetText(
        "Board-game site",
        "ボードゲームサイト",
        "A board-game site's riichi: every abortive draw, tenpai buttons, kan dora at once",
        "ボードゲームサイトの麻雀：途中流局すべて、テンパイ宣言、カンドラ即めくり",
    ),
    "tenhou": PresetText(
        "Tenhou",
        "天鳳",
        "The online standard, as Tenhou's recorded games show it",
        "ネット麻雀の標準、天鳳の牌譜どおり",
    ),
    "tenhou-sanma": PresetText(
        "Tenhou sanma",
        "天鳳三麻",
        "Tenhou's 3-player rules, as its recorded games show them",
        "天鳳の三人麻雀、牌譜どおり",
    ),
    "zung-jung": PresetText(
        "Zung Jung",
        "中庸麻雀",
        "Chinese-style pattern scoring: no riichi, dora or furiten",
        "中国式の役の点数表で数える麻雀：立直・ドラ・フリテンなし",
    ),
}


def kind_of(name: str) -> str:
    """How an editor asks for the option: "bool", "choice", "number", "list" (numbers, one input each) or "set"
    (any of a few names)."""
    value = getattr(RuleSet(), name)
    if isinstance(value, bool):
        return "bool"
    if name in CHOICES:
        return "choice"
    if name in SETS:
        return "set"
    if isinstance(value, tuple):
        return "list"
    return "number"


def applies(name: str, rules: RuleSet) -> bool:
    """Whether option ``name`` means anything under ``rules`` (its family and number of players)."""
    text = TEXTS[name]
    return (not text.family or text.family == rules.family) and (not text.players or text.players == rules.players)


def _values(name: str) -> list[str]:
    return list(CHOICES[name]) if name in CHOICES else sorted(SETS[name]) if name in SETS else []


def editor_json() -> dict[str, Any]:
    """``GET /api/options``: the groups, every option (in the order of ``descriptions.OPTIONS``, then the group's
    order) with its kind, words, values and range, and every preset's words."""
    order = list(GROUPS)
    names = sorted((o for o in BY_NAME if o not in IDENTITY), key=lambda o: order.index(TEXTS[o].group))
    options = []
    for name in names:
        text = TEXTS[name]
        entry: dict[str, Any] = {
            "name": name,
            "group": text.group,
            "kind": kind_of(name),
            "family": text.family,
            "players": text.players,
            "label": {"en": text.en, "ja": text.ja},
            "summary": {"en": text.summary_en, "ja": text.summary_ja},
        }
        if name in VALUES:
            entry["values"] = [{"value": v, "en": VALUES[name][v][0], "ja": VALUES[name][v][1]} for v in _values(name)]
        if name in RANGES:
            b = RANGES[name]
            entry["bounds"] = {"min": b.low, "max": b.high, "step": b.step}
        if name in LIST_ITEMS:
            entry["items"] = [{"en": en, "ja": ja} for en, ja in LIST_ITEMS[name]]
        options.append(entry)
    return {
        "groups": [{"name": g, "en": en, "ja": ja} for g, (en, ja) in GROUPS.items()],
        "options": options,
        "presets": {
            name: {"label": {"en": p.en, "ja": p.ja}, "summary": {"en": p.summary_en, "ja": p.summary_ja}}
            for name, p in PRESET_TEXTS.items()
        },
    }


def missing_texts() -> list[str]:
    """What the tables lack (or hold in excess): an option, a value, a list item or a preset without its words in
    both languages."""
    fields = [f.name for f in dataclasses.fields(RuleSet) if f.name not in IDENTITY]
    out = [f"no editor text for option {f}" for f in fields if f not in TEXTS]
    out += [f"{name} is not an option" for name in TEXTS if name not in fields]
    for name, text in TEXTS.items():
        if text.group not in GROUPS:
            out.append(f"{name}: unknown group {text.group!r}")
        if not all((text.en, text.ja, text.summary_en, text.summary_ja)):
            out.append(f"{name}: a label or summary is empty")
        if name in fields:
            known = set(_values(name))
            words = VALUES.get(name, {})
            out += [f"{name}: no words for value {v!r}" for v in sorted(known - set(words))]
            out += [f"{name}: {v!r} is not a value" for v in sorted(set(words) - known)]
            out += [f"{name}: empty words for {v!r}" for v, pair in words.items() if not all(pair)]
    out += [f"no preset text for {p}" for p in PRESETS if p not in PRESET_TEXTS]
    out += [f"{p} is not a preset" for p in PRESET_TEXTS if p not in PRESETS]
    out += [f"preset {p}: a name or summary is empty" for p, text in PRESET_TEXTS.items() if not all(text)]
    return out


__all__ = [
    "GROUPS",
    "LANGUAGES",
    "LIST_ITEMS",
    "PRESET_TEXTS",
    "SETS",
    "TEXTS",
    "VALUES",
    "OptionText",
    "PresetText",
    "applies",
    "editor_json",
    "kind_of",
    "missing_texts",
]
