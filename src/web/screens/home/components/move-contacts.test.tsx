import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { createIntl } from 'react-intl'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Contact } from '#shared/contacts.ts'
import { testContact } from '#web/test/fixtures.ts'
import { MOUSE_ACTIVATION, TOUCH_ACTIVATION } from './drag.ts'
import { moveAnnouncement, movedIds } from './move-contacts.ts'

vi.mock('#web/lib/use-auth.ts', () => ({ useAuth: () => ({ user: null, loading: false }) }))

const { ContactGrid } = await import('./contact-grid.tsx')

const contact = (id: string, name: string, order: number) =>
  testContact({ id, name, display_order: order, contact_user_id: null, last_interaction: '2026-12-01T10:00:00.000Z' })

const CIRCLE = [contact('a', 'Maya', 1), contact('b', 'Jun', 2), contact('c', 'Lena', 3)]

/** The grid in edit mode on a phone, keeping the order it is given back as the server would. */
function EditingGrid({ saved }: { saved: (ids: string[]) => void }) {
  const [contacts, setContacts] = useState(CIRCLE)
  return (
    <ContactGrid
      contacts={contacts}
      editing
      wide={false}
      archivingIds={new Set()}
      onReorder={(ids) => {
        saved(ids)
        setContacts(ids.map((id) => CIRCLE.find((c) => c.id === id) as Contact))
      }}
      onArchive={() => undefined}
      onLongPress={() => undefined}
    />
  )
}

function renderGrid() {
  const saved = vi.fn()
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <EditingGrid saved={saved} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return saved
}

afterEach(cleanup)

// the grid's own live region (dnd-kit keeps another for drags)
const button = (options: { name: string }) => screen.getByRole<HTMLButtonElement>('button', options)
const findButton = (options: { name: string }) => screen.findByRole<HTMLButtonElement>('button', options)
const announcement = () => document.querySelector('[data-slot="move-announcement"]')?.textContent

describe('movedIds', () => {
  it('moves one place earlier or later', () => {
    expect(movedIds(['a', 'b', 'c'], 'b', 'earlier')).toEqual(['b', 'a', 'c'])
    expect(movedIds(['a', 'b', 'c'], 'b', 'later')).toEqual(['a', 'c', 'b'])
  })

  it('refuses past either end and an unknown id', () => {
    expect(movedIds(['a', 'b'], 'a', 'earlier')).toBeNull()
    expect(movedIds(['a', 'b'], 'b', 'later')).toBeNull()
    expect(movedIds(['a', 'b'], 'x', 'later')).toBeNull()
  })

  it('says the new position from 1', () => {
    expect(moveAnnouncement(createIntl({ locale: 'en', defaultLocale: 'en', messages: {} }), 'Maya', 1, 3)).toBe(
      'Maya moved to position 2 of 3.',
    )
  })
})

describe('drag sensors', () => {
  it('take a mouse after 8 px and a finger after a 250 ms press within 5 px, so that a swipe still scrolls', () => {
    expect(MOUSE_ACTIVATION).toEqual({ distance: 8 })
    expect(TOUCH_ACTIVATION).toEqual({ delay: 250, tolerance: 5 })
  })
})

describe('Move earlier / Move later in edit mode', () => {
  it('disables moving the first earlier and the last later', async () => {
    renderGrid()
    expect((await findButton({ name: 'Move Maya earlier' })).disabled).toBe(true)
    expect(button({ name: 'Move Maya later' }).disabled).toBe(false)
    expect(button({ name: 'Move Jun earlier' }).disabled).toBe(false)
    expect(button({ name: 'Move Lena later' }).disabled).toBe(true)
  })

  it('saves the new order, announces the new place and keeps focus on the moved tile', async () => {
    const saved = renderGrid()
    fireEvent.click(await findButton({ name: 'Move Lena earlier' }))
    expect(saved).toHaveBeenLastCalledWith(['a', 'c', 'b'])
    expect(announcement()).toBe('Lena moved to position 2 of 3.')
    expect(document.activeElement).toBe(button({ name: 'Move Lena earlier' }))

    // to the first place: its Move earlier is now disabled, so focus goes to its Move later
    fireEvent.click(button({ name: 'Move Lena earlier' }))
    expect(saved).toHaveBeenLastCalledWith(['c', 'a', 'b'])
    expect(announcement()).toBe('Lena moved to position 1 of 3.')
    expect(button({ name: 'Move Lena earlier' }).disabled).toBe(true)
    expect(document.activeElement).toBe(button({ name: 'Move Lena later' }))

    fireEvent.click(button({ name: 'Move Maya later' }))
    expect(saved).toHaveBeenLastCalledWith(['c', 'b', 'a'])
    expect(announcement()).toBe('Maya moved to position 3 of 3.')
    expect(button({ name: 'Move Maya later' }).disabled).toBe(true)
  })
})
