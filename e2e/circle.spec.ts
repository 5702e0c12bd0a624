import type { Locator, Page } from '@playwright/test'
import { expectNoSeriousAxeInBothThemes, seriousAxeViolations } from './support/axe.ts'
import { expect, test, type E2EUser } from './fixtures.ts'

/** Names of the contact tiles on the home grid, in order (view mode). */
async function tileNames(page: Page): Promise<string[]> {
  const links = page.getByRole('list', { name: 'Contacts' }).getByRole('link')
  const names = await links.evaluateAll((elements) =>
    elements.map(
      // the name as the tile writes it (the unread badge's digits sit before it in the text)
      (el) =>
        el.querySelector('[data-slot="contact-tile-body"] > span')?.textContent ?? el.getAttribute('aria-label') ?? el.textContent ?? '',
    ),
  )
  return names
    .filter((name) => !name.startsWith('Add Friend') && !name.startsWith('Record a message'))
    .map((name) => name.split(',')[0]?.trim() ?? '')
}

async function dragOnto(page: Page, source: Locator, target: Locator) {
  const from = await source.boundingBox()
  const to = await target.boundingBox()
  if (!from || !to) throw new Error('tile not visible')
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 })
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 })
  await page.mouse.up()
}

async function circleOf(
  insertUser: (o?: { name?: string }) => Promise<E2EUser>,
  connect: (a: E2EUser, b: E2EUser) => Promise<string>,
  names: string[],
) {
  const owner = await insertUser()
  const friends: E2EUser[] = []
  for (const name of names) {
    const friend = await insertUser({ name })
    await connect(owner, friend)
    friends.push(friend)
  }
  return { owner, friends }
}

test.describe('the circle', () => {
  test("B finds A in the directory and presses Message; B's home shows A, A's shows a message request without reload", async ({
    insertUser,
    signedInPage,
  }) => {
    const ada = await insertUser({ name: `Ada Directory ${Date.now().toString(36)}` })
    const bob = await insertUser({ name: `Bob Seeker ${Date.now().toString(36)}` })
    const adaPage = await signedInPage(ada)
    const bobPage = await signedInPage(bob)

    await adaPage.goto('/')
    await expect(adaPage.getByRole('link', { name: 'Add Friend' })).toBeVisible()
    expect(await tileNames(adaPage)).toEqual([])

    await bobPage.goto('/')
    await bobPage.getByRole('link', { name: 'Add Friend' }).click()
    await expect(bobPage).toHaveURL(/\/contacts\/add$/)
    await bobPage.getByRole('link', { name: /Find on Hearth/ }).click()
    await expect(bobPage).toHaveURL(/\/contacts\/add\/directory$/)
    const search = bobPage.getByPlaceholder('Search by name or email...')
    await search.fill('no such person zzz')
    await expect(bobPage.getByText('No users found. Try a different search term.')).toBeVisible()
    await search.fill(ada.name.slice(4).toLowerCase())
    const results = bobPage.getByRole('list', { name: 'Search results' })
    await expect(results.getByText(ada.name, { exact: true })).toBeVisible()
    await expect(bobPage.getByText(ada.email)).toHaveCount(0)
    await results.getByRole('link', { name: `See profile of ${ada.name}` }).click()
    await expect(bobPage).toHaveURL(new RegExp(`/u/${ada.id}$`))
    await expect(bobPage.getByRole('heading', { name: ada.name })).toBeVisible()
    await expect(bobPage).toHaveTitle(new RegExp(ada.name))

    await bobPage.getByRole('button', { name: 'Message' }).click()
    await expect(bobPage).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/)
    await expect(bobPage.getByRole('heading', { level: 1, name: ada.name })).toBeVisible()
    await expect(bobPage.getByText('No messages yet')).toBeVisible()

    // Ada's home was open the whole time: the realtime event brings in Bob's request, not a tile (decision 123).
    await expect(adaPage.getByRole('link', { name: 'Message requests (1)' })).toBeVisible()
    expect(await tileNames(adaPage)).toEqual([])
    await bobPage.goto('/')
    await expect(bobPage.getByRole('link', { name: new RegExp(`^${ada.name}`) })).toBeVisible()
    await adaPage.context().close()
    await bobPage.context().close()
  })

  test('an anonymous visitor sees a public profile and is asked to sign in to message', async ({ page, insertUser }) => {
    // someone who did not opt in to being found: the page asks search engines to leave it out, with no Person data
    const kim = await insertUser({ name: 'Kim Private' })
    const served = await page.goto(`/u/${kim.id}`)
    expect(served?.headers()['x-robots-tag']).toBe('noindex')
    await expect(page.getByRole('heading', { name: 'Kim Private' })).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0)

    const ada = await insertUser({ name: 'Ada Public', findableByEmail: true })
    await page.goto(`/profile/${ada.id}`)
    await expect(page.getByRole('heading', { name: 'Ada Public' })).toBeVisible()
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/u/${ada.id}$`))
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0)
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>
    expect(jsonLd).toMatchObject({ '@type': 'Person', name: 'Ada Public' })
    await page.getByRole('button', { name: 'Message' }).click()
    await expect(page).toHaveURL(new RegExp(`/auth\\?next=%2Fu%2F${ada.id}`))

    // signing in returns to the profile and carries out the Message press: the conversation opens (decision 212)
    const visitor = await insertUser({ name: 'Vic Visitor' })
    await page.getByLabel('Email').fill(visitor.email)
    await page.getByLabel('Password').fill(visitor.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page).toHaveURL(/\/contacts\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Ada Public' })).toBeVisible()

    await page.goto('/u/00000000-0000-0000-0000-000000000000')
    await expect(page.getByRole('heading', { name: 'Profile not found.' })).toBeVisible()
  })

  test('reorder by drag and by keyboard, saved on the server', async ({ page, insertUser, login, connect, db }) => {
    const { owner, friends } = await circleOf(insertUser, connect, ['Anna One', 'Ben Two', 'Cleo Three'])
    // one unread message from Anna, as the conversation keeps its count
    await db.pool.query(
      `update conversations set unread_count = 1
       where contact_id = (select id from contacts where user_id = $1 and contact_user_id = $2)`,
      [owner.id, friends[0]?.id],
    )
    await login(page, owner)
    await page.goto('/')
    await expect.poll(() => tileNames(page)).toEqual(['Anna One', 'Ben Two', 'Cleo Three'])

    await page.getByRole('button', { name: 'Edit contacts' }).click()
    // a tile that shows an unread badge is named by what it shows (speech users say what they see)
    await expect(page.getByRole('button', { name: /^Move Anna One\s*, 1 unread$/ })).toBeVisible()
    expect(await seriousAxeViolations(page, { alsoRules: ['label-content-name-mismatch'] })).toEqual([])
    await dragOnto(
      page,
      page.getByRole('button', { name: 'Move Cleo Three', exact: true }),
      page.getByRole('button', { name: /^Move Anna One\s*(,|$)/ }),
    )
    await page.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => tileNames(page)).toEqual(['Cleo Three', 'Anna One', 'Ben Two'])

    // keyboard: pick Cleo up with Space, move right past Anna, drop
    await page.getByRole('button', { name: 'Edit contacts' }).click()
    const cleo = page.getByRole('button', { name: 'Move Cleo Three', exact: true })
    await cleo.focus()
    await page.keyboard.press('Space')
    const box = await cleo.boundingBox()
    const annaBox = await page.getByRole('button', { name: /^Move Anna One\s*(,|$)/ }).boundingBox()
    const steps = Math.ceil(((annaBox?.x ?? 0) - (box?.x ?? 0)) / 25) + 1
    for (let i = 0; i < steps; i++) await page.keyboard.press('ArrowRight')
    await page.keyboard.press('Space')
    await page.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => tileNames(page)).toEqual(['Anna One', 'Cleo Three', 'Ben Two'])

    await page.reload()
    await expect.poll(() => tileNames(page)).toEqual(['Anna One', 'Cleo Three', 'Ben Two'])
  })

  test('archive by dropping on Archive, find it in archived contacts, rekindle it back', async ({ page, insertUser, login, connect }) => {
    const { owner } = await circleOf(insertUser, connect, ['Dora Keep', 'Eli Rest'])
    await login(page, owner)
    await page.goto('/')
    await expect.poll(() => tileNames(page)).toEqual(['Dora Keep', 'Eli Rest'])

    await page.getByRole('button', { name: 'Edit contacts' }).click()
    await expect(page.getByRole('group', { name: 'Archive', exact: true })).toBeVisible()
    await dragOnto(
      page,
      page.getByRole('button', { name: 'Move Eli Rest', exact: true }),
      page.getByRole('group', { name: 'Archive', exact: true }),
    )
    await expect(page.getByText('Eli Rest is in your archived contacts.')).toBeVisible()
    await page.getByRole('link', { name: 'Archived contacts' }).click()

    await expect(page).toHaveURL(/\/archived-contacts$/)
    await expect(page.getByRole('heading', { name: 'Archived Contacts' })).toBeVisible()
    await expect(page.getByText('1 archived contact', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Rekindle Eli Rest' }).click()
    const dialog = page.getByRole('dialog', { name: 'Rekindle with Eli Rest' })
    await expect(dialog).toContainText(
      'Restore Eli Rest to your active contacts and reopen your conversation. All your previous messages will still be available.',
    )
    await dialog.getByRole('button', { name: 'Rekindle Connection' }).click()
    await expect(page.getByText('Connection rekindled!')).toBeVisible()
    await expect(page).toHaveURL(/\/$/)
    await expect.poll(() => tileNames(page)).toEqual(['Dora Keep', 'Eli Rest'])

    await page.goto('/archived-contacts')
    await expect(page.getByText('No Archived Contacts')).toBeVisible()
    await expect(
      page.getByText('Contacts you archive will appear here. You can still access all messages and conversations.'),
    ).toBeVisible()
  })

  test('archiving leaves an Undo in its place that waits, toasts stand clear of the header; a tap in rekindle mode asks first', async ({
    page,
    insertUser,
    login,
    connect,
  }) => {
    const { owner } = await circleOf(insertUser, connect, ['Hal Stay', 'Ivy Undo'])
    await login(page, owner)
    await page.goto('/')
    await expect.poll(() => tileNames(page)).toEqual(['Hal Stay', 'Ivy Undo'])
    const activeNames = async () => {
      const response = await page.request.get('/api/contacts?status=active')
      return ((await response.json()) as { contacts: { name: string }[] }).contacts.map((c) => c.name)
    }

    // decision 144: the Undo is a row on the page, not a toast's action, and it takes focus
    await page.getByRole('button', { name: 'Edit contacts' }).click()
    await page.getByRole('button', { name: 'Archive Ivy Undo' }).click()
    const justArchived = page.getByRole('list', { name: 'Just archived' })
    const undo = justArchived.getByRole('button', { name: 'Undo archiving Ivy Undo' })
    await expect(justArchived).toContainText('Ivy Undo is in your archived contacts.')
    await expect(undo).toBeFocused()
    await expect.poll(activeNames).toEqual(['Hal Stay'])
    // it stays while the person does something else on the page: leaving edit mode and coming back
    await page.getByRole('button', { name: 'Done' }).click()
    await expect(undo).toBeVisible()
    await page.getByRole('button', { name: 'Edit contacts' }).click()
    await undo.press('Enter')
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Contact unarchived' })
    await expect(toast).toBeVisible()
    await expect(justArchived).toHaveCount(0)
    await expect.poll(activeNames).toEqual(['Hal Stay', 'Ivy Undo'])
    // on a desktop the toast stands over the page where it covers no control, never over the header (decision 209)
    const header = page.locator('header').first()
    await expect
      .poll(async () => {
        const [box, bar] = [await toast.boundingBox(), await header.boundingBox()]
        if (!box || !bar) return false
        return box.y >= bar.y + bar.height || box.y + box.height <= bar.y
      })
      .toBe(true)
    await page.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => tileNames(page)).toEqual(['Hal Stay', 'Ivy Undo'])

    // on a phone the Undo row works the same (e2e/toast-placement.spec.ts checks where its toast stands on a page
    // scrolled to the tile)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('button', { name: 'Edit contacts' }).click()
    await page.getByRole('button', { name: 'Archive Ivy Undo' }).click()
    await expect(undo).toBeFocused()
    await expect.poll(activeNames).toEqual(['Hal Stay'])
    await undo.click()
    await expect(toast.last()).toBeVisible()
    await expect.poll(activeNames).toEqual(['Hal Stay', 'Ivy Undo'])
    await page.getByRole('button', { name: 'Archive Ivy Undo' }).click()
    await expect.poll(activeNames).toEqual(['Hal Stay'])

    // rekindle mode: a tap asks with the archived page's dialog; Cancel leaves Ivy archived
    await page.getByRole('button', { name: 'Rekindle', exact: true }).click()
    const ivy = page.getByRole('list', { name: 'Contacts to rekindle' }).getByRole('button', { name: /^Ivy Undo Archived/ })
    await expect(ivy).toBeVisible()
    await expectNoSeriousAxeInBothThemes(page, 'home-rekindle', { afterToasts: true })
    await ivy.click()
    const dialog = page.getByRole('dialog', { name: 'Rekindle with Ivy Undo' })
    await expect(dialog).toContainText('Restore Ivy Undo to your active contacts and reopen your conversation.')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toHaveCount(0)
    expect(await activeNames()).toEqual(['Hal Stay'])
    await ivy.click()
    await dialog.getByRole('button', { name: 'Rekindle Connection' }).click()
    await expect(page.getByText('Connection rekindled!')).toBeVisible()
    await expect.poll(activeNames).toEqual(['Hal Stay', 'Ivy Undo'])
  })

  test('a reorder in one tab shows in the other without reload', async ({ insertUser, connect, signedInPage }) => {
    const { owner } = await circleOf(insertUser, connect, ['Fay First', 'Gus Second'])
    const one = await signedInPage(owner)
    const two = await one.context().newPage()
    await one.goto('/')
    await two.goto('/')
    await expect.poll(() => tileNames(two)).toEqual(['Fay First', 'Gus Second'])
    await one.getByRole('button', { name: 'Edit contacts' }).click()
    await one.getByRole('button', { name: 'Archive Gus Second' }).click()
    await expect.poll(() => tileNames(two)).toEqual(['Fay First'])
    await one.context().close()
  })

  for (const [width, contacts, expected] of [
    [390, 0, { columns: 1 }],
    [1280, 2, { columns: 4 }],
    [1280, 5, { columns: 4 }],
    [390, 7, { columns: 1 }],
  ] as const) {
    test(`grid at ${width} px with ${contacts} contacts has ${expected.columns} column(s)`, async ({
      page,
      insertUser,
      login,
      connect,
    }) => {
      const names = Array.from({ length: contacts }, (_, i) => `Grid Friend ${i + 1}`)
      const { owner } = await circleOf(insertUser, connect, names)
      await page.setViewportSize({ width, height: 900 })
      await login(page, owner)
      await page.goto('/')
      await expect.poll(async () => (await tileNames(page)).length).toBe(contacts)
      const lefts = await page
        .getByRole('list', { name: 'Contacts' })
        .locator(':scope > li')
        .evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().left)))
      expect(new Set(lefts).size).toBe(Math.min(expected.columns, lefts.length))
    })
  }
})

test('the circle screens have no serious accessibility violation', async ({ page, insertUser, login, connect }) => {
  const { owner, friends } = await circleOf(insertUser, connect, ['Axe Friend'])
  await login(page, owner)
  const friend = friends[0] as E2EUser
  for (const path of ['/', '/contacts/add', '/contacts/add/directory', `/u/${friend.id}`, '/archived-contacts']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
    expect({ path, violations: await seriousAxeViolations(page) }).toEqual({ path, violations: [] })
  }
  await page.goto('/')
  await page.getByRole('button', { name: 'Edit contacts' }).click()
  await expect(page.getByRole('group', { name: 'Archive', exact: true })).toBeVisible()
  expect(await seriousAxeViolations(page)).toEqual([])
})
