import type { EngineChoice, TranscribeInput } from '#server/speech/engine.ts'

/**
 * A speech engine double for tests that only need some English words back: it hears what `say` answers for the
 * recording (tests tell their recordings apart by duration), one word every 0.2 s so the words carry timings.
 */
export function engineHearing(say: (input: TranscribeInput) => string | Promise<string>): EngineChoice {
  return {
    name: 'pocketsphinx',
    reason: 'test double',
    engine: {
      name: 'test',
      async transcribe(input) {
        const text = await say(input)
        return { language: 'en', text, words: text.split(' ').map((word, i) => ({ word, start: i * 0.2, end: i * 0.2 + 0.15 })) }
      },
    },
  }
}
