import { defaultProfileName, PROFILE_TEXTS, type Profile, type ProfileUpdate } from '#shared/profile.ts'
import type { Locale } from '#shared/locales.ts'
import type { Database, Executor } from '#server/db/client.ts'
import type { SessionUser } from '#server/auth/session.ts'
import { NotFoundError, ValidationError } from '#server/http/errors.ts'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import type { PictureUrl } from '#server/media/signed-url.ts'
import type { ObjectStorage } from '#server/media/storage.ts'
import type { JobQueue } from '#server/jobs/job-queue.ts'
import { publishRealtime } from '#server/realtime/realtime.publisher.ts'
import { deleteAudioUpload, lockOwnAudioUpload } from '#server/modules/audio-uploads/audio-uploads.queries.ts'
import type { AudioUploadsService } from '#server/modules/audio-uploads/audio-uploads.service.ts'
import { listPeopleWhoSee } from '#server/modules/contacts/contacts.queries.ts'
import { refreshRelationshipHealth } from '#server/modules/relationship-health/relationship-health.service.ts'
import { ensureProfile, getProfileById, setAccountName, setWelcomeAudio, updateProfileById, type ProfileRow } from './profiles.queries.ts'

export function toProfileResponse(
  row: ProfileRow,
  email: string,
  { signMediaUrl, pictureUrl }: { signMediaUrl: (key: string) => string; pictureUrl: PictureUrl },
): Profile {
  return {
    id: row.id,
    name: row.name,
    full_name: row.fullName,
    email,
    welcome_audio_url: row.welcomeAudioKey ? signMediaUrl(row.welcomeAudioKey) : null,
    welcome_transcript: row.welcomeTranscript,
    welcome_transcript_status: row.welcomeTranscriptStatus,
    welcome_word_timestamps: row.welcomeWordTimestamps,
    profile_picture_url: pictureUrl(row.profilePictureKey),
    onboarding_completed: row.onboardingCompleted,
    email_notifications_enabled: row.emailNotificationsEnabled,
    findable_by_email: row.findableByEmail,
    push_shows_transcript: row.pushShowsTranscript,
    language: row.language,
  }
}

/**
 * A change others see (the name, the picture) reaches the person's own screens and everyone who has them in their
 * circle: one `profile.updated` at commit, and their screens read the profile again (decision 117). Answers who those
 * people are.
 */
export async function announceProfileChange(tx: Executor, userId: string): Promise<string[]> {
  const watchers = await listPeopleWhoSee(tx, userId)
  await publishRealtime(tx, [userId, ...watchers], { type: 'profile.updated', user_id: userId })
  return watchers
}

/**
 * The person's profile, created with the spec's name rule when it is missing (at sign-up, or on first read); at sign-up
 * with the language the sign-up told (decision 221).
 */
export async function ensureProfileFor(
  db: Executor,
  user: { id: string; name: string; email: string; language?: Locale | null },
): Promise<ProfileRow> {
  return (
    (await getProfileById(db, user.id)) ??
    (await ensureProfile(db, { id: user.id, name: defaultProfileName(user.name, user.email), language: user.language ?? null }))
  )
}

export function createProfilesService({
  db,
  storage,
  signMediaUrl,
  pictureUrl,
  queue,
  uploads,
}: {
  db: Database
  storage: ObjectStorage
  signMediaUrl: (key: string) => string
  pictureUrl: PictureUrl
  /** a saved welcome recording is queued for transcription with the change (profiles.jobs.ts) */
  queue: Pick<JobQueue, 'enqueue'>
  /** a welcome recording is measured (or refused) before the profile keeps it: no job of a message's does */
  uploads: Pick<AudioUploadsService, 'prepare'>
}) {
  const respond = (row: ProfileRow, user: SessionUser) => toProfileResponse(row, user.email, { signMediaUrl, pictureUrl })

  /** Reading creates the row when missing, with the spec's name rule. */
  async function getOwnProfile(user: SessionUser): Promise<Profile> {
    return respond(await ensureProfileFor(db, user), user)
  }

  return {
    getOwnProfile,

    /** Only the provided fields change. A full name given alone also becomes the display name, and the account's. */
    async updateOwnProfile(user: SessionUser, update: ProfileUpdate): Promise<Profile> {
      if (Object.keys(update).length === 0) throw new ValidationError(PROFILE_TEXTS.nothingToUpdate)
      await ensureProfileFor(db, user)
      const name = update.name ?? update.full_name
      // a new name is the account's name too, in the same transaction, so mails greet the name people see
      const row = await db.transaction(async (tx) => {
        if (name !== undefined) await setAccountName(tx, user.id, name)
        const updated = await updateProfileById(tx, user.id, {
          ...(update.name !== undefined && { name: update.name }),
          ...(update.full_name !== undefined && { fullName: update.full_name }),
          ...(update.full_name !== undefined && update.name === undefined && { name: update.full_name }),
          ...(update.onboarding_completed !== undefined && { onboardingCompleted: update.onboarding_completed }),
          ...(update.email_notifications_enabled !== undefined && {
            emailNotificationsEnabled: update.email_notifications_enabled,
          }),
          ...(update.findable_by_email !== undefined && { findableByEmail: update.findable_by_email }),
          ...(update.push_shows_transcript !== undefined && { pushShowsTranscript: update.push_shows_transcript }),
          ...(update.language !== undefined && { language: update.language }),
        })
        if (updated && name !== undefined) {
          // the relationship insights each of them reads name the person: written again with the new name
          for (const other of await announceProfileChange(tx, user.id)) await refreshRelationshipHealth(tx, user.id, other)
        }
        return updated
      })
      if (!row) throw new NotFoundError(PROFILE_TEXTS.notFound)
      return respond(row, user)
    },

    /**
     * Makes a stored upload the person's welcome message (saving one needs a
     * recording: docs/product/settings.md). The upload is consumed in the same transaction; the replaced recording is deleted after commit.
     */
    async saveWelcomeMessage(user: SessionUser, uploadId: string): Promise<Profile> {
      await ensureProfileFor(db, user)
      await uploads.prepare(user.id, uploadId)
      const previousKey = await db.transaction(async (tx) => {
        const upload = await lockOwnAudioUpload(tx, user.id, uploadId)
        if (!upload) throw new NotFoundError(MESSAGE_TEXTS.uploadNotFound)
        const result = await setWelcomeAudio(tx, user.id, upload.objectKey)
        if (!result) throw new NotFoundError(PROFILE_TEXTS.notFound)
        await deleteAudioUpload(tx, upload.id)
        await queue.enqueue(tx, 'transcribe-welcome', { userId: user.id, audioKey: upload.objectKey, attempt: 1 })
        await publishRealtime(tx, [user.id], { type: 'profile.updated', user_id: user.id })
        return result.previousKey
      })
      if (previousKey) await storage.remove(previousKey)
      return getOwnProfile(user)
    },
  }
}
export type ProfilesService = ReturnType<typeof createProfilesService>
