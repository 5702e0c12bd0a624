import { renderHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { IntlProvider } from 'react-intl'
import { describe, expect, it } from 'vitest'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import spanish from '#web/i18n/messages/es.json'
import { READY_TO_RECEIVE } from '../send-limits.ts'
import { useSendBlockedReason } from './use-send-blocked-reason.ts'

const contact = (over: Partial<{ contact_user_id: string | null; consecutive_messages_sent: number; account_deleted: boolean }>) => ({
  name: 'Maya',
  contact_user_id: 'u1',
  consecutive_messages_sent: 0,
  account_deleted: false,
  ...over,
})

function inSpanish({ children }: { children: ReactNode }) {
  return createElement(IntlProvider, { locale: 'es', messages: spanish }, children)
}

describe('useSendBlockedReason', () => {
  it("says in English exactly the shared rule's words", () => {
    const { result } = renderHook(() => useSendBlockedReason())
    const { blockedReason, readyToReceive } = result.current
    expect(blockedReason(contact({}))).toBeNull()
    expect(blockedReason(contact({ consecutive_messages_sent: 3 }))).toBe(MESSAGE_TEXTS.limitReached('Maya'))
    expect(blockedReason(contact({ contact_user_id: null }))).toBe(MESSAGE_TEXTS.notLinked)
    expect(blockedReason(contact({ account_deleted: true }))).toBe(MESSAGE_TEXTS.accountDeleted('Maya'))
    expect(readyToReceive).toBe(READY_TO_RECEIVE)
  })

  it("says each reason in the reader's language", () => {
    const { result } = renderHook(() => useSendBlockedReason(), { wrapper: inSpanish })
    const { blockedReason, readyToReceive } = result.current
    expect(blockedReason(contact({ consecutive_messages_sent: 3 }))).toContain('le has enviado 3 mensajes a Maya')
    expect(blockedReason(contact({ contact_user_id: null }))).toBe(spanish['error.messages.notLinked'])
    expect(blockedReason(contact({ account_deleted: true }))).toMatch(/^Maya ha dejado Hearth/)
    expect(readyToReceive).toBe('Listo para recibir tu mensaje')
  })
})
