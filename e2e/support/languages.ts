import type { Page } from '@playwright/test'
import { LOCALE_NAMES } from '#shared/locales.ts'

/**
 * Words a screen in the pseudo-locale (`?locale=en-XA`) may show as they are: the product's name, the languages'
 * own names, a device's browser and system, a shortcut, and the word that confirms an account's deletion (typed as it
 * is in every language). Add the names of the people a screen shows.
 */
export const PSEUDO_ALLOWED = [
  'Hearth',
  ...Object.values(LOCALE_NAMES),
  'Chrome',
  'Chromium',
  'Linux',
  'Windows',
  'HeadlessChrome',
  'alt+T',
  'DELETE',
]

/** The visible text of the page that is plain English: not accented by the pseudo-locale, nor a name it may show. */
export async function plainEnglish(page: Page, allowed: string[]): Promise<string[]> {
  return page.evaluate((allowedWords) => {
    const found: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement
      if (!element || element.closest('[aria-hidden="true"], script, style, [data-sonner-toaster]')) continue
      if (!element.checkVisibility()) continue
      let text = node.textContent ?? ''
      text = text.replace(/[\w.+-]+@[\w.-]+/g, ' ')
      for (const word of allowedWords) text = text.split(word).join(' ')
      if (/[A-Za-z]{2,}/.test(text)) found.push(node.textContent?.trim() ?? '')
    }
    // attributes people hear: accessible names and placeholders
    for (const element of document.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title]')) {
      if (!element.checkVisibility()) continue
      for (const name of ['aria-label', 'placeholder', 'title']) {
        let text = element.getAttribute(name) ?? ''
        // a device's user agent, shown as its title
        if (text.startsWith('Mozilla/')) continue
        for (const word of allowedWords) text = text.split(word).join(' ')
        if (/[A-Za-z]{2,}/.test(text)) found.push(`${name}=${element.getAttribute(name)}`)
      }
    }
    return found
  }, allowed)
}
