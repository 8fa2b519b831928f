/** Builds a multipart body as a browser's FormData would, for app.inject. */
export async function multipart(
  /** A list is a repeated field, as a form's several values of one name. */
  fields: Record<string, string | readonly string[]>,
  files: { field: string; bytes: Buffer; type: string; name: string }[] = [],
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const each of typeof value === 'string' ? [value] : value) form.append(key, each);
  for (const file of files)
    form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    headers: { 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  };
}
