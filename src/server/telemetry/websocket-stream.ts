import type { Duplex } from 'node:stream';
import { createWebSocketStream, type WebSocket } from 'ws';

/**
 * The byte stream aedes reads and writes for a browser on `/mqtt`: ws' own stream, with one
 * difference. mqtt-packet writes a PUBLISH as five small chunks (header, length, topic length,
 * topic, payload) between a cork and an uncork at the next tick. ws' stream has no `_writev`, so
 * each chunk went out as a websocket frame of its own: five frames, five socket writes and their
 * objects per message. At 10,000 messages a second that garbage was what made the broker's
 * garbage collector run its major collections every few seconds, each a latency spike of about
 * 100 ms (ADR 0009). With `_writev`, everything written to a page in one tick (its
 * packets, whole) goes out as one binary frame. MQTT over websocket is a byte stream, so where
 * the frames fall does not matter to the client (MQTT 3.1.1, section 6).
 */
export function mqttWebSocketStream(ws: WebSocket): Duplex {
  const stream = createWebSocketStream(ws);
  stream._writev = (chunks, callback) => {
    const buffers = chunks.map(({ chunk, encoding }) => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding)));
    stream._write(buffers.length === 1 ? buffers[0] : Buffer.concat(buffers), 'binary', callback);
  };
  return stream;
}
