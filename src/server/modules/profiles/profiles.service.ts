import { defaultProfileName, type Profile, type ProfileUpdate } from '#shared/profile.ts'
import type { Database } from '../../db/client.ts'
import type { SessionUser } from '../../auth/session.ts'
import { NotFoundError, ValidationError } from '../../http/errors.ts'
import { MESSAGE_TEXTS } from '#shared/messages.ts'
import type { ObjectStorage } from '../../media/storage.ts'
import type { TranscriptionService } from '../transcription/transcription.service.ts'
import { publishRealtime } from '../../realtime/realtime.publisher.ts'
import { deleteAudioUpload, lockOwnAudioUpload } from '../audio-uploads/audio-uploads.queries.ts'
import { ensureProfile, getProfileById, setWelcomeAudio, updateProfileById, type ProfileRow } from './profiles.queries.ts'

export function toProfileResponse(row: ProfileRow, email: string, signMediaUrl: (key: string) => string): Profile {
  return {
    id: row.id,
    name: row.name,
    full_name: row.fullName,
    email,
    welcome_audio_url: row.welcomeAudioKey ? signMediaUrl(row.welcomeAudioKey) : null,
    welcome_transcript: row.welcomeTranscript,
    welcome_transcript_status: row.welcomeTranscriptStatus,
    // Profile pictures arrive with photos in settings; the client draws a generated avatar until then.
    profile_picture_url: null,
    onboarding_completed: row.onboardingCompleted,
    email_notifications_enabled: row.emailNotificationsEnabled,
    findable_by_email: row.findableByEmail,
  }
}

export function createProfilesService({
  db,
  storage,
  signMediaUrl,
  transcription,
}: {
  db: Database
  storage: ObjectStorage
  signMediaUrl: (key: string) => string
  /** a saved welcome recording is queued for transcription with the change */
  transcription: Pick<TranscriptionService, 'enqueueWelcome'>
}) {
  return {
    /** Reading creates the row when missing, with the spec's name rule. */
    async getOwnProfile(user: SessionUser): Promise<Profile> {
      const row =
        (await getProfileById(db, user.id)) ??
        (await ensureProfile(db, { id: user.id, name: defaultProfileName(user.name, user.email) }))
      return toProfileResponse(row, user.email, signMediaUrl)
    },

    /** Only the provided fields change. A full name given alone also becomes the display name. */
    async updateOwnProfile(user: SessionUser, update: ProfileUpdate): Promise<Profile> {
      if (Object.keys(update).length === 0) throw new ValidationError('Nothing to update')
      await this.getOwnProfile(user)
      const row = await updateProfileById(db, user.id, {
        ...(update.name !== undefined && { name: update.name }),
        ...(update.full_name !== undefined && { fullName: update.full_name }),
        ...(update.full_name !== undefined && update.name === undefined && { name: update.full_name }),
        ...(update.onboarding_completed !== undefined && { onboardingCompleted: update.onboarding_completed }),
        ...(update.email_notifications_enabled !== undefined && {
          emailNotificationsEnabled: update.email_notifications_enabled,
        }),
        ...(update.findable_by_email !== undefined && { findableByEmail: update.findable_by_email }),
      })
      if (!row) throw new NotFoundError('Profile not found.')
      return toProfileResponse(row, user.email, signMediaUrl)
    },

    /**
     * Makes a stored upload the person's welcome message (spec 001 'Saving a welcome message needs recorded
     * audio'). The upload is consumed in the same transaction; the replaced recording is deleted after commit.
     */
    async saveWelcomeMessage(user: SessionUser, uploadId: string): Promise<Profile> {
      await this.getOwnProfile(user)
      const previousKey = await db.transaction(async (tx) => {
        const upload = await lockOwnAudioUpload(tx, user.id, uploadId)
        if (!upload) throw new NotFoundError(MESSAGE_TEXTS.uploadNotFound)
        const result = await setWelcomeAudio(tx, user.id, upload.objectKey)
        if (!result) throw new NotFoundError('Profile not found.')
        await deleteAudioUpload(tx, upload.id)
        await transcription.enqueueWelcome(tx, user.id, upload.objectKey)
        await publishRealtime(tx, [user.id], { type: 'profile.updated', user_id: user.id })
        return result.previousKey
      })
      if (previousKey) await storage.remove(previousKey)
      return this.getOwnProfile(user)
    },
  }
}
export type ProfilesService = ReturnType<typeof createProfilesService>
