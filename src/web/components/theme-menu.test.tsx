import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ThemeMenu } from './theme-menu.tsx'

afterEach(() => {
  cleanup()
  localStorage.clear()
})

describe('ThemeMenu', () => {
  it('draws its button at once and opens the menu that a press asked for before its code was there', async () => {
    render(<ThemeMenu />)
    const button = screen.getByRole('button', { name: 'Theme' })
    expect(button.getAttribute('aria-haspopup')).toBe('menu')
    expect(screen.queryByRole('menu')).toBeNull()
    fireEvent.pointerDown(button, { button: 0 })
    expect(await screen.findByRole('menu')).toBeTruthy()
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toBeTruthy()
  })

  it('keeps the focus on the button when the menu replaces it', async () => {
    render(<ThemeMenu />)
    screen.getByRole('button', { name: 'Theme' }).focus()
    // the dropdown's trigger (Radix marks its state) arrives after the first paint
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Theme' }).getAttribute('data-state')).toBe('closed'), {
      timeout: 3_000,
    })
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Theme' }))
  })
})
