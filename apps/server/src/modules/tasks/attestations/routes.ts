import { ATTACHMENT_MAX_BYTES, ATTACHMENT_TYPES, endpoints } from '@castellan/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { sessionOf } from '../../sessions/plugin';
import { route } from '../../sessions/route';
import type { AttachmentStore } from './attachment-store';
import {
  attestationsOf,
  attestTask,
  readAttachment,
  setReattestation,
  uploadAttachment,
} from './service';
import { bareType } from './upload';

/** A file's name in Content-Disposition: ASCII fallback and the UTF-8 name (RFC 6266). */
const disposition = (kind: 'inline' | 'attachment', name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Attestations: the trail of a task marked done by hand, its re-attestation period, and the
 * files attached as evidence. Uploads and downloads are bytes, outside the JSON contract.
 */
export const attestationRoutes =
  (db: Db, store: AttachmentStore): FastifyPluginAsyncZod =>
  async (app) => {
    route(app, endpoints.getAttestations, async (request) => {
      const { user, organization } = sessionOf(request);
      return attestationsOf(db, organization.id, user, request.query.taskId);
    });

    route(app, endpoints.attestTask, async (request) => {
      const { user, organization } = sessionOf(request);
      return attestTask(db, organization.id, user, request.body);
    });

    route(app, endpoints.setReattestation, async (request) => {
      const { user, organization } = sessionOf(request);
      const { taskId, months } = request.body;
      return setReattestation(db, organization.id, user, taskId, months);
    });

    // Any body type reaches the upload route as bytes, so that a wrong type gets a clear 400.
    app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    app.post(
      '/attachments',
      {
        schema: {
          hide: true,
          querystring: z.strictObject({ name: z.string().max(300).optional() }),
          body: z.custom<Buffer>((body) => Buffer.isBuffer(body), {
            message: 'send the file itself as the body, with its own type',
          }),
        },
        bodyLimit: ATTACHMENT_MAX_BYTES,
        config: {
          fileBody: ATTACHMENT_TYPES,
          rateLimit: { max: 30, timeWindow: '1 minute' },
        },
        onRequest: app.requireUser,
      },
      async (request, reply) => {
        const { user, organization } = sessionOf(request);
        const attachment = await uploadAttachment(db, store, organization.id, user, {
          bytes: request.body,
          type: bareType(request.headers['content-type']),
          name: request.query.name,
        });
        return reply.code(201).send({ attachment });
      },
    );

    app.get(
      '/attachments/:id',
      {
        schema: { hide: true, params: z.strictObject({ id: z.uuid() }) },
        onRequest: app.requireUser,
      },
      async (request, reply) => {
        const { organization } = sessionOf(request);
        const { attachment, bytes } = await readAttachment(
          db,
          store,
          organization.id,
          request.params.id,
        );
        // Images open in the browser; a PDF is downloaded. Nothing is cached outside the browser.
        const inline = attachment.contentType !== 'application/pdf';
        return reply
          .type(attachment.contentType)
          .header('cache-control', 'private, no-store')
          .header(
            'content-disposition',
            disposition(inline ? 'inline' : 'attachment', attachment.name),
          )
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('x-content-type-options', 'nosniff')
          .send(bytes);
      },
    );
  };
