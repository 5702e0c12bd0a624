import { connectDatabase } from '#server/db/client.ts'
import { envelopesOf, REALTIME_CHANNEL, type RealtimeEnvelope, type RealtimeNotification } from '#server/realtime/realtime.publisher.ts'

/**
 * Every event the services publish on the test database, as each server instance's hub hears it: `heard` fills as
 * they arrive, one envelope per event (a transaction's events share a notification); `close` (for afterAll) lets the
 * connection go.
 */
export async function listenToRealtime(databaseUrl: string): Promise<{ heard: RealtimeEnvelope[]; close: () => Promise<void> }> {
  const listener = connectDatabase(databaseUrl, { max: 1 })
  const heard: RealtimeEnvelope[] = []
  const client = await listener.pool.connect()
  client.on('notification', (n) => {
    if (n.channel === REALTIME_CHANNEL && n.payload) heard.push(...envelopesOf(JSON.parse(n.payload) as RealtimeNotification))
  })
  await client.query(`LISTEN ${REALTIME_CHANNEL}`)
  return {
    heard,
    close: async () => {
      client.release()
      await listener.close()
    },
  }
}
