/**
 * The alarm code of a machine alarm (E101, E203...): the code the self-service fault articles are
 * labelled with. Machines send it in ErrorType or at the start of ErrorContent.
 */
const CODE = /\b([A-Z]\d{3})\b/;

export function alarmCodeOf(type: string, content: string): string | null {
  return CODE.exec(type.trim().toUpperCase())?.[1] ?? CODE.exec(content.trim().toUpperCase())?.[1] ?? null;
}
