import { fromCallback, type EventObject } from 'xstate';

/** The events an upload's machine takes from its transfer, each built from what the port reports. */
export interface UploadEvents<TEvent extends EventObject, TAnswer> {
  progress: (sent: number) => TEvent;
  answer: (answer: TAnswer) => TEvent;
  /** No answer came (the HTTP adapter showed its dialog); never sent after the machine stopped the upload. */
  lost: TEvent;
}

/**
 * An upload with its progress as a callback actor (documents, releases, the avatar): the port's
 * transfer runs with an abort signal the actor's stop pulls, and reports back as the machine's
 * own events. The machines see only a file's name, size and type; the browser's File rides in the
 * input as it came from the screen.
 */
export function uploadActor<TEvent extends EventObject, TInput, TAnswer>(
  send: (input: TInput, onProgress: (sent: number) => void, signal: AbortSignal) => Promise<TAnswer>,
  events: UploadEvents<TEvent, TAnswer>,
) {
  return fromCallback<TEvent, TInput>(({ input, sendBack }) => {
    const abort = new AbortController();
    send(input, (sent) => sendBack(events.progress(sent)), abort.signal)
      .then((answer) => sendBack(events.answer(answer)))
      .catch(() => {
        if (!abort.signal.aborted) sendBack(events.lost);
      });
    return () => abort.abort();
  });
}
