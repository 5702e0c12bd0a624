import { ACCOUNT_TEXTS } from '#shared/account.ts'
import { ADMIN_TEXTS } from '#shared/admin.ts'
import { API_ERROR_TEXTS } from '#shared/api-error.ts'
import { FULL_NAME_REQUIRED } from '#shared/auth-forms.ts'
import { CONTACT_TEXTS } from '#shared/contacts-texts.ts'
import { DIRECTORY_TEXTS } from '#shared/directory.ts'
import { DISK_TEXTS } from '#shared/disk.ts'
import { INVITATION_TEXTS } from '#shared/invitations.ts'
import { MESSAGE_REQUEST_TEXTS } from '#shared/message-requests-texts.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { NOTIFICATION_TEXTS, PUSH_TEXTS } from '#shared/notifications-texts.ts'
import { NUDGE_TEXTS } from '#shared/nudge-texts.ts'
import { PHOTO_TEXTS } from '#shared/photos.ts'
import { PROFILE_TEXTS } from '#shared/profile.ts'
import { PUBLIC_PROFILE_TEXTS } from '#shared/public-profile.ts'
import { HEALTH_TEXTS } from '#shared/relationship-health.ts'
import { SPEECH_TEXTS } from '#shared/speech.ts'
import { CONFIDENCE_TEXTS } from '#shared/transcript-confidence.ts'
import { TRANSLATION_TEXTS } from '#shared/translation.ts'
import { SESSION_TEXTS } from '#shared/voice-sessions.ts'

/**
 * Which refusal an error is, for a screen to say it in the reader's language (decision 222): an error's `code` is
 * its kind (`CONFLICT`, `VALIDATION_ERROR`, ...), shared by many refusals; its `reason` names the one refusal, as
 * `error.<group>.<key>` of the shared text the server answered with (`error.invitations.used` for
 * INVITATION_TEXTS.used). The English `message` stays as it was. A message that is none of these texts (one built
 * with a detail of the request) has no reason, and the screen shows the message, or its own words for the code.
 */
const GROUPS: Record<string, Readonly<Record<string, unknown>>> = {
  account: ACCOUNT_TEXTS,
  admin: ADMIN_TEXTS,
  api: API_ERROR_TEXTS,
  auth: { fullNameRequired: FULL_NAME_REQUIRED },
  contacts: CONTACT_TEXTS,
  directory: DIRECTORY_TEXTS,
  disk: DISK_TEXTS,
  health: HEALTH_TEXTS,
  invitations: INVITATION_TEXTS,
  messageRequests: MESSAGE_REQUEST_TEXTS,
  messages: MESSAGE_TEXTS,
  notifications: NOTIFICATION_TEXTS,
  nudges: NUDGE_TEXTS,
  photos: PHOTO_TEXTS,
  profile: PROFILE_TEXTS,
  publicProfile: PUBLIC_PROFILE_TEXTS,
  push: PUSH_TEXTS,
  sessions: SESSION_TEXTS,
  speech: SPEECH_TEXTS,
  transcriptConfidence: CONFIDENCE_TEXTS,
  translation: TRANSLATION_TEXTS,
}

const REASONS = new Map<string, string>()
for (const [group, texts] of Object.entries(GROUPS)) {
  for (const [key, text] of Object.entries(texts)) {
    // the first group to hold a text names it: the same words are the same refusal to a reader
    if (typeof text === 'string' && !REASONS.has(text)) REASONS.set(text, `error.${group}.${key}`)
  }
}

/** The reason of an error's English message, when it is one of the shared texts; undefined otherwise. */
export function reasonOf(message: string): string | undefined {
  return REASONS.get(message)
}
