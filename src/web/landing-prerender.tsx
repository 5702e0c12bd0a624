import { IntlProvider } from 'react-intl'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import type { SignUpMode } from '#shared/admin.ts'
import { configKeys } from './features/config/queries.ts'
import { LANDING_META, LandingPage } from './features/landing/landing-page.tsx'

export { LANDING_META }

/**
 * The landing page as HTML, rendered when the web app is built (vite.config.ts, `prerenderLanding`): what a visitor
 * without a session gets at `/`, shown at once without the app's JavaScript (decision 100). The app renders the very
 * same page when it starts (HomeRoute), so the swap is invisible. `invitation` renders the card of a Hearth that takes
 * people by invitation only (decision 162), which the server sends while that mode holds.
 */
export function renderLanding(signUpMode: SignUpMode = 'open'): string {
  const client = new QueryClient()
  if (signUpMode === 'invitation')
    client.setQueryData(configKeys.public(), { googleSignInEnabled: false, devMailboxEnabled: false, signUpMode })
  return renderToString(
    <StrictMode>
      <QueryClientProvider client={client}>
        {/* in English, the source language: the app shows the visitor's own language once it runs (decision 221) */}
        <IntlProvider locale="en" defaultLocale="en" messages={{}}>
          <MemoryRouter initialEntries={['/']}>
            <LandingPage />
          </MemoryRouter>
        </IntlProvider>
      </QueryClientProvider>
    </StrictMode>,
  )
}
