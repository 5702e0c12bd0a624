import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { ERROR_CODES } from '#shared/error-codes.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import type { SpeechPreview } from '#shared/speech-preview.ts'
import { SPEECH_TEXTS } from '#shared/speech.ts'
import type { Locale } from '#shared/locales.ts'
import { engineHears, type EngineChoice } from '#server/speech/engine.ts'
import { ConflictError, ServiceUnavailableError, ValidationError } from '#server/http/errors.ts'
import { receiveAudio } from '#server/media/audio.ts'
import { decodeForSpeech, NoAudioSamplesError } from '#server/speech/decode.ts'

/** a live preview that takes longer than this is dropped; the next one starts from the same point */
const PREVIEW_TIMEOUT_MS = 20_000

/**
 * Live previews of a recording still being made. Stored recordings are transcribed by the jobs of the module that
 * owns each one (messages, profiles, invitations, voice sessions), through `speech/transcribe-object.ts`; this module
 * imports no other.
 */
export function createTranscriptionService({
  speech,
  tmpDir,
  languageOf,
}: {
  speech: EngineChoice
  tmpDir: string
  /** the speaker's language (their `profiles.language`), handed in by the composition root: this module imports no other */
  languageOf: (userId: string) => Promise<Locale | null>
}) {
  /** people with a live preview running: one at a time each, so a slow engine is not asked twice */
  const previewing = new Set<string>()

  return {
    /**
     * A live transcript of a recording still being made (the reply screen sends what it has every 2 s):
     * the words from `from` seconds on, straight from the engine, never stored. The audio is kept in a
     * temporary file only for this request.
     */
    async preview(userId: string, body: Readable | undefined, from: number): Promise<SpeechPreview> {
      const engine = speech.engine
      if (!engine) throw new ServiceUnavailableError(`${SPEECH_TEXTS.noEngine}: ${speech.reason}`, ERROR_CODES.speechUnavailable)
      // a language the engine cannot hear gets no English guess, live or stored (decision 227)
      const language = await languageOf(userId)
      if (!engineHears(engine, language))
        throw new ServiceUnavailableError(SPEECH_TEXTS.languageUnsupported, ERROR_CODES.languageUnsupported)
      if (previewing.has(userId)) throw new ConflictError(SPEECH_TEXTS.previewBusy)
      previewing.add(userId)
      let work: string | undefined
      try {
        await fs.mkdir(tmpDir, { recursive: true, mode: 0o700 })
        work = await fs.mkdtemp(path.join(tmpDir, 'preview-'))
        const source = path.join(work, 'source')
        await receiveAudio(body, source)
        let decoded: Awaited<ReturnType<typeof decodeForSpeech>>
        try {
          decoded = await decodeForSpeech(source, work, { startSeconds: from })
        } catch (error) {
          // nothing new since `from` (or not yet a whole frame): no words, same place
          if (error instanceof NoAudioSamplesError) return { text: '', until: from }
          throw new ValidationError(MESSAGE_TEXTS.notAudio)
        }
        const transcript = await engine.transcribe({
          wavPath: decoded.wavPath,
          durationSeconds: decoded.durationSeconds,
          language,
          signal: AbortSignal.timeout(PREVIEW_TIMEOUT_MS),
        })
        return { text: transcript.text.replace(/\s+/g, ' ').trim(), until: Math.round((from + decoded.durationSeconds) * 1000) / 1000 }
      } finally {
        previewing.delete(userId)
        if (work) await fs.rm(work, { recursive: true, force: true })
      }
    },
  }
}

export type TranscriptionService = ReturnType<typeof createTranscriptionService>
