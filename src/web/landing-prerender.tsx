import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { IntlProvider } from 'react-intl'
import { MemoryRouter } from 'react-router'
import type { SignUpMode } from '#shared/admin.ts'
import { SOURCE_LOCALE, type Locale } from '#shared/locales.ts'
import { configKeys } from '#web/resources/config/queries.ts'
import { LANDING_META, LandingPage } from '#web/screens/landing/landing-page.tsx'

export { LANDING_META }

/**
 * The landing page as HTML, rendered when the web app is built (vite.config.ts, `prerenderLanding`): what a visitor
 * without a session gets at `/`, shown at once without the app's JavaScript (decision 100). The app renders the very
 * same page when it starts (HomeRoute), so the swap is invisible. `invitation` renders the card of a Hearth that takes
 * people by invitation only (decision 162), which the server sends while that mode holds. `locale` and its catalogue
 * (src/web/i18n/messages) render it in another language (decision 222); English is the code's own text.
 */
export function renderLanding(
  signUpMode: SignUpMode = 'open',
  locale: Locale = SOURCE_LOCALE,
  messages: Record<string, string> = {},
): string {
  const client = new QueryClient()
  if (signUpMode === 'invitation')
    client.setQueryData(configKeys.public(), { googleSignInEnabled: false, devMailboxEnabled: false, signUpMode })
  return renderToString(
    <StrictMode>
      <IntlProvider locale={locale} defaultLocale={SOURCE_LOCALE} messages={messages} onError={() => {}}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={['/']}>
            <LandingPage />
          </MemoryRouter>
        </QueryClientProvider>
      </IntlProvider>
    </StrictMode>,
  )
}
