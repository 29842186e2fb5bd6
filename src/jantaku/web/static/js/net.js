// The websocket to the table server (docs/protocol.md): says hello with the stored token, reconnects by itself
// with a growing delay, and tells the page when the connection is lost and back. One connection per page: the
// screens call send(); app.js calls connect() once with the dispatcher and the status banner.

const TOKEN = "jantaku.token";
const NICK = "jantaku.nickname";
// The server closes a websocket that sends nothing for 180 s (docs/operations.md): a person may watch a table or
// wait in a room for longer without a click. A hidden tab's timers may fire only once a minute; still well inside.
const PING_MS = 30_000;

export function storedNickname() { return localStorage.getItem(NICK) || ""; }
/** The guest token the server handed out (a guest's proof of who they are, for the REST calls of api.js too). */
export function storedToken() { return localStorage.getItem(TOKEN) || ""; }
/** Forgets the guest token: the next hello makes a new guest (after register, whose guest became the account). */
export function forgetToken() { localStorage.removeItem(TOKEN); }
export function storeNickname(name) { localStorage.setItem(NICK, name); }

class Net {
  constructor(onMessage, onStatus) {
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ws = null;
    this.queue = [];
    this.delay = 250;
    this.greeted = false;
    this.everConnected = false;
    /** the next welcome follows a reconnect the page asked for (a log in or out): no "reconnected" banner */
    this.quiet = false;
    /** the retry connect() set after a lost connection (reconnect() clears it: one connection per page) */
    this.retry = null;
    /** we asked the server to end our own session (a log out, a deletion): the logged_out error and the close that
     * follow are expected, no loss of connection; reconnect() comes next */
    this.leaving = false;
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws`;
  }

  connect() {
    const ws = new WebSocket(this.url());
    this.ws = ws;
    let pinger = null;
    ws.onopen = () => {
      this.delay = 250;
      this.greeted = false;
      this.hello();
      pinger = setInterval(() => {
        if (this.ws === ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "ping", t: Date.now() }));
      }, PING_MS);
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return; // a connection given up for a new one (reconnect()): what it still says is past
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === "welcome") {
        if (msg.token) localStorage.setItem(TOKEN, msg.token);
        this.greeted = true;
        const wasLost = this.everConnected && !this.quiet;
        this.everConnected = true;
        this.quiet = false;
        this.onStatus(wasLost ? "back" : "up");
        for (const queued of this.queue.splice(0)) this.send(queued);
      } else if (msg.type === "error" && msg.code === "unknown_token") {
        localStorage.removeItem(TOKEN); // the server forgot us (a new database): start again as a new player
        this.hello();
        return;
      } else if (msg.type === "error" && msg.code === "logged_out" && this.leaving) {
        return; // our own log out: the page says so itself
      } else if (msg.type === "error" && msg.code === "replaced") {
        this.replaced = true;
      }
      this.onMessage(msg);
    };
    ws.onclose = () => {
      clearInterval(pinger);
      if (this.ws !== ws) return;
      this.greeted = false;
      if (this.replaced) { this.onStatus("replaced"); return; }
      if (this.leaving) { this.ws = null; return; } // the server closed it at our own log out: reconnect() follows
      this.onStatus("down");
      clearTimeout(this.retry);
      this.retry = setTimeout(() => { this.retry = null; this.connect(); }, this.delay);
      this.delay = Math.min(this.delay * 2, 4000);
    };
  }

  hello() {
    const msg = { type: "hello", protocol: 1, hand_pause: true };
    const token = localStorage.getItem(TOKEN);
    const nickname = storedNickname();
    if (token) msg.token = token;
    if (nickname) msg.nickname = nickname;
    this.ws.send(JSON.stringify(msg));
  }

  /** A new connection at once (the old one closed without a banner): the handshake carries the session cookie
   * a log in just set, or no longer carries the one a log out ended. */
  reconnect() {
    clearTimeout(this.retry);
    this.retry = null;
    this.leaving = false;
    const old = this.ws;
    this.ws = null; // its close is no loss of connection
    if (old) old.close();
    this.greeted = false;
    this.quiet = true;
    this.connect();
  }

  /** Our own session is about to end (leaving true) or stays after all (false: the log out was refused; a
   * connection closed meanwhile is opened again). */
  expectLeave(leaving) {
    this.leaving = leaving;
    if (!leaving && !this.ws && this.retry === null) this.connect();
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN && (this.greeted || msg.type === "hello")) {
      this.ws.send(JSON.stringify(msg));
    } else {
      this.queue.push(msg);
    }
  }
}

const net = new Net(() => {}, () => {});

/** Opens the connection: every server message goes to onMessage, "up" | "down" | "back" | "replaced" to onStatus. */
export function connect(onMessage, onStatus) {
  net.onMessage = onMessage;
  net.onStatus = onStatus;
  net.connect();
}

/** Sends a message now, or once the server has greeted us (messages wait in order while the connection is down). */
export function send(msg) { net.send(msg); }

/** Connects again as whoever the cookie now says (after a log in, a log out, a new account). */
export function reconnect() { net.reconnect(); }

/** Before a log out or a deletion of our own: the server's logged_out error and close are expected (no error
 * notice, no retry of our own; reconnect() follows). false: the request failed and the session stays. */
export function expectLeave(leaving = true) { net.expectLeave(leaving); }
