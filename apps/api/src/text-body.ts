// `text/plain` bodies (order texts) read as the mail intake reads a text attachment (the kernel's
// decodeTextBytes): the declared charset; without one UTF-8, or else Windows-1252, so that JOverseer's
// order file as it saves it on Windows, sent as it is (`curl --data-binary @me03v0.077`), keeps its
// accents. The body limit applies as to every body.
import type { FastifyInstance } from 'fastify';
import { decodeTextBytes } from '@arbiter/engine';

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)/i;

export function readTextBodies(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('text/plain');
  fastify.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = CHARSET.exec(request.headers['content-type'] ?? '')?.[1];
    done(null, decodeTextBytes(body as Buffer, charset).text);
  });
}
