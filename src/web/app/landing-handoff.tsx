import { useEffect } from 'react'

/**
 * The hand-over from the prerendered landing page to the app (decision 100). The server sends a visitor without a
 * session the landing as plain HTML with public/landing-loader.js; the app loads once the visitor reaches for the
 * page and renders the same landing in its place (HomeRoute shows it while the session is looked up).
 */
type LandingLoader = { __hearthLanding?: () => () => void }

let prerendered = false

/** Called by main.tsx before the first render: notes whether #root holds the prerendered landing, and if so takes
 * from the loader what the visitor did so far; answers what to call once the app has rendered the page. */
export function takeOverPrerenderedLanding(root: HTMLElement): (() => void) | undefined {
  prerendered = root.hasChildNodes()
  return prerendered ? (window as LandingLoader).__hearthLanding?.() : undefined
}

/** Whether `/` shows the landing, rather than a spinner, while the first session lookup is under way. */
export function startedOnPrerenderedLanding(): boolean {
  return prerendered
}

/** Gives the visitor's typed values, focus and held click back once the app's landing is on screen. */
export function LandingHandoff({ restore }: { restore: (() => void) | undefined }) {
  useEffect(() => restore?.(), [restore])
  return null
}
