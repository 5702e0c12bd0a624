import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { ERROR_CODES } from '#shared/api-error.ts'
import { errorBody } from './errors.ts'

/** Link-preview tags for one page, written into the served HTML (for crawlers, which run no JavaScript). */
export type PageTags = {
  title: string
  description: string
  image: string
  url: string
  /** schema.org data written as a JSON-LD script (the public profile's Person) */
  structuredData?: Record<string, unknown>
}
export type SpaOptions = {
  /** tags for /invite?token= (issue 14); null leaves the app's defaults */
  inviteTags?: (token: string, address: string) => Promise<PageTags | null>
  /** tags for /u/{id} and /profile/{id} (issue 15); null (unknown person) leaves the app's generic ones */
  profileTags?: (userId: string) => Promise<PageTags | null>
}

const PROFILE_PATH = /^\/(?:u|profile)\/([A-Za-z0-9_-]{1,100})\/?$/

/** JSON inside a script element: `<` escaped so no text can close the element (`</script>`). */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

const escapeAttr = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** index.html with Open Graph and Twitter tags, and the title and description replaced by the page's own. */
export function withPageTags(html: string, tags: PageTags): string {
  const meta = [
    ['og:type', 'website'],
    ['og:site_name', 'Hearth'],
    ['og:title', tags.title],
    ['og:description', tags.description],
    ['og:image', tags.image],
    ['og:url', tags.url],
  ]
    .map(([property, content]) => `<meta property="${property}" content="${escapeAttr(content ?? '')}" />`)
    .concat(
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:title" content="${escapeAttr(tags.title)}" />`,
      `<meta name="twitter:description" content="${escapeAttr(tags.description)}" />`,
      `<meta name="twitter:image" content="${escapeAttr(tags.image)}" />`,
      ...(tags.structuredData
        ? [`<script type="application/ld+json" data-server-structured-data>${scriptJson(tags.structuredData)}</script>`]
        : []),
    )
    .join('\n    ')
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeAttr(tags.title)}</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/>/, `<meta name="description" content="${escapeAttr(tags.description)}" />`)
    .replace('</head>', `    ${meta}\n  </head>`)
}

/**
 * Serves the built web app (dist/web) and answers every other GET with index.html so that the
 * client router can show the screen (or its not-found screen). Unknown /api paths get a JSON 404.
 */
export async function registerSpa(app: FastifyInstance, webDir: string | undefined, options: SpaOptions = {}) {
  const indexFile = webDir ? path.join(webDir, 'index.html') : undefined
  const hasWeb = indexFile !== undefined && fs.existsSync(indexFile)
  if (hasWeb && webDir) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      wildcard: false,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable')
        // the service worker is looked at on every start, so a new version is picked up at once
        else if (path.basename(filePath) === 'sw.js') res.header('cache-control', 'no-cache')
      },
    })
  }
  const indexHtml = hasWeb && indexFile ? fs.readFileSync(indexFile) : undefined

  const indexText = indexHtml?.toString('utf8')

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api'
    if (!isApi && indexHtml && indexText && (request.method === 'GET' || request.method === 'HEAD')) {
      const url = new URL(request.url, 'http://hearth.invalid')
      const token = url.pathname === '/invite' ? url.searchParams.get('token') : null
      const profileId = PROFILE_PATH.exec(url.pathname)?.[1]
      // a refused or unknown token or person keeps the app's own tags: a preview never says more than the page would
      const tags =
        token && options.inviteTags
          ? await options.inviteTags(token, request.ip).catch(() => null)
          : profileId && options.profileTags
            ? await options.profileTags(profileId).catch(() => null)
            : null
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(tags ? withPageTags(indexText, tags) : indexHtml)
    }
    return reply.status(404).send(errorBody(ERROR_CODES.notFound, `No route for ${request.method} ${request.url.split('?')[0]}`))
  })
}
