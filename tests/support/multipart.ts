import type { TestPortal } from './test-portal';

/** A multipart body with one file part, as a browser's FormData sends it. */
export async function fileForm(bytes: Buffer, filename: string, field = 'file'): Promise<{ payload: Buffer; contentType: string }> {
  const data = new FormData();
  data.append(field, new Blob([new Uint8Array(bytes)]), filename);
  const encoded = new Response(data);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
}

/** POSTs one file to an upload call; answers status and parsed envelope. */
export async function uploadFile(portal: TestPortal, path: string, bytes: Buffer, filename: string, token: string | null) {
  const body = await fileForm(bytes, filename);
  const res = await portal.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    headers: { 'content-type': body.contentType, ...(token ? { token } : {}) },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

/** The smallest PNG (1x1). */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
