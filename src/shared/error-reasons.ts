import { ACCOUNT_TEXTS } from '#shared/account.ts'
import { ADMIN_TEXTS } from '#shared/admin.ts'
import { API_ERROR_TEXTS } from '#shared/api-error.ts'
import { FULL_NAME_REQUIRED } from '#shared/auth-forms-texts.ts'
import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { DISK_TEXTS } from '#shared/disk.ts'
import { INVITATION_TEXTS } from '#shared/invitations.ts'
import { MESSAGE_REQUEST_TEXTS } from '#shared/message-requests-texts.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { NOTIFICATION_TEXTS, PUSH_TEXTS } from '#shared/notifications-texts.ts'
import { NUDGE_TEXTS } from '#shared/nudge-texts.ts'
import { PHOTO_TEXTS } from '#shared/photos.ts'
import { PROFILE_TEXTS } from '#shared/profile.ts'
import { REALTIME_TEXTS } from '#shared/realtime.ts'
import { HEALTH_TEXTS } from '#shared/relationship-health.ts'
import { SPEECH_TEXTS } from '#shared/speech.ts'
import { CONFIDENCE_TEXTS } from '#shared/transcript-confidence.ts'
import { TRANSLATION_TEXTS } from '#shared/translation.ts'
import { SESSION_TEXTS } from '#shared/voice-sessions.ts'

/** The texts of `texts` named by `keys`: the ones the server answers a request with. */
function refusals<T extends Readonly<Record<string, unknown>>, K extends keyof T & string>(texts: T, keys: readonly K[]) {
  return Object.fromEntries(keys.map((key) => [key, texts[key]])) as Pick<T, K>
}

/**
 * The refusals the server answers with in words of the shared texts, by group (decisions 222 and 230): each is an
 * error's `reason`, `error.<group>.<key>` (`error.invitations.used` for INVITATION_TEXTS.used), which the web's
 * catalogues translate. A screen's own labels and toasts are not here: the server never answers with them.
 * `error-reasons.test.ts` fails when the server names a shared text that is missing here, and the catalogue check
 * (scripts/i18n-catalogues.test.ts) when a reason here lacks a translation.
 */
const GROUPS = {
  account: refusals(ACCOUNT_TEXTS, ['sessionNotFound', 'accountNotFound', 'currentSession']),
  admin: refusals(ADMIN_TEXTS, [
    'invitationRequired',
    'accountDisabled',
    'signUpPinnedRefused',
    'notOwner',
    'notYourself',
    'alreadyConfirmed',
    'resendTooSoon',
  ]),
  api: API_ERROR_TEXTS,
  auth: { fullNameRequired: FULL_NAME_REQUIRED },
  contacts: refusals(CONTACT_TEXTS, ['notFound', 'notYourself', 'circleFull']),
  disk: refusals(DISK_TEXTS, ['full']),
  health: refusals(HEALTH_TEXTS, ['meetingInFuture']),
  invitations: refusals(INVITATION_TEXTS, [
    'notFound',
    'expired',
    'used',
    'inviterDeleted',
    'ownInvitation',
    'yourCircleFull',
    'inviteCircleFull',
    'sendLimit',
    'lookupLimit',
    'uploadNotFound',
    'alreadyInCircle',
  ]),
  messageRequests: refusals(MESSAGE_REQUEST_TEXTS, ['notFound']),
  messages: refusals(MESSAGE_TEXTS, [
    'notLinked',
    'tooLarge',
    'tooManyUploads',
    'tooLong',
    'empty',
    'notAudio',
    'silent',
    'uploadNotFound',
    'replyNotFound',
    'messageNotFound',
    'onlyReceiverMarksRead',
    'likeAfterAccept',
    'invalidCursor',
  ]),
  notifications: refusals(NOTIFICATION_TEXTS, ['unsubscribeInvalid']),
  nudges: refusals(NUDGE_TEXTS, ['profileNotFound']),
  photos: refusals(PHOTO_TEXTS, ['limit', 'invalidType', 'tooLarge', 'notFound', 'orderMismatch']),
  profile: refusals(PROFILE_TEXTS, ['notFound', 'nothingToUpdate']),
  push: refusals(PUSH_TEXTS, ['badEndpoint', 'noSubscription', 'endpointTaken']),
  realtime: refusals(REALTIME_TEXTS, ['tooManySockets']),
  sessions: refusals(SESSION_TEXTS, [
    'notFound',
    'sessionLimit',
    'noteLimit',
    'titleTooLong',
    'noteTooLong',
    'empty',
    'noRecording',
    'notRetryable',
  ]),
  speech: refusals(SPEECH_TEXTS, ['notRetryable', 'noEngine', 'previewBusy', 'languageUnsupported']),
  transcriptConfidence: refusals(CONFIDENCE_TEXTS, ['nothingBetter']),
  translation: TRANSLATION_TEXTS,
}

function reasonsOf(groups: Record<string, Readonly<Record<string, string>>>): Readonly<Record<string, string>> {
  const reasons: Record<string, string> = {}
  const named = new Set<string>()
  for (const [group, texts] of Object.entries(groups)) {
    for (const [key, text] of Object.entries(texts)) {
      // the first group to hold a text names it: the same words are the same refusal to a reader
      if (named.has(text)) continue
      named.add(text)
      reasons[`error.${group}.${key}`] = text
    }
  }
  return reasons
}

/** Every reason the server can send, with its English words: `{ 'error.invitations.used': 'This invitation…' }`. */
export const ERROR_REASONS = reasonsOf(GROUPS)

const BY_TEXT = new Map(Object.entries(ERROR_REASONS).map(([reason, text]) => [text, reason]))

/** The reason of an error's English message, when it is one of the refusals above; undefined otherwise. */
export function reasonOf(message: string): string | undefined {
  return BY_TEXT.get(message)
}
