import sharp from 'sharp'
import { expect, test } from './fixtures.ts'
import { seriousAxeViolations } from './support/axe.ts'

/** A small JPEG of one colour, as a phone would send it. */
const jpeg = async (r: number, g: number, b: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer()

test.describe('settings: photos', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('upload two photos, reorder, set the primary, and the other person sees it on their home tile', async ({
    page,
    insertUser,
    login,
    connect,
    signedInPage,
  }) => {
    const ada = await insertUser({ name: 'Ada Pictures' })
    const bob = await insertUser({ name: 'Bob Viewer' })
    await connect(bob, ada)
    await login(page, ada)
    await page.goto('/settings')

    const photos = page.getByRole('list', { name: 'Your photos' })
    await page.getByLabel('Add photos').setInputFiles([
      { name: 'red.jpg', mimeType: 'image/jpeg', buffer: await jpeg(220, 40, 40) },
      { name: 'blue.jpg', mimeType: 'image/jpeg', buffer: await jpeg(40, 40, 220) },
    ])
    await expect(photos.getByRole('listitem', { name: /^Photo \d of 2/ })).toHaveCount(2)
    const first = photos.getByRole('listitem', { name: 'Photo 1 of 2, primary' })
    await expect(first.getByRole('button', { name: 'Set Primary' })).toBeDisabled()

    // the second photo becomes primary
    const second = photos.getByRole('listitem', { name: 'Photo 2 of 2' })
    const secondSrc = await second.locator('img').getAttribute('src')
    await second.getByRole('button', { name: 'Set Primary' }).click()
    await expect(photos.getByRole('listitem', { name: 'Photo 2 of 2, primary' })).toBeVisible()
    // and moves first
    await photos.getByRole('listitem', { name: 'Photo 2 of 2, primary' }).getByRole('button', { name: 'Move earlier' }).click()
    await expect(photos.getByRole('listitem', { name: 'Photo 1 of 2, primary' }).locator('img')).toHaveAttribute('src', secondSrc ?? '')
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: 'test-results/photos-settings-390-light.png', fullPage: true })
    await page.evaluate(() => localStorage.setItem('theme', 'dark'))
    await page.reload()
    await expect(photos.getByRole('listitem')).toHaveCount(3)
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: 'test-results/photos-settings-390-dark.png', fullPage: true })
    await page.setViewportSize({ width: 1280, height: 900 })
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.screenshot({ path: 'test-results/photos-settings-1280-dark.png', fullPage: true })

    const bobPage = await signedInPage(bob, { viewport: { width: 390, height: 844 } })
    await bobPage.goto('/')
    const tilePicture = bobPage.getByRole('link', { name: /Ada Pictures/ }).locator('img[data-slot="avatar"]')
    await expect(tilePicture).toHaveAttribute('src', secondSrc ?? '')
    await expect(tilePicture).toHaveAttribute('srcset', /avatar80\.webp 80w/)
    await expect.poll(() => tilePicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    expect(await seriousAxeViolations(bobPage)).toEqual([])
  })
})
