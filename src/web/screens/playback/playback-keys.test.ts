import { describe, expect, it } from 'vitest'
import { playbackKeyAction } from './playback-keys.ts'

describe('playbackKeyAction', () => {
  it('plays or pauses with Space and skips with the arrows on the page', () => {
    expect(playbackKeyAction({ key: ' ', tagName: 'BODY' })).toBe('toggle')
    expect(playbackKeyAction({ key: 'ArrowLeft', tagName: 'BODY' })).toBe('back')
    expect(playbackKeyAction({ key: 'ArrowRight', tagName: 'DIV' })).toBe('forward')
    expect(playbackKeyAction({ key: 'Enter', tagName: 'BODY' })).toBeNull()
  })

  it('leaves text fields alone', () => {
    for (const tagName of ['INPUT', 'TEXTAREA']) {
      expect(playbackKeyAction({ key: ' ', tagName })).toBeNull()
      expect(playbackKeyAction({ key: 'ArrowLeft', tagName })).toBeNull()
    }
    expect(playbackKeyAction({ key: ' ', tagName: 'DIV', isContentEditable: true })).toBeNull()
  })

  it('does not take Space from controls that Space presses anyway', () => {
    expect(playbackKeyAction({ key: ' ', tagName: 'BUTTON' })).toBeNull()
    expect(playbackKeyAction({ key: ' ', tagName: 'SPAN', role: 'switch' })).toBeNull()
    // but the arrows still skip from a focused button, and Space still plays from a link
    expect(playbackKeyAction({ key: 'ArrowRight', tagName: 'BUTTON' })).toBe('forward')
    expect(playbackKeyAction({ key: ' ', tagName: 'A' })).toBe('toggle')
  })

  it('lets a slider keep its arrows, and never takes keys with a modifier', () => {
    expect(playbackKeyAction({ key: 'ArrowLeft', tagName: 'SPAN', role: 'slider' })).toBeNull()
    expect(playbackKeyAction({ key: ' ', tagName: 'SPAN', role: 'slider' })).toBe('toggle')
    expect(playbackKeyAction({ key: 'ArrowLeft', tagName: 'BODY', altKey: true })).toBeNull()
    expect(playbackKeyAction({ key: ' ', tagName: 'BODY', shiftKey: true })).toBeNull()
  })
})
