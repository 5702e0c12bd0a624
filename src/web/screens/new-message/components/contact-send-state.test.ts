import { describe, expect, it } from 'vitest'
import { contactSendState } from './contact-send-state.ts'

describe('contactSendState', () => {
  it('reads ready, then the count, then the limit', () => {
    expect(contactSendState({ consecutive_messages_sent: 0 })).toEqual({
      atLimit: false,
      badge: null,
      note: 'Ready to receive your message',
    })
    expect(contactSendState({ consecutive_messages_sent: 1 })).toEqual({ atLimit: false, badge: null, note: '1 message sent' })
    expect(contactSendState({ consecutive_messages_sent: 2 })).toEqual({ atLimit: false, badge: null, note: '2 messages sent' })
    expect(contactSendState({ consecutive_messages_sent: 3 })).toEqual({
      atLimit: true,
      badge: '3/3 sent',
      note: 'Waiting for their reply before sending more',
    })
    expect(contactSendState({ consecutive_messages_sent: 5 }).atLimit).toBe(true)
  })
})
