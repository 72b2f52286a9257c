/** Base64 as sent by a browser or the nesting software: plain, or a data: URL. Null when it is not base64. */
export function decodeBase64(text: string): Buffer | null {
  const b64 = text.replace(/^data:[^,]{0,200};base64,/, '').replace(/\s+/g, '');
  if (b64.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) return null;
  return Buffer.from(b64, 'base64');
}
