import { useEffect } from 'react'

function setMeta(selector: string, create: () => HTMLElement, attribute: string, value: string) {
  let element = document.head.querySelector<HTMLElement>(selector)
  if (!element) {
    element = create()
    document.head.appendChild(element)
  }
  element.setAttribute(attribute, value)
}

/** Sets the document title, description and canonical link of a page. */
export function usePageMeta({ title, description, canonical }: { title: string; description?: string; canonical?: string }) {
  useEffect(() => {
    document.title = title
    if (description) {
      setMeta('meta[name="description"]', () => Object.assign(document.createElement('meta'), { name: 'description' }), 'content', description)
    }
    if (canonical) {
      const href = new URL(canonical, window.location.origin).href
      setMeta('link[rel="canonical"]', () => Object.assign(document.createElement('link'), { rel: 'canonical' }), 'href', href)
    }
  }, [title, description, canonical])
}
