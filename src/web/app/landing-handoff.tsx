import { lazy, Suspense, useEffect } from 'react'
import { FullPageSpinner } from '#web/components/full-page-spinner.tsx'
import type * as LandingPageModule from '#web/screens/landing/landing-page.tsx'

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

type LandingModule = typeof LandingPageModule
let landingModule: LandingModule | undefined

/** Loads the landing page's code (its sign-in card and forms stay out of the signed-in first screen). */
export async function loadLandingPage(): Promise<LandingModule> {
  landingModule ??= await import('#web/screens/landing/landing-page.tsx')
  return landingModule
}

const LazyLandingPage = lazy(async () => ({ default: (await loadLandingPage()).LandingPage }))

/**
 * The landing page for `/`. main.tsx loads its code before the first render when it takes over the prerendered
 * page, so that page is replaced by the same page at once, never by a spinner.
 */
export function Landing() {
  if (landingModule) return <landingModule.LandingPage />
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <LazyLandingPage />
    </Suspense>
  )
}
