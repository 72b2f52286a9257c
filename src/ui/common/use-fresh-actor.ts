import { useEffect, useState } from 'react';
import { createActor, type AnyStateMachine, type ActorOptions, type Actor } from 'xstate';

/**
 * Like `useActorRef`, but a remount gets a fresh actor instead of the old one restarted from its
 * snapshot. React 19 disconnects the effects of a tree that suspends again after it mounted (a
 * lazy chunk loading during navigation) and reconnects them later; an actor restored in a state
 * that was waiting for a promise would then wait forever (its promise was aborted at the stop).
 * A fresh actor simply loads again.
 */
export function useFreshActor<M extends AnyStateMachine>(machine: M, options?: ActorOptions<M>): Actor<M> {
  const [actor, setActor] = useState(() => createActor(machine, options));
  useEffect(() => {
    if ((actor.getSnapshot() as { status: string }).status === 'stopped') {
      setActor(createActor(machine, options));
      return;
    }
    actor.start();
    return () => {
      actor.stop();
    };
    // The machine and options of the first render stay: a new actor is made only on a remount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);
  return actor;
}
