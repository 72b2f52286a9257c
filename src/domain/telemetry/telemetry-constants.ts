/** The live-data constants of spec 2 section 9 and ADR 0005. */

/** The sheet page asks the data service for its values this often. */
export const QUERY_INTERVAL_MS = 2000;

/** A tube page that hears nothing from its machine for this long shows it offline with zero values. */
export const SILENCE_MS = 3000;

/** A closed or failed data socket is opened again after this long. */
export const RECONNECT_MS = 2000;

/**
 * A sheet page whose socket stays open but answers nothing for this long shows offline too: the
 * server answers every query (values or server-message), so three missed answers mean it is stuck.
 */
export const ANSWER_TIMEOUT_MS = 3 * QUERY_INTERVAL_MS;

/**
 * A data socket that has not said `ready` this long after it was opened is closed and opened again
 * (the server closes a socket it could not log in within 5 s; this covers one that never says so).
 */
export const READY_TIMEOUT_MS = 10_000;

/** An open data socket that has left this many queries in a row unanswered is closed and opened again. */
export const UNANSWERED_QUERIES_TO_REOPEN = 5;

/** MQTT over websocket for browsers (ADR 0005). */
export const MQTT_KEEPALIVE_S = 100;
export const MQTT_CONNECT_TIMEOUT_MS = 5000;
export const MQTT_RECONNECT_MS = 2000;

/** Where the browser finds the live data on the portal's own origin. */
export const MQTT_PATH = '/mqtt';
export const DATA_SOCKET_PATH = '/ws/data';
