import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// The palette as styles.css declares it: :root (light) and .dark.
const css = fs.readFileSync(path.join(import.meta.dirname, 'styles.css'), 'utf8')

function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`${selector} {`)
  if (start < 0) throw new Error(`styles.css declares no ${selector} block`)
  const block = css.slice(start, css.indexOf('}', start))
  return Object.fromEntries([...block.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6});/g)].map((m) => [m[1], m[2]]))
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16))
const channel = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4)
const luminance = ([r = 0, g = 0, b = 0]: number[]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
/** `hex` at `alpha` over `under`, as the browser composes it */
const over = (hex: string, alpha: number, under: string) => rgb(hex).map((c, i) => c * alpha + (rgb(under)[i] ?? 0) * (1 - alpha))
/** WCAG 2 contrast ratio */
function contrast(fg: number[], bg: number[]): number {
  const [hi, lo] = [luminance(fg), luminance(bg)].sort((a, b) => b - a)
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
}

// the surfaces a waveform or the live meter sits on: the page, cards, your bubble (secondary), the muted wells
const SURFACES = ['background', 'card', 'secondary', 'muted'] as const

describe.each([':root', '.dark'] as const)('the %s palette', (selector) => {
  const t = tokens(selector)
  const on = (surface: string) => rgb(t[surface] ?? '')

  it("draws played and unplayed waveform bars and the meter's bars at 3:1 or more (WCAG 1.4.11) on every surface", () => {
    for (const surface of SURFACES) {
      // played bars and the live meter: fill-primary; unplayed and paused: fill-muted-foreground/80 and full
      expect(contrast(rgb(t.primary ?? ''), on(surface))).toBeGreaterThanOrEqual(3)
      expect(contrast(over(t['muted-foreground'] ?? '', 0.8, t[surface] ?? ''), on(surface))).toBeGreaterThanOrEqual(3)
    }
  })

  it('draws the focus ring at 3:1 or more (WCAG 1.4.11) on the page, cards and every tinted surface', () => {
    for (const surface of [...SURFACES, 'accent'] as const) {
      expect(contrast(rgb(t.ring ?? ''), on(surface))).toBeGreaterThanOrEqual(3)
    }
  })

  it("writes the 'Recording' label at 4.5:1 or more (WCAG 1.4.3) on the page and on cards", () => {
    for (const surface of ['background', 'card'] as const) {
      expect(contrast(rgb(t['destructive-text'] ?? ''), on(surface))).toBeGreaterThanOrEqual(4.5)
    }
  })
})

describe('focus rings in components', () => {
  it('use the ring colour at full strength: a faded ring falls under 3:1 on the cream page', () => {
    const faded: string[] = []
    for (const file of fs.readdirSync(import.meta.dirname, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.tsx')) continue
      const source = fs.readFileSync(path.join(import.meta.dirname, file), 'utf8')
      for (const m of source.matchAll(/focus(?:-visible)?:ring-ring\/\d+/g)) faded.push(`${file}: ${m[0]}`)
    }
    expect(faded).toEqual([])
  })
})

describe('toasts in the light theme', () => {
  const t = tokens(":root [data-sonner-toaster][data-sonner-theme='light']")

  it.each(['success', 'info', 'warning', 'error'])('write %s text at 4.5:1 or more on its tint (WCAG 1.4.3)', (kind) => {
    expect(contrast(rgb(t[`${kind}-text`] ?? ''), rgb(t[`${kind}-bg`] ?? ''))).toBeGreaterThanOrEqual(4.5)
  })
})
