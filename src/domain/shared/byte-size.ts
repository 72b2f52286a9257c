/** A size as the refusals name it: whole MB or KB where it is one, else bytes (`256 MB`, `512 KB`, `1000 bytes`). */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 && n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MB`;
  if (n >= 1024 && n % 1024 === 0) return `${n / 1024} KB`;
  return `${n} bytes`;
}
