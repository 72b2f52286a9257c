/**
 * True for the rejection of a request that was cancelled on purpose. Re-entering a loading state
 * (a language change right after mount) stops the old call; its AbortError can still reach the
 * machine as the error of the state's invocation, and must not turn the page into "failed".
 */
export const isAbortError = (error: unknown): boolean => (error as { name?: unknown } | null)?.name === 'AbortError';
