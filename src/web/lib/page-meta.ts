import { useEffect } from 'react'

export const DEFAULT_DESCRIPTION =
  'Hearth is a voice-first private messaging app for your closest people: meaningful voice messages, asynchronous and calm, private by design.'

/** `noindex` keeps the page out of search results (a robots meta tag); the server writes the same for crawlers. */
export type PageMeta = { title: string; description?: string; canonical?: string; noindex?: boolean }

function upsertHeadElement<K extends 'meta' | 'link'>(selector: string, tag: K, init: (element: HTMLElementTagNameMap[K]) => void) {
  let element = document.head.querySelector<HTMLElementTagNameMap[K]>(selector)
  if (!element) {
    element = document.createElement(tag)
    document.head.appendChild(element)
  }
  init(element)
}

/** The screen's own title and the signed-in person's unread count, which every title carries in front. */
const titleState = { screen: '', unread: 0 }

const titled = () => (titleState.unread > 0 ? `(${titleState.unread}) ${titleState.screen}` : titleState.screen)

/**
 * The unread count in front of every screen's title, as mail and chat apps show it in a background tab, and on the
 * installed app's icon where the platform has a badge (decision 127). 0 takes both away.
 */
export function setUnreadInTitle(unread: number, doc: Document = document): void {
  if (unread === titleState.unread) return
  titleState.unread = unread
  if (titleState.screen) doc.title = titled()
  const badge = navigator as Navigator & { setAppBadge?: (n: number) => Promise<void>; clearAppBadge?: () => Promise<void> }
  // a badge is a nicety: a browser without one, or one that refuses it, changes nothing
  void (unread > 0 ? badge.setAppBadge?.(unread) : badge.clearAppBadge?.())?.catch(() => undefined)
}

/** Writes title, description, robots and canonical link into the document head (no inline script, so no helmet tricks). */
export function applyPageMeta({ title, description, canonical, noindex = false }: PageMeta, doc: Document = document): void {
  titleState.screen = title
  doc.title = titled()
  if (noindex) {
    upsertHeadElement('meta[name="robots"]', 'meta', (meta) => {
      meta.name = 'robots'
      meta.content = 'noindex'
    })
  } else doc.head.querySelector('meta[name="robots"]')?.remove()
  upsertHeadElement('meta[name="description"]', 'meta', (meta) => {
    meta.name = 'description'
    meta.content = description ?? DEFAULT_DESCRIPTION
  })
  const existing = doc.head.querySelector('link[rel="canonical"]')
  if (canonical === undefined) {
    existing?.remove()
    return
  }
  upsertHeadElement('link[rel="canonical"]', 'link', (link) => {
    link.rel = 'canonical'
    link.href = new URL(canonical, window.location.origin).href
  })
}

/** Sets the page's title, description, robots and canonical link while the page is shown. */
export function usePageMeta({ title, description, canonical, noindex }: PageMeta): void {
  useEffect(() => {
    applyPageMeta({ title, description, canonical, noindex })
  }, [title, description, canonical, noindex])
}

export type StructuredData = Record<string, unknown>

const STRUCTURED_DATA_ATTR = 'data-page-structured-data'

/**
 * Adds a `<script type="application/ld+json">` with `json` to the head and returns a function that removes it.
 * JSON-LD is data the browser never executes, so the strict Content-Security-Policy (no inline scripts) is not
 * involved; `<` is escaped anyway so that the text can never close its element if the head is serialised.
 */
export function addStructuredData(json: string, doc: Document = document): () => void {
  // the server wrote the first page's JSON-LD for crawlers (spa.ts); once the app describes the page, the page has one
  for (const written of doc.head.querySelectorAll('script[data-server-structured-data]')) written.remove()
  const script = doc.createElement('script')
  script.type = 'application/ld+json'
  script.setAttribute(STRUCTURED_DATA_ATTR, '')
  script.textContent = json.replace(/</g, '\\u003c')
  doc.head.appendChild(script)
  return () => script.remove()
}

/** Emits schema.org structured data (JSON-LD) while the page is shown; `null` emits nothing. */
export function useStructuredData(data: StructuredData | null): void {
  const json = data ? JSON.stringify(data) : null
  useEffect(() => {
    if (json === null) return
    return addStructuredData(json)
  }, [json])
}
