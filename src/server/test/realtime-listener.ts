import { connectDatabase } from '#server/db/client.ts'
import { REALTIME_CHANNEL, type RealtimeEnvelope } from '#server/realtime/realtime.publisher.ts'

/**
 * Every NOTIFY the services publish on the test database, as each server instance's hub hears it: `heard` fills as
 * they arrive; `close` (for afterAll) lets the connection go.
 */
export async function listenToRealtime(databaseUrl: string): Promise<{ heard: RealtimeEnvelope[]; close: () => Promise<void> }> {
  const listener = connectDatabase(databaseUrl, { max: 1 })
  const heard: RealtimeEnvelope[] = []
  const client = await listener.pool.connect()
  client.on('notification', (n) => {
    if (n.channel === REALTIME_CHANNEL && n.payload) heard.push(JSON.parse(n.payload) as RealtimeEnvelope)
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
