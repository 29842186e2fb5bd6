// English and Japanese texts of the page. The language comes from the browser (navigator.language) unless the player
// chose one. Texts the server also knows (the superpowers' names and summaries) come from its catalogue (powers.js).

const EN = {
  // the replay's links from the history (the replay's own words are in screens/replay.js)
  replayLink: "Replay", replayLinkTitle: "Watch this game again, step by step", openLogFile: "Open a log file",
  brand: "jantaku", nickname: "Nickname", save: "Save", playNow: "Play now", playNowHint: "against 3 CPUs, starts at once",
  createRoom: "Create a room", create: "Create", joinById: "Join by Room ID", join: "Join", roomId: "Room ID",
  autoMatch: "Auto-Matching", autoMatchHint: "seats you with players who chose the same rules (no CPUs)",
  waitingPlayers: "Waiting for players: {n} / {m}", publicRooms: "Open rooms", noRooms: "No open rooms right now.",
  history: "Game history", noGames: "No finished games yet.", download: "log", watch: "Watch",
  preset: "Rules", length: "Length", east: "East only", eastSouth: "East-South", public: "Listed in the lobby",
  cpus: "CPU seats", level: "Level", none: "none",
  timers: "Timers", thinkSeconds: "s decision time (each move)", bankSeconds: "s time bank (the whole game)", auto: "auto",
  advanced: "All options", apply: "Apply settings", room: "Room", copy: "Copy", copied: "Copied",
  copyLink: "Copy invite link", seats: "Seats", ready: "Ready", notReady: "Not ready", start: "Start",
  leave: "Leave", kick: "Kick", addCpu: "Add CPU", removeCpu: "Remove", empty: "empty seat", creator: "creator",
  away: "away", rules: "Rules in force", settingsCleared: "Settings changed: ready again.",
  cannotStart: "Waiting for every seat to be filled and every person to be ready.",
  options: "Options", autoSort: "Auto-sort hand", autoWin: "Auto-win", hideCalls: "Hide call options",
  autoDiscard: "Auto-discard the drawn tile", colorBlind: "Colour-blind tiles", language: "Language",
  reducedMotion: "Reduced motion", close: "Close",
  riichi: "Riichi", tsumo: "Tsumo", ron: "Ron", pon: "Pon", chi: "Chi", kan: "Kan", kita: "North",
  nine_terminals: "Nine terminals", tenpai: "Tenpai", noten: "Noten", pass: "Skip", discard: "Discard",
  chooseRiichi: "Choose the riichi discard", cancel: "Cancel",
  furiten: "Furiten", waits: "Waits", left: "left", tilesLeft: "Tiles left", honba: "Honba", deposits: "Deposits",
  dora: "Dora indicator", doraTiles: "Dora", yourTurn: "Your turn", timer: "Decision", bank: "Bank",
  reconnecting: "Connection lost: reconnecting…", reconnected: "Reconnected", standIn: "A CPU played for you while you were away.",
  win: "{name} wins", tsumoWin: "Tsumo", ronWin: "Ron from {name}", han: "han", fu: "fu", points: "points",
  yakuman: "Yakuman", ura: "Ura dora", payments: "Payments", draw: "Draw", exhaustive: "Exhaustive draw",
  tenpaiHands: "Tenpai", notenAll: "Nobody tenpai", next: "Next", wall: "Wall", verify: "verify",
  verified: "verified ✓", verifyFailed: "does not match ✗", commitment: "commitment",
  finalStandings: "Final standings", place: "Place", score: "Score", result: "Result", backToRoom: "Back to the room",
  scoreChart: "Scores over the hands", spectating: "Watching", unrecorded: "The match clock ended the game (unrecorded).",
  E: "East", S: "South", W: "West", N: "North", you: "you", dealer: "dealer",
  error: "Error", matched: "Matched! The game starts.", kicked: "You were removed from the room.",
  clock: "Match clock", lastHand: "Last hand", reasons: { nine_terminals: "Nine terminals", four_winds: "Four winds",
    four_kans: "Four kans", four_riichi: "Four riichi", triple_ron: "Triple ron", fifth_kan: "Fifth kan",
    exhaustive: "Exhaustive draw", nagashi: "Nagashi mangan" },
  power: "Power", powerSeeded: "dealt at random",
  superpowers: "Superpowers", superpowersHint: "Each seat holds one superpower (a Superpower match)",
  powerPick: "Choose the power", noPower: "none", chargesLeft: "{n} left in this game", perGame: "{n} per game",
  perHand: "{n} per hand", chooseTarget: "{power}: choose an opponent",
  chooseVeil: "Veil: click the tile to discard face down",
  sealed: "Sealed", sealedBy: "Sealed by {names}: no calls, and no ron on their tiles, for the turns shown",
  veiledTile: "Discarded face down (Veil)", beaconIndicator: "Revealed by a Beacon",
  veiledReveal: "Face-down discards", powersUsed: "Powers used",
  toastUsed: "{name} used {power}",
  replaced: "This seat is now played in another tab or window.",
  pausedStorage: "The table is paused: the server cannot save the game right now. Nothing is lost; play goes on when it can.",
  pausedAbsent: "The table is paused: no player is at it.",
  resumed: "The table goes on.",
  abandoned: "Nobody came back to the table: the game ended on the scores as they stood.",
  range: "{min} to {max}", rangeTwo: "{min} or {max}", rangeStep: "{min} to {max}, in steps of {step}",
  rangeEach: "each {range}",
  // editor: the rules editor, rules in force, lengths, CPU names and the server's refusals
  hands: "{n} hands", presetMark: " (preset)", presetValue: "Preset: {value}", resetToPreset: "Reset to the preset",
  on: "On", off: "Off", listSeparator: ", ", rulesChanged: "Changed from {preset}",
  rulesAsPreset: "The rules of {preset}, unchanged.", allRules: "All rules", cpuName: "CPU {n} ({level})",
  errors: {
    bad_json: "The server could not read a message from this page.",
    bad_message: "The server refused a message from this page",
    unknown_type: "The server does not know this request.",
    too_large: "That message is too large.",
    rate_limited: "Too many actions at once: slow down a little.",
    protocol: "This page is out of date: reload it.",
    hello_first: "Not connected yet: wait a moment.",
    already_greeted: "Already connected.",
    bad_token: "Your saved identity is not valid: you get a new one.",
    unknown_token: "Your saved identity is unknown: you get a new one.",
    bad_nickname: "That nickname cannot be used",
    bad_session: "The saved session is not valid: you play as a guest.",
    account_name: "You play under your account's name: it cannot be changed here.",
    logged_out: "You were logged out (the session was ended).",
    replaced: "This seat is now played in another tab or window.",
    too_many_tries: "Too many tries: wait a little and try again.",
    too_many_connections: "Too many tabs open from this address.",
    hello_timeout: "The connection timed out: reconnecting.",
    idle_timeout: "Nothing happened for a long time: reconnecting.",
    too_many_rooms: "You already have as many open rooms as allowed.",
    too_many_games: "You already have as many running games as allowed.",
    no_room: "There is no room with that ID.",
    room_full: "That room is full.",
    seat_taken: "That seat is taken.",
    no_seat: "There is no such seat.",
    no_cpu: "There is no CPU in that seat.",
    no_person: "There is no player in that seat.",
    not_creator: "Only the room's creator can do that.",
    matched_room: "An auto-matched room cannot be changed.",
    cannot_start: "The game cannot start yet: every seat must be filled and every player ready.",
    game_running: "The game is already running.",
    not_queued: "You are not waiting for a match.",
    invalid_rules: "These rules cannot be played",
    no_superpowers: "These rules have no superpowers.",
    unknown_power: "There is no such superpower.",
    not_your_seat: "That is not your seat.",
    no_game: "You are not playing a game.",
    game_over: "The game is over.",
    stale: "That decision has passed.",
    illegal_action: "That move is not allowed now.",
    server_error: "The game stopped on a server error; it is stored and resumes when the server restarts.",
    unknown_phrase: "That reaction does not exist.",
    too_many_reactions: "Wait a moment before the next reaction.",
  },
  // tableux: the timer, the time-out notice, quick reactions
  seconds: "{n}s", timeUpDiscard: "Time's up: a tile was discarded for you",
  timeUpPass: "Time's up: the call was skipped for you", timeUpNoten: "Time's up: noten was declared for you",
  reactions: "Quick reactions", muteReactions: "Hide {name}'s reactions", unmuteReactions: "Show {name}'s reactions",
  reactionWait: "Wait a moment before the next reaction",
  phrases: { hello: "Have a good game", nice: "Nice!", thanks: "Thanks", sorry: "Sorry", wow: "Wow!", good_game: "Good game" },
  // feel: sound options, the tab's title on your turn
  sound: "Sound", volume: "Volume", mute: "Mute", turnTitle: "● Your turn — {brand}",
  // lobby: leaving a game, coming back, the open rooms
  leaveGame: "Leave the game", stopWatching: "Stop watching", leaveStay: "Stay", leaveKeepWatching: "Keep watching",
  leaveGameTitle: "Leave this game?", leaveWatchTitle: "Stop watching this table?",
  leaveGameText: "A CPU plays your seat for the rest of the game, and you cannot come back to it.",
  leaveMatchedText: "This is an auto-matched game: leaving counts as leaving the game. A CPU plays your seat to the end, the result is yours, and you cannot come back to it.",
  leaveWatchText: "You go back to the lobby; you can watch again from the open rooms.",
  seatLeft: "{name} left; a CPU plays their seat.",
  endedWhileAway: "The game ended while you were away: these are its final standings.",
  abandonedWhileAway: "The game was abandoned while you were away: nobody was at the table. These are the scores as they stood.",
  roomSeated: "{n}/{m} seated", roomPlaying: "playing",
  // results: the whole hand, the fu, limits and Zung Jung's terms
  doraIndicators: "Dora indicators", uraIndicators: "Ura dora indicators", pointOne: "point",
  chickenHand: "Chicken Hand", capped: "capped", zjNoWinner: "No winner: the hand is drawn (no payments).",
  // history: a game's log in each format
  downloadAs: "Download this game's log as {format}",
  // history: a game hand by hand, for the tenhou.net/6 viewer
  handsOfGame: "Hands", viewer: "viewer", viewerTitle: "Show this hand in the {site} viewer (a new tab)",
  handJsonTitle: "Download this hand as {format}", handsUnavailable: "The hands could not be loaded.",
  // accounts: the top bar's links, logging in, the account page, profiles, leaderboards, rating changes
  logIn: "Log in", accountButton: "Account", leaderboard: "Leaderboard", backToLobby: "← Lobby",
  loadingPage: "Loading…", loadFailed: "This page could not be loaded.", tryAgain: "Try again",
  accountName: "Name", password: "Password", confirmPassword: "Password again", passwordRule: " (at least {n} characters)",
  registerTitle: "Create an account",
  registerHint: "Keep your record and rating, and log in from any device. The games you played as a guest stay yours.",
  registerSubmit: "Create the account", loginHint: "With the name and password of your account.",
  loggedInAs: "Logged in as {name}.", registeredAs: "Account {name} created: you are logged in.",
  alreadyIn: "You are logged in as {name}.", loggedOut: "Logged out.", sessionExpired: "Your session has ended: you are logged out.",
  accountTitle: "Your account", guestTitle: "Playing as a guest",
  guestText: "Your games are tied to this browser only. Create an account to keep them and play from anywhere.",
  sessions: "Logged-in devices", thisDevice: "this device", endSession: "End", sessionEnded: "That device is logged out.",
  since: "since {date}", lastSeen: "last seen {date}", unknownDevice: "a device",
  changePassword: "Change the password", currentPassword: "Current password", newPassword: "New password",
  passwordChanged: "Password changed: your other devices are logged out.",
  hideFromBoards: "Hide me from the leaderboards", hiddenOn: "You are hidden from the leaderboards.",
  hiddenOff: "You are shown on the leaderboards.",
  yourData: "Your data", downloadData: "Download my data",
  downloadDataHint: "Every game you played, its log in each format, and your statistics, in one zip file.",
  logOut: "Log out", deleteAccount: "Delete the account",
  deleteHint: "Your account, sessions, statistics and ratings are deleted. The games you played stay for the other players, your seat shown as a deleted player.",
  deleteSubmit: "Delete for good", accountDeleted: "Your account is deleted.",
  viewProfile: "View your record", profileOf: "{name}'s record", guestTag: "guest", youTag: "you",
  playerMissing: "There is no such player.", noGamesCounted: "No counted games yet.",
  families: { "4p": "4-player riichi", "3p": "3-player riichi", zj: "Zung Jung" },
  allLengths: "All", games: "Games", handsPlayed: "Hands",
  placeRate: { p1: "1st", p2: "2nd", p3: "3rd", p4: "4th" },
  placeShare: { p1: "1st places", p2: "2nd places", p3: "3rd places", p4: "4th places" },
  avgPlace: "Average placement", winRate: "Win rate", dealInRate: "Deal-in rate", riichiRate: "Riichi rate",
  callRate: "Call rate", avgWin: "Average win", avgDealIn: "Average deal-in", tsumoShare: "Tsumo share",
  placementChart: "Placement in the last games ({n})", ratingChart: "Rating over time",
  rating: "Rating", rank: "Rank", player: "Player", provisional: "provisional",
  provisionalLeft: "Provisional: {n} more rated games to be ranked.", ratedGames: "{n} rated games",
  rankOf: "#{n}", recentGames: "Recent games", rated: "rated", standInSeat: "CPU finished",
  standInTitle: "A CPU played this seat to the end: the game does not count in the statistics.",
  yourPosition: "Your position", notRanked: "You are not on this leaderboard yet.",
  hiddenRanked: "You are hidden from the leaderboards (account page).", boardEmpty: "Nobody is ranked yet.",
  ratingChange: "Rating", ratingChangeTitle: "Rating change: {before} → {after}",
  accountErrors: {
    unauthorized: "Wrong name or password.",
    wrong_name_or_password: "Wrong name or password.",
    wrong_password: "Wrong password.",
    too_many_tries: "Too many tries: wait {n} seconds and try again.",
    too_many_exports: "Too many downloads: wait {n} seconds and try again.",
    name_taken: "That name is taken.",
    mismatch: "The two passwords differ.",
    password_too_short: "A password is at least {n} characters.",
    password_too_long: "That password is too long.",
    empty: "Enter a name.",
    too_long: "That name is too long.",
    invisible: "A name may not contain invisible characters.",
    stray_mark: "That name has a mark without a letter.",
    mark_pile: "That name piles up too many marks.",
    cpu: "That name passes for a CPU seat.",
    cpu_level: "That name passes for a CPU seat.",
    system: "That name passes for the system.",
    reserved: "That name is what the table shows for a player who is not there.",
    not_logged_in: "You are not logged in.",
    offline: "The server cannot be reached: try again.",
    refused: "The server refused: {detail}",
  },
};

const JA = {
  // the replay's links from the history (the replay's own words are in screens/replay.js)
  replayLink: "再生", replayLinkTitle: "この対局を一手ずつ見直す", openLogFile: "牌譜ファイルを開く",
  brand: "jantaku", nickname: "ニックネーム", save: "保存", playNow: "すぐに対局", playNowHint: "CPU 3人と、すぐ開始",
  createRoom: "部屋を作る", create: "作成", joinById: "ルームIDで参加", join: "参加", roomId: "ルームID",
  autoMatch: "オートマッチング", autoMatchHint: "同じルールを選んだプレイヤーと対局（CPUなし）",
  waitingPlayers: "プレイヤー待ち: {n} / {m}", publicRooms: "公開中の部屋", noRooms: "公開中の部屋はありません。",
  history: "対局履歴", noGames: "終わった対局はまだありません。", download: "牌譜", watch: "観戦",
  preset: "ルール", length: "長さ", east: "東風戦", eastSouth: "半荘戦", public: "ロビーに公開",
  cpus: "CPU席", level: "強さ", none: "なし",
  timers: "時間設定", thinkSeconds: "考慮時間（秒）", bankSeconds: "持ち時間（秒）", auto: "自動",
  advanced: "すべての設定", apply: "設定を反映", room: "部屋", copy: "コピー", copied: "コピーしました",
  copyLink: "招待リンクをコピー", seats: "席", ready: "準備完了", notReady: "準備中", start: "開始",
  leave: "退室", kick: "退出させる", addCpu: "CPUを追加", removeCpu: "外す", empty: "空席", creator: "部屋主",
  away: "離席", rules: "適用ルール", settingsCleared: "設定が変わりました：もう一度準備してください。",
  cannotStart: "全席が埋まり、全員の準備が整うのを待っています。",
  options: "設定", autoSort: "自動理牌", autoWin: "自動和了", hideCalls: "鳴きなし",
  autoDiscard: "ツモ切り", colorBlind: "色覚サポート牌", language: "言語", reducedMotion: "アニメーションを減らす",
  close: "閉じる",
  riichi: "リーチ", tsumo: "ツモ", ron: "ロン", pon: "ポン", chi: "チー", kan: "カン", kita: "抜き",
  nine_terminals: "九種九牌", tenpai: "テンパイ", noten: "ノーテン", pass: "スキップ", discard: "打牌",
  chooseRiichi: "リーチの打牌を選んでください", cancel: "取消",
  furiten: "フリテン", waits: "待ち", left: "残り", tilesLeft: "残り牌", honba: "本場", deposits: "供託",
  dora: "ドラ表示牌", doraTiles: "ドラ", yourTurn: "あなたの番", timer: "考慮時間", bank: "持ち時間",
  reconnecting: "接続が切れました：再接続中…", reconnected: "再接続しました", standIn: "離席中はCPUが代打ちしました。",
  win: "{name} の和了", tsumoWin: "ツモ", ronWin: "{name} から ロン", han: "翻", fu: "符", points: "点",
  yakuman: "役満", ura: "裏ドラ", payments: "収支", draw: "流局", exhaustive: "荒牌流局",
  tenpaiHands: "テンパイ", notenAll: "全員ノーテン", next: "次へ", wall: "牌山", verify: "検証",
  verified: "一致 ✓", verifyFailed: "不一致 ✗", commitment: "コミットメント",
  finalStandings: "最終結果", place: "順位", score: "持ち点", result: "成績", backToRoom: "部屋に戻る",
  scoreChart: "点数の推移", spectating: "観戦中", unrecorded: "対局時間の上限で終了しました（記録なし）。",
  E: "東", S: "南", W: "西", N: "北", you: "あなた", dealer: "親",
  error: "エラー", matched: "マッチしました！対局開始。", kicked: "部屋から退出させられました。",
  clock: "対局時計", lastHand: "最終局", reasons: { nine_terminals: "九種九牌", four_winds: "四風連打",
    four_kans: "四槓散了", four_riichi: "四家立直", triple_ron: "三家和", fifth_kan: "五槓目",
    exhaustive: "荒牌流局", nagashi: "流し満貫" },
  power: "能力", powerSeeded: "おまかせ",
  superpowers: "超能力", superpowersHint: "各席が超能力を1つ持つ（超能力戦）",
  powerPick: "能力を選ぶ", noPower: "なし", chargesLeft: "この対局で残り {n} 回", perGame: "1対局 {n} 回",
  perHand: "1局 {n} 回", chooseTarget: "{power}：相手を選んでください",
  chooseVeil: "伏せ打ち：伏せて打つ牌をクリック",
  sealed: "封印", sealedBy: "{names} の封印：表示の手番数だけ鳴けず、その牌でロンもできない",
  veiledTile: "伏せて打った牌（伏せ打ち）", beaconIndicator: "狼煙でめくったドラ表示牌",
  veiledReveal: "伏せ打ちの牌", powersUsed: "使った能力",
  toastUsed: "{name} が{power}を使った",
  replaced: "この席は別のタブかウィンドウで打たれています。",
  pausedStorage: "対局を一時停止しています：サーバーが対局を保存できません。何も失われていません。保存できしだい再開します。",
  pausedAbsent: "対局を一時停止しています：卓にプレイヤーがいません。",
  resumed: "対局を再開しました。",
  abandoned: "誰も卓に戻らなかったため、その時点の点数で対局を終了しました。",
  range: "{min}〜{max}", rangeTwo: "{min}または{max}", rangeStep: "{min}〜{max}（{step}刻み）",
  rangeEach: "各{range}",
  // editor: the rules editor, rules in force, lengths, CPU names and the server's refusals
  hands: "{n}局", presetMark: "（既定）", presetValue: "既定：{value}", resetToPreset: "既定のルールに戻す",
  on: "あり", off: "なし", listSeparator: "、", rulesChanged: "{preset}からの変更",
  rulesAsPreset: "{preset}のルールどおり（変更なし）。", allRules: "すべてのルール", cpuName: "CPU {n}（{level}）",
  errors: {
    bad_json: "このページからのメッセージをサーバーが読めませんでした。",
    bad_message: "サーバーがこのページからのメッセージを受け付けませんでした。",
    unknown_type: "サーバーが知らない要求です。",
    too_large: "メッセージが大きすぎます。",
    rate_limited: "操作が多すぎます。少し待ってください。",
    protocol: "このページは古くなっています。再読み込みしてください。",
    hello_first: "まだ接続中です。少し待ってください。",
    already_greeted: "すでに接続しています。",
    bad_token: "保存された本人情報が無効です。新しく作り直します。",
    unknown_token: "保存された本人情報が見つかりません。新しく作り直します。",
    bad_nickname: "このニックネームは使えません。",
    bad_session: "保存されたログイン情報が無効です。ゲストとして対局します。",
    account_name: "アカウントで対局しているため、ここでは変更できません。",
    logged_out: "ログアウトしました（ログインが終了されました）。",
    replaced: "この席は別のタブかウィンドウで打たれています。",
    too_many_tries: "試行が多すぎます。少し待ってからやり直してください。",
    too_many_connections: "この接続元から開いているタブが多すぎます。",
    hello_timeout: "接続が時間切れになりました。再接続します。",
    idle_timeout: "長い間操作がありませんでした。再接続します。",
    too_many_rooms: "作成できる部屋の数の上限です。",
    too_many_games: "同時に進められる対局の数の上限です。",
    no_room: "そのルームIDの部屋はありません。",
    room_full: "その部屋は満席です。",
    seat_taken: "その席は埋まっています。",
    no_seat: "その席はありません。",
    no_cpu: "その席にCPUはいません。",
    no_person: "その席にプレイヤーはいません。",
    not_creator: "部屋主だけができる操作です。",
    matched_room: "オートマッチングの部屋は変更できません。",
    cannot_start: "まだ開始できません：全席が埋まり、全員が準備完了になる必要があります。",
    game_running: "対局はすでに始まっています。",
    not_queued: "マッチング待ちではありません。",
    invalid_rules: "このルールでは対局できません。",
    no_superpowers: "このルールに超能力はありません。",
    unknown_power: "その超能力はありません。",
    not_your_seat: "あなたの席ではありません。",
    no_game: "対局中ではありません。",
    game_over: "対局は終了しました。",
    stale: "その選択の時間は過ぎました。",
    illegal_action: "今はその操作はできません。",
    server_error: "サーバーのエラーで対局が止まりました。対局は保存され、サーバーの再起動後に再開します。",
    unknown_phrase: "そのリアクションはありません。",
    too_many_reactions: "次のリアクションまで少しお待ちください。",
  },
  // tableux: the timer, the time-out notice, quick reactions
  seconds: "{n}秒", timeUpDiscard: "時間切れ：自動で打牌しました",
  timeUpPass: "時間切れ：鳴き・和了を見送りました", timeUpNoten: "時間切れ：ノーテンを宣言しました",
  reactions: "リアクション", muteReactions: "{name} のリアクションを非表示", unmuteReactions: "{name} のリアクションを表示",
  reactionWait: "次のリアクションまで少しお待ちください",
  phrases: { hello: "よろしくお願いします", nice: "ナイス！", thanks: "ありがとう", sorry: "ごめんなさい", wow: "すごい！",
    good_game: "お疲れさまでした" },
  // feel: sound options, the tab's title on your turn
  sound: "サウンド", volume: "音量", mute: "ミュート", turnTitle: "● あなたの番です — {brand}",
  // lobby: leaving a game, coming back, the open rooms
  leaveGame: "対局から退出", stopWatching: "観戦をやめる", leaveStay: "対局を続ける", leaveKeepWatching: "観戦を続ける",
  leaveGameTitle: "この対局から退出しますか？", leaveWatchTitle: "観戦をやめますか？",
  leaveGameText: "残りの対局はCPUがあなたの席を代わりに打ちます。この対局には戻れません。",
  leaveMatchedText: "オートマッチの対局です。退出は途中退出として扱われます。最後までCPUがあなたの席を打ち、その結果があなたの成績になります。この対局には戻れません。",
  leaveWatchText: "ロビーに戻ります。公開中の部屋から再び観戦できます。",
  seatLeft: "{name}さんが退出しました。CPUが代わりに打ちます。",
  endedWhileAway: "離席中に対局が終了しました。最終結果です。",
  abandonedWhileAway: "離席中に対局が中止されました（卓に誰もいませんでした）。中止時点の点数です。",
  roomSeated: "{n}/{m}人着席", roomPlaying: "対局中",
  // results: the whole hand, the fu, limits and Zung Jung's terms
  doraIndicators: "ドラ表示牌", uraIndicators: "裏ドラ表示牌", pointOne: "点",
  chickenHand: "雞和", capped: "上限", zjNoWinner: "和了者なし：流局（支払いなし）",
  // history: a game's log in each format
  downloadAs: "この対局の牌譜を{format}でダウンロード",
  // history: a game hand by hand, for the tenhou.net/6 viewer
  handsOfGame: "各局", viewer: "ビューア", viewerTitle: "この局を{site}のビューアで開く（別タブ）",
  handJsonTitle: "この局の牌譜を{format}でダウンロード", handsUnavailable: "各局を開けませんでした。",
  // accounts: the top bar's links, logging in, the account page, profiles, leaderboards, rating changes
  logIn: "ログイン", accountButton: "アカウント", leaderboard: "ランキング", backToLobby: "← ロビー",
  loadingPage: "読み込み中…", loadFailed: "このページを読み込めませんでした。", tryAgain: "再読み込み",
  accountName: "アカウント名", password: "パスワード", confirmPassword: "パスワード（確認）", passwordRule: "（{n}文字以上）",
  registerTitle: "アカウントを作る",
  registerHint: "成績とレートが残り、どの端末からでもログインできます。ゲストとして打った対局もそのまま引き継がれます。",
  registerSubmit: "アカウントを作成", loginHint: "アカウント名とパスワードで。",
  loggedInAs: "{name} としてログインしました。", registeredAs: "アカウント {name} を作成し、ログインしました。",
  alreadyIn: "{name} としてログイン中です。", loggedOut: "ログアウトしました。", sessionExpired: "ログインの期限が切れたため、ログアウトしました。",
  accountTitle: "アカウント", guestTitle: "ゲストとして対局中",
  guestText: "対局の記録はこのブラウザだけに結びついています。アカウントを作れば記録が残り、どこからでも対局できます。",
  sessions: "ログイン中の端末", thisDevice: "この端末", endSession: "ログアウトさせる", sessionEnded: "その端末をログアウトさせました。",
  since: "{date}から", lastSeen: "最終利用 {date}", unknownDevice: "端末",
  changePassword: "パスワードの変更", currentPassword: "現在のパスワード", newPassword: "新しいパスワード",
  passwordChanged: "パスワードを変更しました。ほかの端末はログアウトしました。",
  hideFromBoards: "ランキングに表示しない", hiddenOn: "ランキングに表示されなくなりました。",
  hiddenOff: "ランキングに表示されます。",
  yourData: "あなたのデータ", downloadData: "データをダウンロード",
  downloadDataHint: "あなたが打ったすべての対局の牌譜（各形式）と成績を、ひとつの圧縮ファイルで。",
  logOut: "ログアウト", deleteAccount: "アカウントの削除",
  deleteHint: "アカウント、ログイン情報、成績、レートを削除します。対局の記録はほかのプレイヤーのために残り、あなたの席は削除されたプレイヤーとして表示されます。",
  deleteSubmit: "完全に削除する", accountDeleted: "アカウントを削除しました。",
  viewProfile: "成績を見る", profileOf: "{name} の成績", guestTag: "ゲスト", youTag: "あなた",
  playerMissing: "そのプレイヤーはいません。", noGamesCounted: "集計された対局はまだありません。",
  families: { "4p": "四人打ち", "3p": "三人打ち", zj: "中庸麻雀" },
  allLengths: "全体", games: "対局数", handsPlayed: "局数",
  placeRate: { p1: "1位", p2: "2位", p3: "3位", p4: "4位" },
  placeShare: { p1: "1位率", p2: "2位率", p3: "3位率", p4: "4位率" },
  avgPlace: "平均順位", winRate: "和了率", dealInRate: "放銃率", riichiRate: "立直率",
  callRate: "副露率", avgWin: "平均打点", avgDealIn: "平均放銃点", tsumoShare: "ツモ率",
  placementChart: "直近の順位（{n}戦）", ratingChart: "レートの推移",
  rating: "レート", rank: "順位", player: "プレイヤー", provisional: "暫定",
  provisionalLeft: "暫定：ランキングまであとレート戦{n}戦。", ratedGames: "レート戦{n}戦",
  rankOf: "{n}位", recentGames: "最近の対局", rated: "レート戦", standInSeat: "CPU代打ち",
  standInTitle: "最後までCPUがこの席を打ちました。この対局は成績に数えません。",
  yourPosition: "あなたの順位", notRanked: "まだこのランキングに載っていません。",
  hiddenRanked: "ランキングに表示しない設定です（アカウントのページ）。", boardEmpty: "まだ誰もランキングに載っていません。",
  ratingChange: "レート", ratingChangeTitle: "レートの変化：{before} → {after}",
  accountErrors: {
    unauthorized: "アカウント名かパスワードが違います。",
    wrong_name_or_password: "アカウント名かパスワードが違います。",
    wrong_password: "パスワードが違います。",
    too_many_tries: "試行が多すぎます。{n}秒待ってからやり直してください。",
    too_many_exports: "ダウンロードが多すぎます。{n}秒待ってからやり直してください。",
    name_taken: "その名前はすでに使われています。",
    mismatch: "2つのパスワードが一致しません。",
    password_too_short: "パスワードは{n}文字以上です。",
    password_too_long: "パスワードが長すぎます。",
    empty: "名前を入力してください。",
    too_long: "名前が長すぎます。",
    invisible: "名前に見えない文字は使えません。",
    stray_mark: "名前に文字のない記号があります。",
    mark_pile: "名前に記号が重なりすぎています。",
    cpu: "CPUの席と紛らわしい名前です。",
    cpu_level: "CPUの席と紛らわしい名前です。",
    system: "システムと紛らわしい名前です。",
    reserved: "その名前は卓で不在のプレイヤーを表すのに使われています。",
    not_logged_in: "ログインしていません。",
    offline: "サーバーにつながりません。もう一度お試しください。",
    refused: "サーバーが受け付けませんでした：{detail}",
  },
};

// yaku keys (as the engine names them) → [English, Japanese]
export const YAKU = {
  menzen_tsumo: ["Fully concealed hand", "門前清自摸和"], riichi: ["Riichi", "立直"], ippatsu: ["One-shot", "一発"],
  chankan: ["Robbing a kan", "槍槓"], rinshan: ["After a kan", "嶺上開花"], haitei: ["Under the sea", "海底摸月"],
  houtei: ["Under the river", "河底撈魚"], pinfu: ["All runs", "平和"], tanyao: ["All simples", "断幺九"],
  iipeikou: ["Pure double run", "一盃口"], seat_wind: ["Seat wind", "自風牌"], round_wind: ["Round wind", "場風牌"],
  white: ["White dragon", "白"], green: ["Green dragon", "發"], red: ["Red dragon", "中"],
  double_riichi: ["Double riichi", "ダブル立直"], chiitoitsu: ["Seven pairs", "七対子"], chanta: ["Half outside hand", "混全帯幺九"],
  ittsu: ["Pure straight", "一気通貫"], sanshoku: ["Mixed triple run", "三色同順"], sanshoku_doukou: ["Triple triplets", "三色同刻"],
  sankantsu: ["Three kans", "三槓子"], toitoi: ["All triplets", "対々和"], sanankou: ["Three concealed triplets", "三暗刻"],
  shousangen: ["Little three dragons", "小三元"], honroutou: ["All terminals and honors", "混老頭"],
  ryanpeikou: ["Twice pure double run", "二盃口"], junchan: ["Fully outside hand", "純全帯幺九"], honitsu: ["Half flush", "混一色"],
  chinitsu: ["Full flush", "清一色"], renhou: ["Blessing of Man", "人和"], tenhou: ["Blessing of Heaven", "天和"],
  chiihou: ["Blessing of Earth", "地和"], daisangen: ["Big three dragons", "大三元"], suuankou: ["Four concealed triplets", "四暗刻"],
  suuankou_tanki: ["Four concealed triplets, single wait", "四暗刻単騎"], tsuuiisou: ["All honors", "字一色"],
  ryuuiisou: ["All green", "緑一色"], chinroutou: ["All terminals", "清老頭"], chuuren: ["Nine gates", "九蓮宝燈"],
  junsei_chuuren: ["Pure nine gates", "純正九蓮宝燈"], kokushi: ["Thirteen orphans", "国士無双"],
  kokushi_13: ["Thirteen orphans, 13-sided wait", "国士無双十三面待ち"], daisuushii: ["Big four winds", "大四喜"],
  shousuushii: ["Little four winds", "小四喜"], suukantsu: ["Four kans", "四槓子"], dora: ["Dora", "ドラ"],
  ura: ["Ura dora", "裏ドラ"], aka: ["Red fives", "赤ドラ"], nagashi_mangan: ["Nagashi mangan", "流し満貫"],
  kita: ["North extraction", "抜きドラ"],
};

const TABLES = { en: EN, ja: JA };
let lang = pickLanguage();

function pickLanguage() {
  const saved = localStorage.getItem("jantaku.lang");
  if (saved === "en" || saved === "ja") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
}

export function getLang() { return lang; }

export function setLang(next) {
  lang = next === "ja" ? "ja" : "en";
  localStorage.setItem("jantaku.lang", lang);
  document.documentElement.lang = lang;
}

/** Words a module fetched later brings with it (the replay's), under `key` in both tables: the first load carries
 * none of them. */
export function addTexts(key, en, ja) { EN[key] = en; JA[key] = ja; }

/** A UI text, with {name} placeholders filled from params. */
export function t(key, params = {}) {
  const table = TABLES[lang];
  let text = key.split(".").reduce((o, k) => (o && o[k] !== undefined ? o[k] : undefined), table);
  if (text === undefined) text = key.split(".").reduce((o, k) => (o && o[k] !== undefined ? o[k] : undefined), EN);
  if (text === undefined) return key;
  return String(text).replace(/\{(\w+)\}/g, (_, k) => (params[k] !== undefined ? params[k] : `{${k}}`));
}

/** A number option's range in words, from the server's bounds ({min, max, step}: GET /api/presets), numbers
 * grouped as the language writes them; each: the range of every number of a list option. */
export function rangeText({ min, max, step }, each = false) {
  const number = (n) => Number(n).toLocaleString(lang === "ja" ? "ja-JP" : "en-US");
  const key = max - min === step ? "rangeTwo" : step > 1 ? "rangeStep" : "range";
  const text = t(key, { min: number(min), max: number(max), step: number(step) });
  return each ? t("rangeEach", { range: text }) : text;
}

/** A yaku's name in the current language (both languages in the title). */
export function yakuName(key) {
  const names = YAKU[key];
  if (!names) return key;
  return lang === "ja" ? names[1] : names[0];
}

export function yakuBoth(key) {
  const names = YAKU[key];
  return names ? `${names[0]} / ${names[1]}` : key;
}

export const WINDS = ["E", "S", "W", "N"];

/** A refusal (an "error" message) in the page's language: the text for its code, or the server's own sentence for
 * a code this page does not know. Where the server's sentence says what exactly was wrong (the rules, a nickname,
 * a field), the English page adds it: it is English. */
export function errorText(msg) {
  if (!EN.errors[msg.code]) return msg.message;
  const text = t(`errors.${msg.code}`);
  return lang === "en" && DETAILED_ERRORS.includes(msg.code) && msg.message ? `${text}: ${msg.message}` : text;
}

const DETAILED_ERRORS = ["invalid_rules", "bad_nickname", "bad_message"];
// results: a win's limit (as the scorer names it) → [English, Japanese]
export const LIMITS = {
  mangan: ["Mangan", "満貫"], haneman: ["Haneman", "跳満"], baiman: ["Baiman", "倍満"], sanbaiman: ["Sanbaiman", "三倍満"],
  yakuman: ["Yakuman", "役満"], "kazoe yakuman": ["Counted yakuman", "数え役満"], "double yakuman": ["Double yakuman", "ダブル役満"],
  "triple yakuman": ["Triple yakuman", "トリプル役満"], "quadruple yakuman": ["Quadruple yakuman", "四倍役満"],
};

/** A limit's name in the current language ("5x yakuman" and other multiples the table lacks: "5× Yakuman"). */
export function limitName(key) {
  const names = LIMITS[key];
  if (names) return lang === "ja" ? names[1] : names[0];
  const times = /^(\d+)x yakuman$/.exec(key);
  return times ? `${times[1]}× ${lang === "ja" ? LIMITS.yakuman[1] : LIMITS.yakuman[0]}` : key;
}

// results: the fu breakdown's items (the engine's keys) → [English, Japanese]
export const FU_ITEMS = {
  base: ["Base", "副底"], closed_ron: ["Closed ron", "門前加符"], tsumo: ["Tsumo", "ツモ符"],
  open_triplet: ["Open triplet", "明刻"], closed_triplet: ["Closed triplet", "暗刻"], open_kan: ["Open kan", "明槓"],
  closed_kan: ["Closed kan", "暗槓"], pair: ["Pair", "雀頭"], kanchan: ["Closed wait", "嵌張待ち"],
  penchan: ["Edge wait", "辺張待ち"], tanki: ["Single wait", "単騎待ち"], open_minimum: ["Open hand, raised to 30", "喰い平和形"],
  pinfu_tsumo: ["Pinfu tsumo", "平和ツモ"], seven_pairs: ["Seven pairs", "七対子"],
};

export function fuItemName(key) {
  const names = FU_ITEMS[key];
  return names ? (lang === "ja" ? names[1] : names[0]) : key;
}

// results: Zung Jung's patterns by their number in the rules → [English, Japanese (the official Chinese names)]
export const ZJ_PATTERNS = {
  "1.1": ["All Runs", "平和"], "1.2": ["Concealed Hand", "門前清"], "1.3": ["No Terminals", "断幺九"],
  "2.1.1": ["Mixed One-suit", "混一色"], "2.1.2": ["Pure One-suit", "清一色"], "2.2": ["Nine Gates", "九蓮宝燈"],
  "3.1": ["Value Honour", "番牌"], "3.2.1": ["Small Three Dragons", "小三元"], "3.2.2": ["Big Three Dragons", "大三元"],
  "3.3.1": ["Small Three Winds", "小三風"], "3.3.2": ["Big Three Winds", "大三風"], "3.3.3": ["Small Four Winds", "小四喜"],
  "3.3.4": ["Big Four Winds", "大四喜"], "3.4": ["All Honours", "字一色"], "4.1": ["All Triplets", "対々和"],
  "4.2.1": ["Two Concealed Triplets", "二暗刻"], "4.2.2": ["Three Concealed Triplets", "三暗刻"],
  "4.2.3": ["Four Concealed Triplets", "四暗刻"], "4.3.1": ["One Quad", "一槓"], "4.3.2": ["Two Quads", "二槓"],
  "4.3.3": ["Three Quads", "三槓"], "4.3.4": ["Four Quads", "四槓"], "5.1.1": ["Two Identical Runs", "一般高"],
  "5.1.2": ["Double Two Identical Runs", "両般高"], "5.1.3": ["Three Identical Runs", "一色三同順"],
  "5.1.4": ["Four Identical Runs", "一色四同順"], "6.1": ["Three Similar Runs", "三色同順"],
  "6.1.1": ["Small Three Similar Runs", "三色小同刻"], "6.1.2": ["Big Three Similar Runs", "三色同刻"],
  "7.1": ["Nine-tile Straight", "一気通貫"], "7.1.1": ["Three Consecutive Triplets/Quads", "三連刻"],
  "7.1.2": ["Four Consecutive Triplets/Quads", "四連刻"], "8.1.1": ["Mixed Branching Terminals", "混全帯幺"],
  "8.1.2": ["Pure Branching Terminals", "純全帯幺"], "8.1.3": ["Mixed Rooted Terminals", "混幺九"],
  "8.1.4": ["Pure Rooted Terminals", "清幺九"], "9.1.1": ["Final Draw", "海底撈月"], "9.1.2": ["Final Discard", "河底撈魚"],
  "9.2": ["Win on Quad", "嶺上開花"], "9.3": ["Robbing a Quad", "搶槓"], "9.4.1": ["Blessing of Heaven", "天和"],
  "9.4.2": ["Blessing of Earth", "地和"], "10.1": ["Thirteen Wonders", "十三幺九"], "10.2": ["Seven Pairs", "七対子"],
};

/** A Zung Jung pattern's name in the current language (the server's English name where the table lacks it). */
export function zjPatternName(number, name) {
  const names = ZJ_PATTERNS[number];
  return names ? (lang === "ja" ? names[1] : names[0]) : name;
}
