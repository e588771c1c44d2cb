// The online session's live socket, shared by the player's and the director's pages.
import { byId } from "./dom.js";
import { t } from "./i18n.js";

/** Watch ``/ws/online/{session}`` as the token's holder: ``onFrame(frame)`` on every frame, the
 * connection state in #conn, reconnecting with a growing delay when the network drops. */
export function watchOnline(session, token, onFrame) {
  let delay = 500;
  const open = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/online/${session}?token=${encodeURIComponent(token)}`);
    socket.onopen = () => { delay = 500; byId("conn").textContent = t("online_live"); };
    socket.onmessage = (event) => onFrame(JSON.parse(event.data));
    socket.onclose = () => {
      byId("conn").textContent = t("online_offline");
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    };
  };
  open();
}
