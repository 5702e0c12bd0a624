import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SwitchField } from './switch-field.tsx'

afterEach(cleanup)

describe('SwitchField', () => {
  it('stays enabled and focused while saving, says it is busy and ignores presses until the save is done', () => {
    const onCheckedChange = vi.fn()
    const { rerender } = render(<SwitchField id="s" label="Nudges" checked={false} saving onCheckedChange={onCheckedChange} />)
    const toggle = screen.getByRole('switch', { name: 'Nudges' })
    toggle.focus()
    expect(toggle.hasAttribute('disabled')).toBe(false)
    expect(toggle.getAttribute('aria-busy')).toBe('true')
    expect(toggle.getAttribute('aria-disabled')).toBe('true')
    fireEvent.click(toggle)
    expect(onCheckedChange).not.toHaveBeenCalled()
    expect(document.activeElement).toBe(toggle)

    rerender(<SwitchField id="s" label="Nudges" checked={false} onCheckedChange={onCheckedChange} />)
    expect(toggle.hasAttribute('aria-busy')).toBe(false)
    fireEvent.click(toggle)
    expect(onCheckedChange).toHaveBeenCalledWith(true)
  })
})
