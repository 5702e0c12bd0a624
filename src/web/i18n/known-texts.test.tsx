import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { FULL_NAME_REQUIRED } from '#shared/auth-forms-texts.ts'
import { PUSH_TEXTS } from '#shared/notifications-texts.ts'
import { I18nProvider } from './i18n-provider.tsx'
import { knownText, useKnownText } from './known-texts.ts'
import { KNOWN_TEXTS } from './known-texts-table.ts'

afterEach(cleanup)

function Known({ text }: { text: string }) {
  const known = useKnownText()
  return <p>{known(text)}</p>
}

describe('the known texts (decision 229)', () => {
  it('are each their own English, so English shows them as they came without loading their table', () => {
    for (const [text, message] of KNOWN_TEXTS) expect({ text, english: message.defaultMessage }).toEqual({ text, english: text })
  })

  it("are shown in the reader's language once it shows, in components and outside them", async () => {
    render(
      <I18nProvider accountLanguage="es">
        <Known text={FULL_NAME_REQUIRED} />
        <Known text="Something the server said" />
      </I18nProvider>,
    )
    expect(await screen.findByText('El nombre completo es obligatorio')).toBeTruthy()
    expect(screen.getByText('Something the server said')).toBeTruthy()
    expect(knownText(PUSH_TEXTS.toasts.enabled[0])).toBe('Notificaciones activadas')
  })
})
