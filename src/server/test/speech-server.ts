import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** what the speech server answers: a transcript with word times, as OpenAI's verbose_json gives it */
export const SPOKEN_TEXT = 'See you at the station.'

/**
 * An OpenAI-compatible speech server on loopback for tests that run `main.ts` as a process (TRANSCRIBE_ENGINE=openai,
 * OPENAI_BASE_URL=url). `answer(apiKey)` decides per request: false holds it unanswered (a transcription still
 * running), and `held` counts those. Each instance can send its own OPENAI_API_KEY, so a request names its instance.
 * `delayMs` answers each request only after that long (a transcription that takes time), and `working` names the
 * instances whose requests are waiting for it, one entry per request.
 */
export async function startSpeechServer(answer: (apiKey: string) => boolean = () => true, { delayMs = 0 } = {}) {
  const held: http.ServerResponse[] = []
  const working: string[] = []
  const server = http.createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      const instance = String(request.headers.authorization).replace('Bearer ', '')
      if (!answer(instance)) {
        held.push(response)
        return
      }
      working.push(instance)
      setTimeout(() => {
        working.splice(working.indexOf(instance), 1)
        if (!response.destroyed) reply(response)
      }, delayMs)
    })
  })
  const reply = (response: http.ServerResponse) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        text: SPOKEN_TEXT,
        language: 'english',
        words: [
          { word: 'See', start: 0.1, end: 0.3 },
          { word: 'you', start: 0.3, end: 0.5 },
        ],
      }),
    )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    held,
    working,
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}
