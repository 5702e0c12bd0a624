import { afterAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DELETE_ACCOUNT_CONFIRMATION } from '#shared/account.ts'
import type { Contact } from '#shared/contacts.ts'
import type { MessageSearchResult } from '#shared/message-search.ts'
import { realtimeEventSchema, type RealtimeEvent } from '#shared/realtime.ts'
import type { RelationshipHealth } from '#shared/relationship-health.ts'
import { insertMessages } from '#server/test/data.ts'
import { uploadPhoto } from '#server/test/images.ts'
import { insertSignedInPair, insertSignedInPerson } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp, TEST_ORIGIN } from '#server/test/test-app.ts'

const { app, db } = await createTestApp()
const api = apiClient(app)
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
const socketUrl = typeof address === 'object' && address ? `ws://127.0.0.1:${address.port}/api/realtime` : ''
const sockets: WebSocket[] = []
afterAll(() => sockets.forEach((socket) => socket.close()))

/** A realtime socket of the person's, open; answers the events it has heard so far. */
function listen(cookie: string): Promise<RealtimeEvent[]> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(socketUrl, { headers: { cookie, origin: TEST_ORIGIN } })
    sockets.push(socket)
    const events: RealtimeEvent[] = []
    socket.on('message', (data) => events.push(realtimeEventSchema.parse(JSON.parse(String(data)))))
    socket.on('open', () => resolve(events))
    socket.on('error', reject)
  })
}

/** Everywhere Bruno sees Alma: his circle, her contact, the overview's card of a message between them, the insights. */
async function whereBrunoSeesAlma(cookie: string, almaContactId: string) {
  const list = (await api.get('/api/contacts', cookie)).json<{ contacts: Contact[] }>().contacts
  const detail = (await api.get(`/api/contacts/${almaContactId}`, cookie)).json<Contact>()
  const overview = (await api.get('/api/messages', cookie)).json<MessageSearchResult>()
  const health = (await api.get(`/api/contacts/${almaContactId}/health`, cookie)).json<RelationshipHealth>()
  return {
    list: list.find((c) => c.id === almaContactId)?.name,
    detail: detail.name,
    overview: [...new Set(overview.messages.map((m) => m.other_person.name))],
    tips: health.tips.join(' '),
  }
}

describe('a new name reaches the circle', () => {
  it('everyone who has Alma in their circle sees the name she gives herself, at once, and hears of it', async () => {
    const { ada: alma, bob: bruno, bobToAda: almaForBruno } = await insertSignedInPair(app, db, ['Alma', 'Bruno'])
    const stranger = await insertSignedInPerson(app, db, { name: 'Eve' })
    await insertMessages(db, [{ senderId: alma.id, receiverId: bruno.id }])
    // a message's send refreshes the pair's insights: the test data does not, so a meeting does it here
    expect((await api.post(`/api/contacts/${almaForBruno}/meetings`, bruno.cookie, { met_on: '2026-01-05' })).statusCode).toBe(201)
    const before = await whereBrunoSeesAlma(bruno.cookie, almaForBruno)
    expect(before).toMatchObject({ list: 'Alma', detail: 'Alma', overview: ['Alma'] })
    expect(before.tips).toContain('Alma')

    const brunoHears = await listen(bruno.cookie)
    const almaHears = await listen(alma.cookie)
    const eveHears = await listen(stranger.cookie)
    const renamed = await api.patch('/api/profile', alma.cookie, { name: 'Alma Rosa' })
    expect(renamed.statusCode).toBe(200)

    const after = await whereBrunoSeesAlma(bruno.cookie, almaForBruno)
    expect(after).toMatchObject({ list: 'Alma Rosa', detail: 'Alma Rosa', overview: ['Alma Rosa'] })
    expect(after.tips).toContain('Alma Rosa')
    const told = { type: 'profile.updated', user_id: alma.id }
    await expect.poll(() => brunoHears, { timeout: 5000 }).toEqual([told])
    await expect.poll(() => almaHears, { timeout: 5000 }).toEqual([told])
    // one NOTIFY reached every socket of this instance: someone outside her circle was not among its people
    expect(eveHears).toEqual([])
  })

  it('a new picture reaches the circle the same way: the contact shows it, and Bruno hears of it', async () => {
    const { ada: alma, bob: bruno, bobToAda: almaForBruno } = await insertSignedInPair(app, db, ['Alma', 'Bruno'])
    const brunoHears = await listen(bruno.cookie)
    await uploadPhoto(app, alma.cookie)
    expect((await api.get(`/api/contacts/${almaForBruno}`, bruno.cookie)).json<Contact>().avatar_url).toEqual(expect.any(String))
    await expect.poll(() => brunoHears, { timeout: 5000 }).toEqual([{ type: 'profile.updated', user_id: alma.id }])
  })

  it('refuses an empty name, and the circle keeps the name she had', async () => {
    const { ada: alma, bob: bruno, bobToAda: almaForBruno } = await insertSignedInPair(app, db, ['Alma', 'Bruno'])
    const refused = await api.patch('/api/profile', alma.cookie, { name: '   ' })
    expect(refused.statusCode).toBe(400)
    expect((await api.get(`/api/contacts/${almaForBruno}`, bruno.cookie)).json<Contact>().name).toBe('Alma')
  })

  it('when she deletes her account, the contact left in his circle keeps the last name she gave herself', async () => {
    const { ada: alma, bob: bruno, bobToAda: almaForBruno } = await insertSignedInPair(app, db, ['Alma', 'Bruno'])
    expect((await api.patch('/api/profile', alma.cookie, { name: 'Alma Rosa' })).statusCode).toBe(200)
    const deleted = await api.call('DELETE', '/api/account', alma.cookie, { confirmation: DELETE_ACCOUNT_CONFIRMATION })
    expect(deleted.statusCode).toBe(204)
    const contact = (await api.get(`/api/contacts/${almaForBruno}`, bruno.cookie)).json<Contact>()
    expect(contact).toMatchObject({ name: 'Alma Rosa', contact_user_id: null })
  })
})
