import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { escapeHtml } from '#shared/html.ts'
import { acceptLanguageTags, LOCALES, pickLocale, SOURCE_LOCALE, type Locale } from '#shared/locales.ts'
import { errorBody } from './errors.ts'

/** Link-preview tags for one page, written into the served HTML (for crawlers, which run no JavaScript). */
export type PageTags = {
  title: string
  description: string
  image: string
  url: string
  /** schema.org data written as a JSON-LD script (the public profile's Person) */
  structuredData?: Record<string, unknown>
  /** keep the page out of search results: a robots meta tag and an `X-Robots-Tag` header */
  noindex?: boolean
}
export type SpaOptions = {
  /** tags for /invite?token=; null leaves the app's defaults */
  inviteTags?: (token: string, address: string) => Promise<PageTags | null>
  /** tags for /u/{id} and /profile/{id}; null (unknown person) leaves the app's generic ones, not indexed */
  profileTags?: (userId: string) => Promise<PageTags | null>
  /** the address the app is reached at: the prerendered landing's canonical link points at it */
  publicUrl?: string
  /** which landing a signed-out visitor gets: the one without a sign-up while this Hearth is by invitation only */
  signUpMode?: () => Promise<'open' | 'invitation'>
}

/** Better Auth's session cookie (`__Secure-` on https): its presence decides between the landing and the app at `/`. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/
/** The landing's footer year as React wrote it at build time; the server writes the current one. The copyright sign is
 * an escape: the compiled server stays ASCII (decision 184). */
const FOOTER_YEAR = /\u00a9 <!-- -->\d{4}<!-- -->/

const PROFILE_PATH = /^\/(?:u|profile)\/([A-Za-z0-9_-]{1,100})\/?$/

/** JSON inside a script element: `<` escaped so no text can close the element (`</script>`). */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

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
    .map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content ?? '')}" />`)
    .concat(
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:title" content="${escapeHtml(tags.title)}" />`,
      `<meta name="twitter:description" content="${escapeHtml(tags.description)}" />`,
      `<meta name="twitter:image" content="${escapeHtml(tags.image)}" />`,
      ...(tags.noindex ? ['<meta name="robots" content="noindex" />'] : []),
      ...(tags.structuredData
        ? [`<script type="application/ld+json" data-server-structured-data>${scriptJson(tags.structuredData)}</script>`]
        : []),
    )
    .join('\n    ')
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(tags.title)}</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/>/, `<meta name="description" content="${escapeHtml(tags.description)}" />`)
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
  // the landing page rendered at build time (decision 100): a visitor without a session gets it at `/`, without the
  // app's JavaScript; with a session cookie `/` is the app (home, or the landing again if the session has ended)
  const readLanding = (name: string) => {
    const file = webDir ? path.join(webDir, name) : undefined
    return hasWeb && file && fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .replace(
            '<link rel="canonical" href="/" />',
            `<link rel="canonical" href="${escapeHtml(new URL('/', options.publicUrl ?? 'http://localhost').href)}" />`,
          )
      : undefined
  }
  // English is landing.html; another language has its own files only when the build rendered the page in it
  // (vite.config.ts), so a visitor is never sent English text that claims another language (decision 222)
  const landings = new Map<Locale, { open: string; invitation: string }>()
  for (const locale of LOCALES) {
    const suffix = locale === SOURCE_LOCALE ? '' : `.${locale}`
    const open = readLanding(`landing${suffix}.html`)
    if (open) landings.set(locale, { open, invitation: readLanding(`landing-invitation${suffix}.html`) ?? open })
  }
  const landingText = landings.get(SOURCE_LOCALE)?.open
  /** The visitor's first language among those the landing was rendered in (`Accept-Language`); else English. */
  const landingLocale = (acceptLanguage: string | undefined): Locale => {
    const tags = acceptLanguageTags(acceptLanguage).filter((tag) => landings.has(pickLocale([tag])))
    return pickLocale(tags)
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api'
    if (!isApi && indexHtml && indexText && (request.method === 'GET' || request.method === 'HEAD')) {
      const url = new URL(request.url, 'http://hearth.invalid')
      if (url.pathname === '/' && landingText && !SESSION_COOKIE.test(request.headers.cookie ?? '')) {
        const invitationOnly = (await options.signUpMode?.()) === 'invitation'
        const locale = landingLocale(request.headers['accept-language'])
        const pages = landings.get(locale)
        const page = (invitationOnly ? pages?.invitation : pages?.open) ?? landingText
        // the page depends on the cookie and on the visitor's languages: a shared cache keeps one per both
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('vary', 'cookie, accept-language')
          .header('content-language', locale)
          .send(page.replace(FOOTER_YEAR, `© <!-- -->${new Date().getFullYear()}<!-- -->`))
      }
      const token = url.pathname === '/invite' ? url.searchParams.get('token') : null
      const profileId = PROFILE_PATH.exec(url.pathname)?.[1]
      // a refused or unknown token or person keeps the app's own tags: a preview never says more than the page would
      const tags =
        token && options.inviteTags
          ? await options.inviteTags(token, request.ip).catch(() => null)
          : profileId && options.profileTags
            ? await options.profileTags(profileId).catch(() => null)
            : null
      // a profile page is indexed only for someone who opted in to being found (decision 124)
      if (profileId && (!tags || tags.noindex)) void reply.header('x-robots-tag', 'noindex')
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(tags ? withPageTags(indexText, tags) : indexHtml)
    }
    return reply.status(404).send(errorBody(ERROR_CODES.notFound, `No route for ${request.method} ${request.url.split('?')[0]}`))
  })
}
