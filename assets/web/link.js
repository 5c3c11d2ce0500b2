// The connection to the host: a WebSocket carrying one msgpack map per binary message
// (docs/protocol.md), hello with the seat token kept in localStorage, pings answered,
// and reconnecting by itself when a phone wakes up or the network comes back.
import { playerKey } from "./records.js";
import { decode, encode } from "./vendor/msgpack.mjs";

export const PROTOCOL_VERSION = 1;
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
   * "connecting", "online", "offline" (retrying), "replaced" or "refused" (stopped). */
  constructor(url, { onmessage, onstatus }) {
    this.url = url;
    this.onmessage = onmessage;
    this.onstatus = onstatus;
    this.ws = null;
    this.name = "";
    this.lang = "";                    // the page's language: the host words its sentences in it
    this.stopped = false;
    this.retries = 0;
    this.timer = null;
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

  open(quiet = false) {
    clearTimeout(this.timer);
    if (!quiet) this.onstatus("connecting");
    const ws = new WebSocket(this.url);
    ws.binaryType = "arraybuffer";
    this.ws = ws;
    ws.onopen = () => {
      const hello = { type: "hello", version: PROTOCOL_VERSION, name: this.name };
      if (saved.token) hello.token = saved.token;
      if (this.lang) hello.lang = this.lang;
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
      if (msg.type === "ping") { this.raw({ type: "pong" }); return; }
      if (msg.type === "welcome") {
        this.retries = 0;
        saved.token = msg.token;
        this.onstatus("online");
      }
      if (msg.type === "error" && (msg.code === "replaced" || msg.code === "version")) {
        this.stopped = true;
        this.onstatus(msg.code === "replaced" ? "replaced" : "refused", msg.message);
      }
      this.onmessage(msg);
    };
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      const delay = Math.min(5000, 400 * 2 ** this.retries++);
      this.onstatus("offline", e.reason || "");
      this.timer = setTimeout(() => this.open(), delay);
    };
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
