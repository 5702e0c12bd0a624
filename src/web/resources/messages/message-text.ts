import { defineMessage, defineMessages, type IntlShape, type MessageDescriptor } from 'react-intl'
import type { Message } from '#shared/messages.ts'
import { transcriptCarriesInsights } from '#shared/transcript-confidence.ts'

/** Status texts of message processing (docs/product/playback.md), shown until a transcription exists. */
export const STATUS_TEXT: Record<Message['processing_status'], string> = {
  pending: 'Transcription pending...',
  processing: 'Processing transcription...',
  completed: '',
  failed: "Transcription failed - message received but couldn't be processed",
}

const STATUS_MESSAGES = defineMessages({
  pending: { id: 'messages.status.pending', defaultMessage: 'Transcription pending...' },
  processing: { id: 'messages.status.processing', defaultMessage: 'Processing transcription...' },
  failed: { id: 'messages.status.failed', defaultMessage: "Transcription failed - message received but couldn't be processed" },
  noWords: { id: 'messages.status.noWords', defaultMessage: 'No words in this message' },
})

const LANGUAGE_UNSUPPORTED: MessageDescriptor = defineMessage({
  id: 'messages.status.languageUnsupported',
  defaultMessage: "Transcripts aren't available in {language} on this Hearth yet",
})

/** A language's name (an ISO code, null meaning English) in the reader's language; the code itself where none is known. */
export function languageName(code: string | null | undefined, locale: string): string {
  const language = code || 'en'
  try {
    return new Intl.DisplayNames([locale, 'en'], { type: 'language', fallback: 'code' }).of(language) ?? language
  } catch {
    return language
  }
}

/**
 * The speech engine here cannot transcribe the message's language (decision 227): said plainly, and no Retry offered,
 * since trying again would fail the same way.
 */
export function languageUnsupported(message: Pick<Message, 'processing_status' | 'processing_error_code'>): boolean {
  return message.processing_status === 'failed' && message.processing_error_code === 'language_unsupported'
}

/**
 * The transcription, or the status text while there is none; `isStatus` tells which. With `intl`, the status text is
 * in the reader's language (the transcription is as it was spoken); without, in English.
 */
export function messageText(
  message: Pick<Message, 'transcription' | 'processing_status' | 'processing_error_code' | 'transcript_language'>,
  intl?: IntlShape,
): { text: string; isStatus: boolean } {
  const transcription = message.transcription?.trim()
  if (transcription) return { text: transcription, isStatus: false }
  if (languageUnsupported(message)) {
    const language = languageName(message.transcript_language, intl?.locale ?? 'en')
    return {
      text: intl
        ? intl.formatMessage(LANGUAGE_UNSUPPORTED, { language })
        : `Transcripts aren't available in ${language} on this Hearth yet`,
      isStatus: true,
    }
  }
  // a completed message without words still says something rather than nothing
  if (intl) {
    const status = message.processing_status === 'completed' ? STATUS_MESSAGES.noWords : STATUS_MESSAGES[message.processing_status]
    return { text: intl.formatMessage(status), isStatus: true }
  }
  return { text: STATUS_TEXT[message.processing_status] || 'No words in this message', isStatus: true }
}

/** Shown per message in the conversation (docs/product/conversation.md). */
export const MAX_EMOTIONS = 3
export const MAX_TOPICS = 5

/**
 * A finished transcript too unsure to carry a mood, tags or tips (`transcriptCarriesInsights`, decision 92): the
 * server did not analyse it, and screens say `CONFIDENCE_TEXTS.notEnoughClearWords` where insights would be.
 */
export function insightsHeldBack(
  message: Pick<Message, 'transcription' | 'word_timestamps' | 'transcript_confidence' | 'processing_status'>,
): boolean {
  if (message.processing_status !== 'completed' || !message.transcription?.trim()) return false
  return !transcriptCarriesInsights({
    text: message.transcription,
    words: message.word_timestamps,
    confidence: message.transcript_confidence,
  })
}
