import type { FastifyPluginAsync } from 'fastify'
import { SHARE_NOT_READY_PATH, SHARE_PATH } from '#shared/share-target.ts'

/**
 * The share sheet's post (decision 142). The service worker answers it in the browser; it reaches the server only when
 * none runs yet (Hearth was installed but not opened since), and then the browser is sent to a page that says to open
 * Hearth once and share again. Nothing of the post is read or kept, so it needs neither a session nor this origin (the
 * share sheet's post carries none).
 */
export const shareTargetRoutes: FastifyPluginAsync = async (app) => {
  // the body is never read: the server answers at once and Node drops the rest of the upload
  app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, undefined))
  app.post(SHARE_PATH, { config: { anyOrigin: true }, schema: { hide: true } }, async (_request, reply) =>
    reply.redirect(SHARE_NOT_READY_PATH, 303),
  )
}
