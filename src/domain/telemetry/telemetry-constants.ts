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

/** MQTT over websocket for browsers (ADR 0005). */
export const MQTT_KEEPALIVE_S = 100;
export const MQTT_CONNECT_TIMEOUT_MS = 5000;
export const MQTT_RECONNECT_MS = 2000;

/** Where the browser finds the live data on the portal's own origin. */
export const MQTT_PATH = '/mqtt';
export const DATA_SOCKET_PATH = '/ws/data';
