import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { UseRecorder } from '../use-recorder.ts'
import { LiveRecording } from './voice-recorder.tsx'

afterEach(cleanup)

function fakeRecorder(change: Partial<UseRecorder> = {}): UseRecorder {
  return {
    status: 'recording',
    elapsedSeconds: 12,
    levels: [0.2, 0.5, 0.9],
    silent: false,
    recording: null,
    permission: 'granted',
    microphoneMissing: false,
    start: vi.fn(async () => true),
    stop: vi.fn(),
    pause: vi.fn(),
    resume: vi.fn(),
    restore: vi.fn(),
    discard: vi.fn(),
    reRecord: vi.fn(async () => true),
    snapshot: () => null,
    ...change,
  }
}

describe('LiveRecording', () => {
  it('shows the time and the meter, focuses Stop, and pauses', () => {
    const recorder = fakeRecorder()
    render(<LiveRecording recorder={recorder} stopLabel="Stop" />)
    expect(screen.getByRole('timer').textContent).toBe('0:12')
    expect(screen.getByText('Recording')).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Stop' }))
    expect(document.querySelectorAll('[data-slot="live-level-meter"] rect')).toHaveLength(48)
    expect(screen.queryByText(/left: recordings stop at 10 minutes/)).toBeNull()
    expect(screen.queryByText("We can't hear you.")).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }))
    expect(recorder.pause).toHaveBeenCalled()
  })

  it('says "We can\'t hear you" when the input stays silent, and shows the cap as it nears', () => {
    render(<LiveRecording recorder={fakeRecorder({ silent: true, elapsedSeconds: 9 * 60 + 15 })} stopLabel="Stop" />)
    expect(screen.getByRole('status').textContent).toContain("We can't hear you.")
    expect(screen.getByText('0:45 left: recordings stop at 10 minutes')).toBeTruthy()
  })

  it('offers Resume while paused, and no silence warning then', () => {
    const recorder = fakeRecorder({ status: 'paused', silent: true })
    render(<LiveRecording recorder={recorder} stopLabel="Stop" />)
    expect(screen.getByText('Paused')).toBeTruthy()
    expect(screen.queryByRole('status')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Resume' }))
    expect(recorder.resume).toHaveBeenCalled()
  })
})
