/** An S3 error answer: HTTP status plus the `<Code>` and `<Message>` of its XML body. */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'S3Error';
  }
}

const escapeXml = (text: string): string =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

export function errorXml(error: S3Error, resource: string, requestId: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${escapeXml(error.code)}</Code><Message>${escapeXml(error.message)}</Message>` +
    `<Resource>${escapeXml(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`
  );
}
