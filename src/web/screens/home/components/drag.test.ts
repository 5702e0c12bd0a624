import { createIntl } from 'react-intl'
import type { Active, Over, SensorContext } from '@dnd-kit/core'
import { describe, expect, it } from 'vitest'
import { ARCHIVE_DROP_ID, contactDragAnnouncements, KEYBOARD_DRAG_STEP_PX, stepKeyboardCoordinates } from './drag.ts'

const at = { x: 100, y: 200 }
const step = (code: string) =>
  stepKeyboardCoordinates(new KeyboardEvent('keydown', { code }), { active: 'a', currentCoordinates: at, context: {} as SensorContext })

describe('stepKeyboardCoordinates', () => {
  it('moves 25 px per arrow key', () => {
    expect(KEYBOARD_DRAG_STEP_PX).toBe(25)
    expect(step('ArrowRight')).toEqual({ x: 125, y: 200 })
    expect(step('ArrowLeft')).toEqual({ x: 75, y: 200 })
    expect(step('ArrowDown')).toEqual({ x: 100, y: 225 })
    expect(step('ArrowUp')).toEqual({ x: 100, y: 175 })
  })

  it('ignores other keys', () => {
    expect(step('KeyA')).toBeUndefined()
  })
})

describe('contactDragAnnouncements', () => {
  const contacts = [
    { id: 'a', name: 'Maya' },
    { id: 'b', name: 'Jun' },
    { id: 'c', name: 'Lena' },
  ]
  const announce = contactDragAnnouncements(createIntl({ locale: 'en', defaultLocale: 'en', messages: {} }), contacts)
  const active = { id: 'a' } as Active
  const over = (id: string) => ({ id }) as Over

  it('names the contact and its position', () => {
    expect(announce.onDragStart({ active })).toBe('Picked up Maya at position 1 of 3.')
    expect(announce.onDragOver({ active, over: over('c') })).toBe('Maya is over position 3 of 3.')
    expect(announce.onDragEnd({ active, over: over('b') })).toBe('Maya was moved to position 2 of 3.')
  })

  it('speaks of the Archive tile', () => {
    expect(announce.onDragOver({ active, over: over(ARCHIVE_DROP_ID) })).toBe('Maya is over the Archive tile. Drop to archive.')
    expect(announce.onDragEnd({ active, over: over(ARCHIVE_DROP_ID) })).toBe('Maya was dropped on the Archive tile.')
  })

  it('reports a cancelled drag', () => {
    expect(announce.onDragCancel({ active, over: null })).toBe('Moving Maya was cancelled. It is back at position 1 of 3.')
  })
})
