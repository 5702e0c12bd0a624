import { createRequire } from 'node:module'
import fs from 'node:fs'
import { expect, type Page } from '@playwright/test'

const require = createRequire(import.meta.url)
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }

type AxeRunOptions = {
  /** limit the run to the elements a selector matches (a toast, an open menu) */
  include?: string
  /** axe rules that are off by default (experimental ones such as label-content-name-mismatch) to run as well */
  alsoRules?: string[]
  /** run only the rules of these tags (['wcag2a', 'wcag2aa', ...]); all of axe's default rules otherwise */
  tags?: string[]
}

/** Runs axe-core in the page (evaluated, so the strict CSP does not block it) and returns serious/critical violations. */
export async function seriousAxeViolations(page: Page, { include, alsoRules = [], tags }: AxeRunOptions = {}): Promise<string[]> {
  // once a document: a sweep runs axe many times on one page
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  // an element caught mid-way through its entrance (a fade or a pop) reads as low contrast: let every animation that
  // ends (not a spinner or a live meter) finish first
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  )
  const violations = await page.evaluate(
    async ({ selector, rules, only }) => {
      type Context = Document | { include: string[][] }
      const axe = (window as unknown as { axe: { run: (ctx: Context, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe
      const result = await axe.run(selector ? { include: [[selector]] } : document, {
        resultTypes: ['violations'],
        rules: Object.fromEntries(rules.map((id) => [id, { enabled: true }])),
        ...(only ? { runOnly: { type: 'tag', values: only } } : {}),
      })
      return result.violations
    },
    { selector: include, rules: alsoRules, only: tags },
  )
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

type BothThemesOptions = {
  /** wait until every toast has faded: a toast caught mid-fade reads as low contrast (toasts are checked where they are made) */
  afterToasts?: boolean
  /** emulate prefers-reduced-motion, so that a live level meter stops and axe measures settled colours */
  reducedMotion?: boolean
  /** screenshot the whole page rather than the viewport */
  fullPage?: boolean
}

/**
 * No serious or critical axe violation in the light and the dark theme, with screenshots at 390 and 1280 px for
 * review (test-results/screens/{name}-{theme}-{width}.png). Leaves the page light, at 1280 x 800.
 */
export async function expectNoSeriousAxeInBothThemes(page: Page, name: string, options: BothThemesOptions = {}) {
  if (options.afterToasts) await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 })
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme, ...(options.reducedMotion ? { reducedMotion: 'reduce' as const } : {}) })
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme)
    // colours change with a transition: axe measures them once they have settled
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
    expect(await seriousAxeViolations(page)).toEqual([])
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 800 ? 844 : 800 })
      await page.screenshot({ path: `test-results/screens/${name}-${theme}-${width}.png`, fullPage: options.fullPage ?? false })
    }
  }
  await page.emulateMedia({ colorScheme: 'light' })
  await page.evaluate(() => document.documentElement.classList.remove('dark'))
}
