import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { DISK_TEXTS } from '#shared/disk.ts'
import { DiskNote } from './disk-note.tsx'

const MB = 1024 * 1024

afterEach(cleanup)

describe('DiskNote', () => {
  it('says calmly, under the floor, what is left and that new recordings wait', () => {
    render(<DiskNote disk={{ free_bytes: 300 * MB, floor_bytes: 512 * MB, low: true }} />)
    expect(screen.getByText(DISK_TEXTS.ownerTitle)).toBeTruthy()
    expect(screen.getByText(DISK_TEXTS.ownerLow('300 MB', '512 MB'))).toBeTruthy()
    // a note, not an alarm
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says nothing while there is room, or when the disk could not be read', () => {
    const { container } = render(<DiskNote disk={{ free_bytes: 40 * 1024 * MB, floor_bytes: 512 * MB, low: false }} />)
    expect(container.textContent).toBe('')
    render(<DiskNote disk={null} />)
    expect(screen.queryByText(DISK_TEXTS.ownerTitle)).toBeNull()
  })
})
