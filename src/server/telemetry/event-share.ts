/**
 * The machine events' subscription on an external broker: an MQTT 5 shared subscription (group
 * `portal`), so that with several portals on one broker each event goes to one of them (issue 24).
 * Live data stays an ordinary subscription: every portal serves its own browsers.
 */
export const EVENT_SHARE = '$share/portal/+/event/+';
