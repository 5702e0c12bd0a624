import { createHash } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { ERROR_CODES } from '#shared/error-codes.ts'
import type { Locale } from '#shared/locales.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { TRANSLATION_TEXTS, type Translation } from '#shared/translation.ts'
import type { Database } from '#server/db/client.ts'
import { ConflictError, NotFoundError, ServiceUnavailableError } from '#server/http/errors.ts'
import type { TranslatorChoice } from '#server/translation/translator.ts'
import { getKeptTranslation, keepTranslation } from './message-translation.queries.ts'
import { getMessageForParticipant } from './messages.queries.ts'

/** a translation that takes longer is given up (the reader may ask again) */
const TRANSLATION_TIMEOUT_MS = 60_000

/**
 * A message's transcript in a reader's language (decision 228), for either of its two people only. Made once per
 * transcript, language and engine, and kept for both people.
 */
export function createMessageTranslationService({
  db,
  translation,
  log,
}: {
  db: Database
  translation: TranslatorChoice
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>
}) {
  // said once at start, beside the speech engine's line: what the start-up log tells an operator
  log.info({ engine: translation.name }, `translation: ${translation.reason}`)
  return {
    /** whether a screen may offer translation at all (/api/config) */
    available: () => translation.translator !== null,

    /**
     * 404 for anyone but the message's two people; 409 TRANSCRIPT_NOT_READY while it has no transcript (or an empty
     * one); 503 TRANSLATION_UNAVAILABLE when no engine runs or it has no way between the two languages; 503
     * TRANSLATION_FAILED when the engine failed this time. A transcript already in `to` is answered as it is.
     */
    async translate(userId: string, messageId: string, to: Locale): Promise<Translation> {
      const row = await getMessageForParticipant(db, messageId, userId)
      if (!row) throw new NotFoundError(MESSAGE_TEXTS.messageNotFound)
      const text = row.transcription?.trim()
      if (!text) throw new ConflictError(TRANSLATION_TEXTS.noTranscript, ERROR_CODES.transcriptNotReady)
      // transcripts made before languages were kept came from English-only engines
      const from = row.transcriptLanguage ?? 'en'
      if (from === to) return { text, language: to, from, engine: 'none', rough: false }

      const translator = translation.translator
      if (!translator) throw new ServiceUnavailableError(TRANSLATION_TEXTS.unavailable, ERROR_CODES.translationUnavailable)
      const sourceHash = createHash('sha256').update(text).digest('hex')
      const kept = await getKeptTranslation(db, { messageId: row.id, language: to, sourceHash, engine: translator.name })
      if (kept) return { text: kept.text, language: to, from, engine: kept.engine, rough: kept.rough }
      if (!translator.canTranslate(from, to))
        throw new ServiceUnavailableError(TRANSLATION_TEXTS.pairUnavailable, ERROR_CODES.translationUnavailable)

      let translated: string
      try {
        translated = await translator.translate({ text, from, to, signal: AbortSignal.timeout(TRANSLATION_TIMEOUT_MS) })
      } catch (error) {
        // the engine's own words (an endpoint's address, a program's output) go to the log, not to the reader
        log.warn({ messageId: row.id, from, to, engine: translator.name, reason: (error as Error).message }, 'translation: failed')
        throw new ServiceUnavailableError(TRANSLATION_TEXTS.failed, ERROR_CODES.translationFailed)
      }
      const made = { text: translated, engine: translator.name, rough: translator.rough }
      await keepTranslation(db, { messageId: row.id, language: to, fromLanguage: from, sourceHash, ...made })
      return { ...made, language: to, from }
    },
  }
}

export type MessageTranslationService = ReturnType<typeof createMessageTranslationService>
