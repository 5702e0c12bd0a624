import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { EngineChoice } from '#server/speech/engine.ts'
import { insertSignedInPair } from '#server/test/people.ts'
import { createTestApp } from '#server/test/test-app.ts'
import { sendRecording } from '#server/test/uploads.ts'

// GET /metrics (decision 160): Prometheus's exposition behind a bearer token, request latency by route pattern.
const TOKEN = 'metrics-token-for-the-test-0123'
const engineDouble: EngineChoice = {
  name: 'pocketsphinx',
  reason: 'test double',
  engine: { name: 'test', transcribe: async () => ({ text: 'see you soon', words: [], language: 'en' }) },
}
const { app, db } = await createTestApp({ METRICS_TOKEN: TOKEN, RATE_LIMIT_ENABLED: 'false' }, { speech: { choice: engineDouble } })
const scrape = (authorization?: string) => app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })

const METRIC_NAMES = [
  'hearth_http_request_duration_seconds',
  'hearth_queue_depth',
  'hearth_queue_active',
  'hearth_queue_failed',
  'hearth_queue_oldest_waiting_seconds',
  'hearth_transcription_seconds_per_audio_second',
  'hearth_realtime_sockets',
  'hearth_db_pool_connections',
  'hearth_db_pool_idle',
  'hearth_db_pool_waiting',
  'hearth_disk_free_bytes',
  'hearth_disk_floor_bytes',
  'hearth_storage_used_bytes',
  'hearth_storage_up',
  'hearth_process_resident_memory_bytes',
]

describe('GET /metrics', () => {
  it('refuses a caller without the token, or with another one', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token', TOKEN, `Basic ${TOKEN}`]) {
      const refused = await scrape(authorization)
      expect(refused.statusCode).toBe(401)
      expect(refused.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } })
    }
  })

  it('answers every metric to the token, and counts a request under its route pattern, never its URL', async () => {
    const id = randomUUID()
    expect((await app.inject({ method: 'GET', url: `/api/public-profiles/${id}` })).statusCode).toBe(404)
    const response = await scrape(`Bearer ${TOKEN}`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toContain('text/plain')
    const exposition = response.body
    for (const name of METRIC_NAMES) expect(exposition, name).toContain(`# TYPE ${name} `)
    expect(exposition).toMatch(
      /hearth_http_request_duration_seconds_count\{method="GET",route="\/api\/public-profiles\/:id",status="4xx"\} 1\n/,
    )
    expect(exposition).not.toContain(id)
    expect(exposition).toMatch(/\nhearth_storage_up 1\n/)
    expect(exposition).toMatch(/hearth_queue_depth\{queue="send-mail"\} \d+/)
    expect(exposition).toMatch(/hearth_queue_oldest_waiting_seconds\{queue="transcribe-message"\} [\d.]+/)
  })

  it('times each transcription per second of audio, by engine', async () => {
    const { ada, adaToBob } = await insertSignedInPair(app, db)
    await sendRecording(app, ada.cookie, adaToBob)
    await expect
      .poll(async () => (await scrape(`Bearer ${TOKEN}`)).body, { timeout: 15_000 })
      .toMatch(/hearth_transcription_seconds_per_audio_second_count\{engine="pocketsphinx"\} 1\n/)
  })
})
