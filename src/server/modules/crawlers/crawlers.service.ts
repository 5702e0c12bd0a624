import { escapeHtml } from '#shared/html.ts'
import { publicProfilePath } from '#shared/public-profile.ts'
import type { Executor } from '#server/db/client.ts'
import { listListedProfiles } from '#server/modules/public-profiles/public-profiles.queries.ts'

/** A sitemap file holds at most 50,000 addresses (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000

/**
 * Paths no search engine needs: the API, the local mailbox, the auth and invitation screens (they carry tokens), the
 * second address of a profile (its canonical is /u/{id}) and the signed-in screens (they only send a visitor to /).
 */
const DISALLOWED = [
  '/api/',
  '/dev/',
  '/auth',
  '/invite',
  '/profile/',
  '/contacts',
  '/record',
  '/playback/',
  '/messages',
  '/settings',
  '/archived-contacts',
  '/account-deleted',
]

/** robots.txt and sitemap.xml: what crawlers may read, and the public pages (the landing and listed profiles). */
export function createCrawlersService({ db, publicUrl }: { db: Executor; publicUrl: string }) {
  const absolute = (pathname: string) => new URL(pathname, publicUrl).href
  return {
    robotsTxt(): string {
      return [
        'User-agent: *',
        'Allow: /',
        ...DISALLOWED.map((path) => `Disallow: ${path}`),
        '',
        `Sitemap: ${absolute('/sitemap.xml')}`,
        '',
      ].join('\n')
    },

    async sitemapXml(): Promise<string> {
      const people = await listListedProfiles(db, SITEMAP_MAX_URLS - 1)
      const entries = [
        `  <url><loc>${escapeHtml(absolute('/'))}</loc></url>`,
        ...people.map(
          ({ id, updatedAt }) =>
            `  <url><loc>${escapeHtml(absolute(publicProfilePath(id)))}</loc><lastmod>${updatedAt.toISOString()}</lastmod></url>`,
        ),
      ]
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...entries,
        '</urlset>',
        '',
      ].join('\n')
    },
  }
}

export type CrawlersService = ReturnType<typeof createCrawlersService>
