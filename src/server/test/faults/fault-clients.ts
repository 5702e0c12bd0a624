/**
 * The people of the fault suite (decision 218): pairs who take turns sending each other voice messages over HTTP, as
 * the web app's outbox sends them (src/web/resources/recording/outbox.ts): the recording is uploaded, then sent by its
 * upload id; a network failure or a 5xx is tried again (the upload until it has an id, then the send with the SAME
 * upload id, never a second upload), a 4xx is final. A message counts as acknowledged only once the send answered
 * 201 with its id. Imports no test runner: the bench uses it too.
 */
import { DECLARED_SECONDS_HEADER } from '#shared/messages.ts'

/** One person of a pair: their session, and their contact row for the other person (what a send names). */
export type Speaker = { id: string; cookie: string; contactId: string }
export type Pair = [Speaker, Speaker]

/** What a client is doing: the moments a fault can be aimed at. */
export type Stage = 'upload-body' | 'send'

export type Acknowledged = { id: string; senderId: string; at: number }

/** Everything the clients saw, for the invariants and the table. */
export type Tally = {
  acknowledged: Acknowledged[]
  /**
   * Sends whose answer was lost (the connection dropped, or a 5xx) and whose retry was told the upload is gone: the
   * message went out with the first try, but the outbox would show the take as failed. A send answers a retry with the
   * message its first try made (decision 232), so this stays 0; the suite counts it to show it does.
   */
  answerLost: number
  /** 4xx answers other than that one: final refusals */
  refused: number
  /** the first few of them, to tell why */
  refusals: string[]
  /** by sender: takes that reached their send, the most messages that sender can have made */
  sendsTried: Map<string, number>
  /** takes still retrying when the run gave up on them */
  unfinished: number
}

/** The web outbox's back-off between tries: 1 s, 2 s, 4 s, then 5 s (outbox.ts, uploadBackoffMs). */
const backoffMs = (attempt: number) => Math.min(1000 * 2 ** Math.max(attempt - 1, 0), 5000)
/** a request unanswered this long is given up and tried again, as a browser's would be, sooner or later */
const REQUEST_TIMEOUT_MS = 15_000
/** between one person's take and the other's reply: a lively conversation, not a load test */
const PAUSE_MS = { min: 600, max: 1600 }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

class Final extends Error {}

/**
 * Runs the pairs' conversations until stop(): in each pair the two people take turns (so no one reaches the limit of
 * unanswered messages), one take at a time, a short random pause between takes. `when(stage, act)` runs `act` once,
 * synchronously, as the next client enters that stage (a fault aimed at a moment).
 */
export function startConversations({
  url,
  origin,
  pairs,
  clip,
  random,
}: {
  url: string
  origin: string
  pairs: Pair[]
  /** the recording each take uploads */
  clip: Uint8Array
  random: () => number
}) {
  const tally: Tally = { acknowledged: [], answerLost: 0, refused: 0, refusals: [], sendsTried: new Map(), unfinished: 0 }
  const waiting = new Map<Stage, (() => void)[]>()
  const enter = (stage: Stage) => {
    const acts = waiting.get(stage) ?? []
    waiting.delete(stage)
    for (const act of acts) act()
  }
  let stopping = false
  let giveUp = false

  /** The recording in four pieces with a pause between them: a power cut can land in the middle of the body. */
  const trickled = () => {
    const pieces = 4
    const size = Math.ceil(clip.byteLength / pieces)
    let sent = 0
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent > 0) await sleep(40)
        const piece = clip.slice(sent * size, (sent + 1) * size)
        sent++
        controller.enqueue(piece)
        if (sent === 1) enter('upload-body')
        if (sent === pieces) controller.close()
      },
    })
  }

  const upload = async (speaker: Speaker): Promise<string> => {
    const response = await fetch(`${url}/api/audio`, {
      method: 'POST',
      headers: { origin, cookie: speaker.cookie, 'content-type': 'audio/webm', [DECLARED_SECONDS_HEADER]: '1' },
      body: trickled(),
      duplex: 'half',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    } as RequestInit)
    const text = await response.text()
    if (response.status === 201) return (JSON.parse(text) as { upload_id: string }).upload_id
    if (response.status < 500) throw new Final(`upload ${response.status} ${text}`)
    throw new Error(`upload ${response.status}`)
  }

  /** One take, tried as the outbox tries it until it is acknowledged, refused, or the run gives up on it. */
  const sendTake = async (speaker: Speaker) => {
    let uploadId: string | undefined
    let sendInterrupted = false
    let counted = false
    for (let attempt = 1; ; attempt++) {
      if (giveUp) {
        tally.unfinished++
        return
      }
      let sending = false
      try {
        uploadId ??= await upload(speaker)
        if (!counted) {
          counted = true
          tally.sendsTried.set(speaker.id, (tally.sendsTried.get(speaker.id) ?? 0) + 1)
        }
        sending = true
        const request = fetch(`${url}/api/messages`, {
          method: 'POST',
          headers: { origin, cookie: speaker.cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ contact_id: speaker.contactId, upload_id: uploadId }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        })
        enter('send')
        const response = await request
        const text = await response.text()
        if (response.status === 201) {
          tally.acknowledged.push({ id: (JSON.parse(text) as { id: string }).id, senderId: speaker.id, at: performance.now() })
          return
        }
        if (response.status >= 500) throw new Error(`send ${response.status}`)
        if (response.status === 404 && sendInterrupted) {
          tally.answerLost++
          return
        }
        throw new Final(`send ${response.status} ${text}`)
      } catch (error) {
        if (error instanceof Final) {
          tally.refused++
          if (tally.refusals.length < 5) tally.refusals.push(error.message)
          return
        }
        if (sending) sendInterrupted = true
        await sleep(backoffMs(attempt))
      }
    }
  }

  const converse = async ([a, b]: Pair) => {
    for (let turn = 0; !stopping; turn++) {
      await sendTake(turn % 2 === 0 ? a : b)
      await sleep(PAUSE_MS.min + random() * (PAUSE_MS.max - PAUSE_MS.min))
    }
  }
  const running = Promise.all(pairs.map(converse))

  return {
    tally,
    when(stage: Stage, act: () => void) {
      waiting.set(stage, [...(waiting.get(stage) ?? []), act])
    },
    /** the first message acknowledged after `since` (performance.now()), once there is one */
    firstAcknowledgedAfter(since: number): number | undefined {
      return tally.acknowledged.find((a) => a.at >= since)?.at
    },
    /** no new takes; the takes under way get until `drainMs` to finish, then are given up (counted unfinished) */
    async stop(drainMs: number) {
      stopping = true
      const timer = setTimeout(() => (giveUp = true), drainMs)
      await running
      clearTimeout(timer)
    },
  }
}

export type Conversations = ReturnType<typeof startConversations>
