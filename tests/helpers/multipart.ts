/** A multipart/form-data body with one file, for app.inject (no client library needed). */
export function multipart(field: string, fileName: string, data: Buffer, contentType = "application/octet-stream") {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
