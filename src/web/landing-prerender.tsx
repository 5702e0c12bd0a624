import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { LANDING_META, LandingPage } from './features/landing/landing-page.tsx'

export { LANDING_META }

/**
 * The landing page as HTML, rendered when the web app is built (vite.config.ts, `prerenderLanding`): what a visitor
 * without a session gets at `/`, shown at once without the app's JavaScript (decision 100). The app renders the very
 * same page when it starts (HomeRoute), so the swap is invisible.
 */
export function renderLanding(): string {
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/']}>
          <LandingPage />
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  )
}
