import { z } from 'zod/mini'
import { LOCALES } from './locales.ts'

export const PROFILE_TEXTS = {
  notFound: 'Profile not found.',
  nothingToUpdate: 'Nothing to update',
} as const

/** A word of a transcript with its start and end in seconds. */
/** `confidence` (0..1) when the engine reported one for the word (decision 92); faint on screen below 0.5 */
export const wordTimestampSchema = z.object({ word: z.string(), start: z.number(), end: z.number(), confidence: z.optional(z.number()) })

export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  full_name: z.nullable(z.string()),
  email: z.string(),
  welcome_audio_url: z.nullable(z.string()),
  welcome_transcript: z.nullable(z.string()),
  welcome_transcript_status: z.nullable(z.enum(['pending', 'processing', 'completed', 'failed'])),
  welcome_word_timestamps: z.nullable(z.array(wordTimestampSchema)),
  profile_picture_url: z.nullable(z.string()),
  onboarding_completed: z.boolean(),
  email_notifications_enabled: z.boolean(),
  /** whether someone who types this person's exact e-mail address in the directory finds them (decision 37) */
  findable_by_email: z.boolean(),
  /** whether a push about a new message shows the transcript's first words */
  push_shows_transcript: z.boolean(),
  /** the language this person reads Hearth in (decision 221); null: the device's on screen, English in what is sent */
  language: z.nullable(z.enum(LOCALES)),
})
export type Profile = z.infer<typeof profileSchema>

/** Update sends only the provided fields (docs/product/settings.md). */
export const profileUpdateSchema = z.partial(
  z.strictObject({
    name: z.string().check(z.trim(), z.minLength(1, 'Name must not be empty'), z.maxLength(100)),
    full_name: z.string().check(z.trim(), z.minLength(1, 'Name must not be empty'), z.maxLength(100)),
    onboarding_completed: z.boolean(),
    email_notifications_enabled: z.boolean(),
    findable_by_email: z.boolean(),
    push_shows_transcript: z.boolean(),
    language: z.nullable(z.enum(LOCALES, 'Unknown language')),
  }),
)
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>

export const SETTINGS_TEXTS = {
  privacyTitle: 'Privacy',
  privacyDescription: 'Who can find you on Hearth.',
  findableByEmailLabel: 'Let people find me by my email address',
  findableByEmailHint:
    'When this is on, someone who types your exact email address in the directory finds you. Your address is never shown. People can always find you by name.',
  saveFailed: 'Could not save this setting. Please try again.',
  nameTitle: 'Your name',
  nameDescription: 'The name your circle sees, and the one our e-mails greet you with.',
  nameLabel: 'Name',
  profileUpdated: 'Profile Updated',
  updateFailed: 'Update Failed',
  profileErrorTitle: 'Profile Error',
  profileError: 'Failed to load profile data',
  welcomeTitle: 'Your welcome message',
  welcomeDescription: 'What people hear on your public profile. One to two minutes is plenty.',
  welcomeSaved: 'Welcome message saved',
  welcomeSavedDescription: 'Your welcome message has been saved successfully.',
  welcomeSaveFailed: 'Error saving welcome message',
  welcomeSaveFailedDescription: 'Failed to save your welcome message. Please try again.',
} as const

/** PUT /api/profile/welcome-message: a recording uploaded through POST /api/audio becomes the welcome message. */
export const welcomeMessageSchema = z.object({ upload_id: z.uuid('Invalid audio upload') })

/**
 * The name rule of the spec: the full name, else the part of the e-mail before the @, else 'User'.
 */
export function defaultProfileName(fullName: string | null | undefined, email: string | null | undefined): string {
  const trimmed = fullName?.trim()
  if (trimmed) return trimmed
  const local = email?.split('@')[0]?.trim()
  if (local) return local
  return 'User'
}
