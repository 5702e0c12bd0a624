import { defaultProfileName, type Profile, type ProfileUpdate } from '#shared/profile.ts'
import type { Database } from '../../db/client.ts'
import type { SessionUser } from '../../auth/session.ts'
import { NotFoundError, ValidationError } from '../../http/errors.ts'
import { ensureProfile, getProfileById, updateProfileById, type ProfileRow } from './profiles.queries.ts'

export function toProfileResponse(row: ProfileRow, email: string): Profile {
  return {
    id: row.id,
    name: row.name,
    full_name: row.fullName,
    email,
    // Media URLs are issued by the media module (voice messages issue); none exist before it.
    welcome_audio_url: null,
    welcome_transcript: row.welcomeTranscript,
    welcome_transcript_status: row.welcomeTranscriptStatus,
    profile_picture_url: null,
    onboarding_completed: row.onboardingCompleted,
    email_notifications_enabled: row.emailNotificationsEnabled,
  }
}

export function createProfilesService(db: Database) {
  return {
    /** Reading creates the row when missing, with the spec's name rule. */
    async getOwnProfile(user: SessionUser): Promise<Profile> {
      const row =
        (await getProfileById(db, user.id)) ??
        (await ensureProfile(db, { id: user.id, name: defaultProfileName(user.name, user.email) }))
      return toProfileResponse(row, user.email)
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
      })
      if (!row) throw new NotFoundError('Profile not found.')
      return toProfileResponse(row, user.email)
    },
  }
}
export type ProfilesService = ReturnType<typeof createProfilesService>
