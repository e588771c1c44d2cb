// The table's websocket: numbered events, reconnect with back-off, catch-up by seq.

export class Connection {
  /**
   * @param {string} url  the websocket URL (ws://host/ws/{id}?token=…)
   * @param {object} handlers  onWelcome, onEvent, onSync, onAck, onError, onStatus(status)
   */
  constructor(url, handlers) {
    this.url = url;
    this.handlers = handlers;
    this.lastSeq = 0;
    this.nextId = 1;
    this.socket = null;
    this.retry = 0;
    this.closedForGood = false;
    this.queue = [];
    this.connect();
    window.addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    });
  }

  connect() {
    if (this.closedForGood) return;
    const hold = (this.holdUntil || 0) - Date.now();
    if (hold > 0) { this.timer = setTimeout(() => this.connect(), hold); return; }
    this.handlers.onStatus?.(this.lastSeq ? "reconnecting" : "connecting");
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.addEventListener("open", () => { this.retry = 0; });
    socket.addEventListener("message", (message) => this.receive(message.data));
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      // 1008 flooding, 1009 too large, 4403 a token of no seat here, 4404 no such table: final.
      if (this.closedForGood || [1008, 1009, 4403, 4404].includes(event.code)) {
        this.handlers.onStatus?.("closed");
        return;
      }
      this.handlers.onStatus?.("offline");
      const delay = Math.min(8000, 300 * 2 ** this.retry++) + Math.random() * 200;
      this.timer = setTimeout(() => this.connect(), delay);
    });
  }

  reconnectNow() {
    if (this.socket || this.closedForGood || (this.holdUntil || 0) > Date.now()) return;
    clearTimeout(this.timer);
    this.connect();
  }

  receive(text) {
    let message;
    try { message = JSON.parse(text); } catch (_) { return; }
    switch (message.type) {
      case "welcome": {
        const missed = this.lastSeq > 0 && message.seq > this.lastSeq;
        const since = this.lastSeq;
        this.handlers.onStatus?.("online");
        this.handlers.onWelcome?.(message);
        if (missed) this.send({ type: "resume", since });
        else this.lastSeq = Math.max(this.lastSeq, message.seq || 0);
        for (const queued of this.queue.splice(0)) this.socket?.send(JSON.stringify(queued));
        break;
      }
      case "event":
        if (message.seq && message.seq <= this.lastSeq) return; // already seen
        if (message.seq) {
          if (this.lastSeq && message.seq > this.lastSeq + 1) {
            // A gap: ask for what we missed; the sync brings the present too.
            this.send({ type: "resume", since: this.lastSeq });
          }
          this.lastSeq = message.seq;
        }
        this.handlers.onEvent?.(message);
        break;
      case "sync":
        this.lastSeq = Math.max(this.lastSeq, message.seq || 0);
        this.handlers.onSync?.(message);
        break;
      case "ack":
        this.handlers.onAck?.(message);
        break;
      case "traveller":
        this.handlers.onTraveller?.(message);
        break;
      case "error":
        if (message.code === "replaced") this.closedForGood = true;
        this.handlers.onError?.(message);
        break;
      default: // unnumbered news of the table: clock, chat, watchers
        this.handlers.onNews?.(message);
        break;
    }
  }

  /**
   * Send a message; returns its id (echoed by the ack or error), or null when offline.
   * Actions are never queued while offline (the table may have moved on); the language is.
   */
  send(message) {
    const id = message.id ?? this.nextId++;
    const framed = { ...message, id };
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(framed));
      return id;
    }
    if (message.type === "language") this.queue.push(framed);
    return null;
  }

  /** Drop the connection as if the network failed for `holdMs` (used to test catching up). */
  drop(holdMs = 0) {
    this.holdUntil = Date.now() + holdMs;
    this.socket?.close(4000, "dropped");
  }
}
