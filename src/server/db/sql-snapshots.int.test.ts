import { AsyncLocalStorage } from 'node:async_hooks'
import fs from 'node:fs/promises'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { PipelinedClient } from '#server/db/pipelined-client.ts'
import { insertSignedInPair } from '#server/test/people.ts'
import { apiClient } from '#server/test/requests.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { uploadRecording } from '#server/test/uploads.ts'

// The SQL that the requests the benchmarks guard send, kept as files beside their modules (`<module>/sql/*.sql`), as
// Immich keeps its queries' SQL: a change to a hand-tuned statement, or a statement more per request, shows in review
// as a diff of these files instead of only as a slower benchmark. The test fails when a request's SQL changes; run it
// with `-u` (`npx vitest run --project integration src/server/db/sql-snapshots.int.test.ts -u`) to write the new SQL,
// and look at the diff.

const { app, db } = await createTestApp({ DATA_DIR: await fs.mkdtemp('/tmp/hearth-int-sql-') }, { jobs: { workers: false } })
const { get, post, put } = apiClient(app)
const { ada, bob, adaToBob } = await insertSignedInPair(app, db)

const recording = new AsyncLocalStorage<string[]>()

/**
 * The statements that `request` sends through the app's pool, in the order they leave. Only what the request itself
 * runs is read (its async context): the job queue's upkeep on the same pool, and a health refresh that an earlier
 * send started a second later, would otherwise make the files change from run to run.
 */
async function statementsOf(request: () => Promise<{ statusCode: number }>, expectedStatus = 200): Promise<string> {
  const sent: string[] = []
  const original = pg.Client.prototype.query
  pg.Client.prototype.query = function recordingQuery(this: pg.Client, config: unknown, ...rest: unknown[]) {
    const store = recording.getStore()
    if (store && this instanceof PipelinedClient) {
      const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text
      if (text) store.push(text.trim())
    }
    return (original as (...args: unknown[]) => unknown).call(this, config, ...rest)
  } as typeof original
  try {
    // an async function, so that everything the request awaits continues inside the recorded context
    const response = await recording.run(sent, async () => await request())
    expect(response.statusCode).toBe(expectedStatus)
  } finally {
    pg.Client.prototype.query = original
  }
  // copied at the answer: what the request started and did not wait for (the refresh a second later) is not its SQL
  return `${[...sent].map((text) => `${text.replace(/\s+\n/g, '\n')};`).join('\n\n')}\n`
}

const snapshot = (module: string, name: string) => `../modules/${module}/sql/${name}.sql`

describe('the SQL of the requests the benchmarks guard', () => {
  it('the circle (the signed-in home)', async () => {
    const sql = await statementsOf(() => get('/api/contacts', ada.cookie))
    await expect(sql).toMatchFileSnapshot(snapshot('contacts', 'circle'))
  })

  it('reordering the circle', async () => {
    const sql = await statementsOf(() => put('/api/contacts/order', ada.cookie, { contact_ids: [adaToBob] }), 204)
    await expect(sql).toMatchFileSnapshot(snapshot('contacts', 'reorder'))
  })

  it('sending a voice message', async () => {
    const uploadId = await uploadRecording(app, ada.cookie)
    const sql = await statementsOf(() => post('/api/messages', ada.cookie, { contact_id: adaToBob, upload_id: uploadId }), 201)
    await expect(sql).toMatchFileSnapshot(snapshot('messages', 'send'))
  })

  it('a conversation page', async () => {
    const sql = await statementsOf(() => get(`/api/contacts/${adaToBob}/messages`, ada.cookie))
    await expect(sql).toMatchFileSnapshot(snapshot('messages', 'conversation-page'))
  })

  it('searching my messages', async () => {
    const sql = await statementsOf(() => get('/api/messages', ada.cookie, { query: { q: 'miss you' } }))
    await expect(sql).toMatchFileSnapshot(snapshot('message-search', 'search'))
  })

  it('searching the directory', async () => {
    const sql = await statementsOf(() => get('/api/directory', ada.cookie, { query: { q: bob.name.slice(0, 2) } }))
    await expect(sql).toMatchFileSnapshot(snapshot('directory', 'search'))
  })

  it('the message requests', async () => {
    const sql = await statementsOf(() => get('/api/message-requests', ada.cookie))
    await expect(sql).toMatchFileSnapshot(snapshot('message-requests', 'list'))
  })

  it('a relationship health', async () => {
    const sql = await statementsOf(() => get(`/api/contacts/${adaToBob}/health`, ada.cookie))
    await expect(sql).toMatchFileSnapshot(snapshot('relationship-health', 'contact-health'))
  })
})
