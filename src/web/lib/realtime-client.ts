import {
  REALTIME_PATH,
  REALTIME_RECONNECT_BASE_MS,
  REALTIME_RECONNECT_MAX_MS,
  SESSION_ENDED_CLOSE_CODE,
} from '#shared/realtime-connection.ts'

export type RealtimeStatus = 'connecting' | 'open' | 'closed'

/** Delay before reconnect attempt `attempt` (0-based): doubling from 1 s up to 30 s, with jitter so tabs spread out. */
export function reconnectDelay(attempt: number, random = Math.random): number {
  const base = Math.min(REALTIME_RECONNECT_BASE_MS * 2 ** attempt, REALTIME_RECONNECT_MAX_MS)
  return Math.round(base * (0.75 + random() * 0.5))
}

/**
 * One WebSocket to /api/realtime for this tab. The session cookie authenticates it. It reconnects with
 * back-off when the connection drops, and on reconnect reports `open` again so that callers can refetch
 * what they may have missed. When the server closes it because the session ended (sign-out elsewhere, a
 * password reset, the owner disabling the account), it does not reconnect: `onSessionEnded` lets the app find out who
 * is signed in now, with the close's reason (ACCOUNT_DISABLED_CLOSE_REASON for a disabled account). `onEvent` gets
 * each message's JSON as it came; its reader validates it (`parseRealtimeEvent`), with code that loads after the socket
 * opens (decision 170).
 */
export function connectRealtime({
  onEvent,
  onStatus,
  onSessionEnded,
  url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_PATH}`,
}: {
  onEvent: (data: unknown) => void
  onStatus?: (status: RealtimeStatus) => void
  onSessionEnded?: (reason: string) => void
  url?: string
}) {
  let socket: WebSocket | null = null
  let attempt = 0
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined

  function open() {
    if (stopped) return
    onStatus?.('connecting')
    const ws = new WebSocket(url)
    socket = ws
    ws.onopen = () => {
      attempt = 0
      onStatus?.('open')
    }
    ws.onmessage = (message) => {
      if (typeof message.data !== 'string') return
      let data: unknown
      try {
        data = JSON.parse(message.data)
      } catch {
        return // not JSON: ignore, the server only sends events
      }
      onEvent(data)
    }
    ws.onclose = (event) => {
      if (socket !== ws) return
      socket = null
      onStatus?.('closed')
      if (stopped) return
      if (event.code === SESSION_ENDED_CLOSE_CODE) {
        stopped = true
        onSessionEnded?.(event.reason)
        return
      }
      timer = setTimeout(open, reconnectDelay(attempt++))
    }
  }

  open()
  return {
    close() {
      stopped = true
      clearTimeout(timer)
      socket?.close(1000)
      socket = null
    },
  }
}
