import type { FastifyReply, FastifyRequest } from 'fastify';

/** The most of a refused upload's remaining body read (and dropped) so that its sender gets the answer. */
export const DROPPED_BODY_MAX_BYTES = 1024 * 1024;
const DROP_WAIT_MS = 2_000;

/**
 * Called when an upload is refused before its body was read to the end. Closing at once would
 * leave the unread bytes in the socket, and the kernel answers them with a reset: a client still
 * sending (a browser's or undici's fetch) then reports a network error instead of our refusal.
 * So the rest of a small body is read and dropped first, and the connection stays usable; the rest
 * of a large one is not read (a refused 2 GB file costs no 2 GB), and the connection closes after
 * the answer, as before.
 */
export async function settleRefusedBody(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (!(await dropRestOfBody(request))) reply.header('connection', 'close');
}

function dropRestOfBody({ raw }: FastifyRequest): Promise<boolean> {
  if (raw.readableEnded) return Promise.resolve(true);
  if (raw.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    let dropped = 0;
    const settle = (whole: boolean) => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone);
      if (!whole) raw.pause();
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > DROPPED_BODY_MAX_BYTES) settle(false);
    };
    const onEnd = () => settle(true);
    const onGone = () => settle(raw.readableEnded);
    const timer = setTimeout(() => settle(false), DROP_WAIT_MS);
    // The multipart parser no longer reads a refused body: take it off the pipe, then let it flow here.
    raw.unpipe();
    raw.on('data', onData).once('end', onEnd).once('error', onGone).once('close', onGone);
    raw.resume();
  });
}
