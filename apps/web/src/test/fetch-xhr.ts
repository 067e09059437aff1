/// <reference types="node" />

function readBlob(blob: Blob): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * Uploads go through XMLHttpRequest (for progress), which jsdom cannot send to the real server:
 * stubbed with this (`vi.stubGlobal('XMLHttpRequest', FetchXhr)`), the form's `file` is sent as
 * multipart through the stubbed fetch, and its progress reported once whole.
 */
export class FetchXhr {
  status = 0;
  responseText = '';
  upload: {
    onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {}
  send(form: FormData) {
    void (async () => {
      try {
        const file = form.get('file') as File;
        const boundary = `----page-test-${Math.random().toString(16).slice(2)}`;
        const body = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type || 'application/octet-stream'}\r\n\r\n`,
          ),
          await readBlob(file),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        this.upload.onprogress?.({
          lengthComputable: true,
          loaded: body.length,
          total: body.length,
        });
        const res = await fetch(this.url, {
          method: this.method,
          headers: { ...this.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
          body: new Uint8Array(body),
        });
        this.status = res.status;
        this.responseText = await res.text();
        this.onload?.();
      } catch {
        this.onerror?.();
      }
    })();
  }
}
