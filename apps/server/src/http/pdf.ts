import type { FastifyReply } from 'fastify';

/** Answers a PDF file download (labels and the like), never cached. */
export function sendPdf(reply: FastifyReply, filename: string, pdf: Uint8Array): FastifyReply {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'no-store')
    .send(Buffer.from(pdf));
}
