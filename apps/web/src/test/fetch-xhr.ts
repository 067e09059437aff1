/// <reference types="node" />

function readBlob(blob: Blob): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(Buffer.from(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** jsdom's FormData, encoded by hand: Node's fetch cannot read another realm's form. */
async function encodeForm(form: FormData): Promise<{ body: Buffer; type: string }> {
  const boundary = `----page-test-${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        ),
      );
    } else {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.name}"\r\nContent-Type: ${value.type || 'application/octet-stream'}\r\n\r\n`,
        ),
        await readBlob(value),
        Buffer.from('\r\n'),
      );
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Uploads go through XMLHttpRequest (for progress), which jsdom cannot send to the real server:
 * stubbed with this (`vi.stubGlobal('XMLHttpRequest', FetchXhr)`), the form goes as multipart
 * through the stubbed fetch, and its progress is reported once whole.
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
        const { body, type } = await encodeForm(form);
        this.upload.onprogress?.({
          lengthComputable: true,
          loaded: body.length,
          total: body.length,
        });
        const res = await fetch(this.url, {
          method: this.method,
          headers: { ...this.headers, 'content-type': type },
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
