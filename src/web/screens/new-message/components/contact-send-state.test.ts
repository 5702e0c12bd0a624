import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import { contactSendState } from './contact-send-state.ts'

const english = createIntl({ locale: 'en', defaultLocale: 'en', messages: {} })
const spanish = createIntl({
  locale: 'es',
  messages: { 'record.select.sent': '{count, plural, one {# mensaje enviado} other {# mensajes enviados}}' },
})

describe('contactSendState', () => {
  it('reads ready, then the count, then the limit', () => {
    expect(contactSendState(english, { consecutive_messages_sent: 0 })).toEqual({
      atLimit: false,
      badge: null,
      note: 'Ready to receive your message',
    })
    expect(contactSendState(english, { consecutive_messages_sent: 1 })).toEqual({ atLimit: false, badge: null, note: '1 message sent' })
    expect(contactSendState(english, { consecutive_messages_sent: 2 })).toEqual({ atLimit: false, badge: null, note: '2 messages sent' })
    expect(contactSendState(english, { consecutive_messages_sent: 3 })).toEqual({
      atLimit: true,
      badge: '3/3 sent',
      note: 'Waiting for their reply before sending more',
    })
    expect(contactSendState(english, { consecutive_messages_sent: 5 }).atLimit).toBe(true)
  })

  it("counts in the reader's language, with its plural", () => {
    expect(contactSendState(spanish, { consecutive_messages_sent: 1 }).note).toBe('1 mensaje enviado')
    expect(contactSendState(spanish, { consecutive_messages_sent: 2 }).note).toBe('2 mensajes enviados')
  })
})
