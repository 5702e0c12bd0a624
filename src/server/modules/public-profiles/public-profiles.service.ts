import { PROFILE_TEXTS } from '#shared/profile.ts'
import type { PublicProfile } from '#shared/public-profile.ts'
import type { Executor } from '#server/db/client.ts'
import { NotFoundError } from '#server/http/errors.ts'
import type { PictureUrl } from '#server/media/signed-url.ts'
import { getProfileById } from '#server/modules/profiles/profiles.queries.ts'
import { listPhotosOf } from '#server/modules/photos/photos.queries.ts'
import { toPhotoResponse } from '#server/modules/photos/photos.service.ts'

/**
 * Welcome audio is the one media that is public (DESIGN section 7): anyone who can open the profile gets a
 * signed URL for it.
 */
export function createPublicProfilesService({
  db,
  signMediaUrl,
  pictureUrl,
}: {
  db: Executor
  signMediaUrl: (key: string) => string
  pictureUrl: PictureUrl
}) {
  return {
    /** Open to anyone: only the public fields, never the e-mail address or settings. */
    async get(userId: string): Promise<PublicProfile> {
      const row = await getProfileById(db, userId)
      if (!row) throw new NotFoundError(PROFILE_TEXTS.notFound)
      return {
        id: row.id,
        name: row.name,
        profile_picture_url: pictureUrl(row.profilePictureKey),
        // public renditions (decision 57), in the person's order
        photos: (await listPhotosOf(db, row.id)).map((photo) => {
          const { id, is_primary, urls } = toPhotoResponse(photo)
          return { id, is_primary, url: urls.avatar320 }
        }),
        welcome_audio_url: row.welcomeAudioKey ? signMediaUrl(row.welcomeAudioKey) : null,
        welcome_transcript: row.welcomeTranscriptStatus === 'completed' ? row.welcomeTranscript : null,
        welcome_word_timestamps: row.welcomeTranscriptStatus === 'completed' ? (row.welcomeWordTimestamps ?? null) : null,
      }
    },
  }
}
