import type * as TestingLibrary from '@testing-library/react'
import type { ReactNode } from 'react'
import { beforeAll, vi } from 'vitest'

// The web's queries load their answers' schemas on first use (decision 170). They are loaded before the tests, so
// that a test's clock (a fake one, or a waitFor's time-out) never also waits for a module to be transformed.
beforeAll(async () => {
  await Promise.all([
    import('#shared/api-error.ts'),
    import('#shared/auth-session.ts'),
    import('#shared/contacts.ts'),
    import('#shared/message-requests.ts'),
    import('#shared/messages.ts'),
    import('#shared/profile.ts'),
    import('#shared/realtime.ts'),
    import('#shared/relationship-health.ts'),
    import('#web/lib/answer-schemas.ts'),
  ])
})

// Every screen's text goes through react-intl (decision 220): a component rendered by a test gets the English
// messages, as the app's I18nProvider gives them, without each test wrapping it.
vi.mock('@testing-library/react', async (importOriginal) => {
  const actual = await importOriginal<typeof TestingLibrary>()
  const { createElement } = await import('react')
  const { IntlProvider } = await import('react-intl')
  type Wrapper = (props: { children: ReactNode }) => ReactNode
  const inEnglish = (inner?: Wrapper): Wrapper =>
    function English({ children }) {
      return createElement(
        IntlProvider,
        { locale: 'en', defaultLocale: 'en', messages: {} },
        inner ? createElement(inner, null, children) : children,
      )
    }
  return {
    ...actual,
    render: ((ui: ReactNode, options?: { wrapper?: unknown }) =>
      actual.render(ui, { ...options, wrapper: inEnglish(options?.wrapper as Wrapper | undefined) })) as typeof actual.render,
    renderHook: ((hook: (props: unknown) => unknown, options?: { wrapper?: unknown }) =>
      actual.renderHook(hook, { ...options, wrapper: inEnglish(options?.wrapper as Wrapper | undefined) })) as typeof actual.renderHook,
  }
})
