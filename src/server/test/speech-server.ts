import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** what the speech server answers: a transcript with word times, as OpenAI's verbose_json gives it */
export const SPOKEN_TEXT = 'See you at the station.'

/**
 * An OpenAI-compatible speech server on loopback for tests that run `main.ts` as a process (TRANSCRIBE_ENGINE=openai,
 * OPENAI_BASE_URL=url). `answer(apiKey)` decides per request: false holds it unanswered (a transcription still
 * running), and `held` counts those. Each instance can send its own OPENAI_API_KEY, so a request names its instance.
 */
export async function startSpeechServer(answer: (apiKey: string) => boolean = () => true) {
  const held: http.ServerResponse[] = []
  const server = http.createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      if (!answer(String(request.headers.authorization).replace('Bearer ', ''))) {
        held.push(response)
        return
      }
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
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    held,
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}
