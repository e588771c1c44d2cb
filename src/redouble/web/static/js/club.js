// The club pages' shared parts: where the page is, the outbox that survives a dropped network,
// and the live socket that re-renders on every confirmed entry.

import { contractText, t, worded } from "./i18n.js";

/** The session id, the table (on a table page) and the link's token, from the address. */
export function where() {
  const parts = location.pathname.split("/").filter(Boolean);
  const table = parts[2] === "table" ? Number(parts[3]) : null;
  return { session: parts[1], table, token: new URLSearchParams(location.search).get("token") || "" };
}

/** A fresh entry id: the server stores an entry once per id, however often it is resent. */
export function entryId() {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A JSON request; a refusal throws an Error with the server's one-line message. */
export async function call(method, url, body) {
  const response = await fetch(url, {
    method, headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = new Error((data.error && worded(data.error)) || `HTTP ${response.status}`);
    error.refused = true;
    throw error;
  }
  return data;
}

/** Writes kept in localStorage and sent in order, again and again until the server answers. */
export class Outbox {
  constructor(key, { onAnswer, onRefused, onChange }) {
    this.key = key;
    this.onAnswer = onAnswer;
    this.onRefused = onRefused;
    this.onChange = onChange;
    this.sending = false;
    addEventListener("online", () => this.flush());
    setInterval(() => this.flush(), 2000);
  }

  items() { return JSON.parse(localStorage.getItem(this.key) || "[]"); }

  save(items) { localStorage.setItem(this.key, JSON.stringify(items)); this.onChange(items); }

  push(url, body) { this.save([...this.items(), { url, body }]); return this.flush(); }

  async flush() {
    if (this.sending) return;
    this.sending = true;
    try {
      for (;;) {
        const [first] = this.items();
        if (!first) break;
        try {
          const answer = await call("POST", first.url, first.body);
          this.save(this.items().slice(1));
          this.onAnswer(answer, first);
        } catch (error) {
          if (!error.refused) break;  // no network: keep it and try again later
          this.save(this.items().slice(1));
          this.onRefused(error, first);
        }
      }
    } finally {
      this.sending = false;
    }
  }
}

/** The session's live updates: ``onUpdate(message)`` on every change; reconnects when dropped. */
export function watch(session, token, onUpdate, onState) {
  let delay = 500;
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/club/${session}${query}`);
    socket.onopen = () => { delay = 500; onState(true); };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "update") onUpdate(message);
    };
    socket.onclose = () => { onState(false); setTimeout(open, delay); delay = Math.min(delay * 2, 8000); };
  };
  open();
}

/** Signed score text: +420, −50, 0. */
export function signed(score) {
  if (score === null || score === undefined) return "";
  return score > 0 ? `+${score}` : score < 0 ? `−${-score}` : "0";
}

/** A contract with its suit symbol: 4♠, 3NTX. */
export function contractSymbols(text) {
  if (!text || text.toLowerCase() === "pass") return t("club_pass"); // a passed-out board, in the page's language
  return contractText(text); // "4♠X", "3SA" on a Dutch page
}
