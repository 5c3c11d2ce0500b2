// The connection to the host: a WebSocket carrying one msgpack map per binary message
// (docs/protocol.md), hello with the seat token kept in localStorage, pings answered,
// and reconnecting by itself when a phone wakes up or the network comes back. A link that
// goes quiet is asked (our own `ping`); one that does not answer is said dead and opened
// anew, within 5 s (LIVENESS), and at once on the browser's `offline` event.
import { playerKey } from "./records.js";
import { decode, encode } from "./vendor/msgpack.mjs";

export const PROTOCOL_VERSION = 1;
// quiet this long (ms): ask the host; no answer this long after asking: the link is dead;
// a connection not welcomed this long is dead too
export const LIVENESS = { quiet: 2000, answer: 2000, opening: 5000, every: 250 };
const TOKEN_KEY = "hearts.token";
const NAME_KEY = "hearts.name";

export const saved = {
  get name() { return localStorage.getItem(NAME_KEY) || ""; },
  set name(v) { localStorage.setItem(NAME_KEY, v); },
  get token() { return localStorage.getItem(TOKEN_KEY) || ""; },
  set token(v) { v ? localStorage.setItem(TOKEN_KEY, v) : localStorage.removeItem(TOKEN_KEY); },
};

export class Link {
  /** `onmessage(msg)` gets every host message; `onstatus(status, why)` the link's state:
   * "connecting", "online", "offline" (retrying), "replaced" or "refused" (stopped);
   * `away()`: where my seat stands, said in each hello (`hello.away`, or null). */
  constructor(url, { onmessage, onstatus, away = () => null }) {
    this.url = url;
    this.onmessage = onmessage;
    this.onstatus = onstatus;
    this.away = away;
    this.ws = null;
    this.name = "";
    this.lang = "";                    // the page's language: the host words its sentences in it
    this.stopped = false;
    this.retries = 0;
    this.timer = null;
    this.heard = 0;                    // when the host last said anything (performance.now())
    this.asked = 0;                    // when we pinged a quiet host (0: not asking)
    this.opened = 0;                   // when the connection now being opened was started
    this.welcomed = false;
    setInterval(() => this.watch(), LIVENESS.every);
    window.addEventListener("offline", () => { if (this.ws) this.lost(this.ws, "offline"); });
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.wake();
    });
    window.addEventListener("online", () => this.wake());
  }

  connect(name) {
    this.name = name;
    this.stopped = false;
    this.open();
  }

  /** Reconnect now if the link is down (a phone woke up). */
  wake() {
    if (this.stopped || !this.name) return;
    if (!this.ws || this.ws.readyState === WebSocket.CLOSED) {
      clearTimeout(this.timer);
      this.retries = 0;
      this.open();
    }
  }

  /** Say hello again on a new connection (the page's language changed): the host moves
   * the seat to it (the old one is `replaced`, and nobody else hears of it) and sends the
   * table worded anew. */
  again() {
    if (this.stopped || !this.name) return;
    if (this.ws && this.ws.readyState === WebSocket.OPEN && saved.token) this.open(true);
    else this.wake();
  }

  /** Is the link alive? A quiet one is pinged; one silent after that, or never welcomed,
   * is closed and opened anew. */
  watch() {
    const ws = this.ws;
    if (!ws || this.stopped) return;
    const now = performance.now();
    if (!this.welcomed) {
      if (now - this.opened > LIVENESS.opening) this.lost(ws, "timeout");
      return;
    }
    if (this.asked && now - this.asked > LIVENESS.answer) this.lost(ws, "timeout");
    else if (!this.asked && now - this.heard > LIVENESS.quiet && this.raw({ type: "ping" })) this.asked = now;
  }

  /** `ws` is dead (closed, silent or the browser went offline): say so, try again. */
  lost(ws, why) {
    if (this.ws !== ws) return;
    this.ws = null;
    this.welcomed = false;
    this.asked = 0;
    ws.onclose = null;
    try { ws.close(); } catch (err) { /* already closing */ }
    if (this.stopped) return;
    const delay = navigator.onLine === false ? 5000 : Math.min(5000, 400 * 2 ** this.retries++);
    this.onstatus("offline", why || "");
    this.timer = setTimeout(() => this.open(), delay);
  }

  open(quiet = false) {
    clearTimeout(this.timer);
    if (!quiet) this.onstatus("connecting");
    const ws = new WebSocket(this.url);
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    this.opened = performance.now();
    this.welcomed = false;
    this.asked = 0;
    ws.onopen = () => {
      const hello = { type: "hello", version: PROTOCOL_VERSION, name: this.name };
      if (saved.token) hello.token = saved.token;
      if (this.lang) hello.lang = this.lang;
      hello.words = true;               // each change in the host's sentences (update.said)
      const away = this.away();         // back at a seat: the host says what a bot did (table.away)
      if (away) hello.away = away;
      hello.key = playerKey();          // who this person is in the host's statistics
      this.raw(hello);
    };
    ws.onmessage = (e) => {
      if (typeof e.data === "string" || this.ws !== ws) return;   // not a replaced one's
      let msg;
      try {
        msg = decode(new Uint8Array(e.data));
      } catch (err) {
        console.warn("undecodable message", err);
        return;
      }
      if (!msg || typeof msg.type !== "string") return;
      this.heard = performance.now();
      this.asked = 0;
      if (msg.type === "ping") { this.raw({ type: "pong" }); return; }
      if (msg.type === "pong") return;
      if (msg.type === "welcome") {
        this.retries = 0;
        this.welcomed = true;
        saved.token = msg.token;
        this.onstatus("online");
      }
      if (msg.type === "error" && (msg.code === "replaced" || msg.code === "version")) {
        this.stopped = true;
        this.onstatus(msg.code === "replaced" ? "replaced" : "refused", msg.message);
      }
      this.onmessage(msg);
    };
    ws.onclose = (e) => this.lost(ws, e.reason || "");
  }

  raw(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(encode(msg));
      return true;
    }
    return false;
  }

  /** Send an intent; false when the link is down (the caller says so). */
  send(type, fields = {}) {
    return this.raw({ type, ...fields });
  }

  /** Forget the seat and stop (a fresh start under another name). */
  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
