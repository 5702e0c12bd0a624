import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { MAX_PROFILE_PHOTOS, PHOTO_MAX_BYTES } from '#shared/limits.ts'
import { PHOTO_TEXTS, type Photo } from '#shared/photos.ts'
import { PHOTO_VARIANT_NAMES, PICTURE_VARIANT, type PhotoVariant } from '#shared/photo-variants.ts'
import { ERROR_CODES } from '#shared/error-codes.ts'
import type { Database } from '#server/db/client.ts'
import { ConflictError, isNoSpaceError, NotFoundError, ValidationError } from '#server/http/errors.ts'
import { receiveRawBody } from '#server/http/raw-body.ts'
import { imageFormat, renderVariants, variantKey, variantKeys } from '#server/media/images.ts'
import type { DiskGuard } from '#server/media/disk-space.ts'
import type { ObjectStorage } from '#server/media/storage.ts'
import { announceProfileChange } from '#server/modules/profiles/profiles.service.ts'
import {
  deletePhoto,
  insertPhoto,
  listPhotosOf,
  lockPhotosOf,
  isPhotoBase,
  markPrimary,
  setDisplayOrder,
  setProfilePicture,
  type PhotoRow,
} from './photos.queries.ts'

/** Where a photo's renditions are served, publicly and for good (decision 57). */
export const PICTURES_PATH = '/api/pictures'
export const publicPictureUrl = (key: string) => `${PICTURES_PATH}/${key}`
/** `{base}-{variant}.webp`, the only names the picture route serves */
const PICTURE_FILE = new RegExp(`^([0-9a-f]{32})-(${PHOTO_VARIANT_NAMES.join('|')})\\.webp$`)

export function toPhotoResponse(row: PhotoRow): Photo {
  const urls = Object.fromEntries(PHOTO_VARIANT_NAMES.map((v) => [v, publicPictureUrl(variantKey(row.baseKey, v))])) as Record<
    PhotoVariant,
    string
  >
  return { id: row.id, display_order: row.displayOrder, is_primary: row.isPrimary, urls, created_at: row.createdAt.toISOString() }
}

export function createPhotosService({
  db,
  storage,
  disk,
  tmpDir,
}: {
  db: Database
  storage: ObjectStorage
  /** below DATA_DIR's floor, photos are refused with a 507 before a byte is read (decision 214) */
  disk: Pick<DiskGuard, 'refuseWhenLow'>
  tmpDir: string
}) {
  const list = async (userId: string) => (await listPhotosOf(db, userId)).map(toPhotoResponse)
  const limitReached = () => new ConflictError(PHOTO_TEXTS.limit, ERROR_CODES.photoLimit)
  const removeFiles = (baseKey: string) => Promise.all(variantKeys(baseKey).map((key) => storage.remove(key)))

  return {
    list,

    /**
     * Receives the image (at most 5 MB, as it streams), recognises it by its content, renders its variants
     * without metadata and stores them, then records the photo under the person's lock: the 10-photo limit is
     * checked there, so two uploads at 9 cannot make 11. The first photo becomes the primary and the picture.
     */
    async upload(userId: string, body: Readable | undefined): Promise<Photo> {
      if ((await listPhotosOf(db, userId)).length >= MAX_PROFILE_PHOTOS) throw limitReached()
      await disk.refuseWhenLow()
      const workDir = path.join(tmpDir, `photo-${randomBytes(12).toString('hex')}`)
      await fs.mkdir(workDir, { recursive: true, mode: 0o700 })
      try {
        const original = path.join(workDir, 'original')
        await receiveRawBody(body, original, { maxBytes: PHOTO_MAX_BYTES, tooLarge: PHOTO_TEXTS.tooLarge, empty: PHOTO_TEXTS.empty })
        if (!(await imageFormat(original))) throw new ValidationError(PHOTO_TEXTS.invalidType)
        const { base, files } = await renderVariants(original, workDir).catch((error: unknown) => {
          // a full disk is not the image's fault: it answers 507
          if (isNoSpaceError(error)) throw error
          throw new ValidationError(PHOTO_TEXTS.invalidType)
        })
        const baseKey = `${userId}/${base}`
        try {
          for (const [variant, file] of files) await storage.putFile(variantKey(baseKey, variant), file)
        } catch (error) {
          // no photo is left with some of its renditions
          await removeFiles(baseKey)
          throw error
        }
        const row = await db
          .transaction(async (tx) => {
            await lockPhotosOf(tx, userId)
            const existing = await listPhotosOf(tx, userId)
            if (existing.length >= MAX_PROFILE_PHOTOS) throw limitReached()
            const first = existing.length === 0
            const order = existing.reduce((max, p) => Math.max(max, p.displayOrder + 1), 0)
            const inserted = await insertPhoto(tx, { userId, baseKey, displayOrder: order, isPrimary: first })
            if (first) {
              await setProfilePicture(tx, userId, variantKey(baseKey, PICTURE_VARIANT))
              await announceProfileChange(tx, userId)
            }
            return inserted
          })
          .catch(async (error: unknown) => {
            await removeFiles(baseKey)
            throw error
          })
        return toPhotoResponse(row)
      } finally {
        await fs.rm(workDir, { recursive: true, force: true })
      }
    },

    /** `ids` must name each of the person's photos once; they take that order. */
    async reorder(userId: string, ids: string[]): Promise<Photo[]> {
      await db.transaction(async (tx) => {
        await lockPhotosOf(tx, userId)
        const existing = new Set((await listPhotosOf(tx, userId)).map((p) => p.id))
        // someone else's photo id reads as a photo that does not exist
        if (ids.some((id) => !existing.has(id))) throw new NotFoundError(PHOTO_TEXTS.notFound)
        if (ids.length !== existing.size || new Set(ids).size !== ids.length) {
          throw new ValidationError(PHOTO_TEXTS.orderMismatch)
        }
        for (const [index, id] of ids.entries()) await setDisplayOrder(tx, userId, id, index)
      })
      return list(userId)
    },

    /** Clears the other photos' primary flag; this photo becomes the person's picture everywhere. */
    async setPrimary(userId: string, id: string): Promise<Photo[]> {
      await db.transaction(async (tx) => {
        await lockPhotosOf(tx, userId)
        const photo = (await listPhotosOf(tx, userId)).find((p) => p.id === id)
        if (!photo) throw new NotFoundError(PHOTO_TEXTS.notFound)
        await markPrimary(tx, userId, id)
        await setProfilePicture(tx, userId, variantKey(photo.baseKey, PICTURE_VARIANT))
        await announceProfileChange(tx, userId)
      })
      return list(userId)
    },

    /** Removes the photo and its files; when it was the primary, the next in order takes its place (or none). */
    async remove(userId: string, id: string): Promise<Photo[]> {
      const removed = await db.transaction(async (tx) => {
        await lockPhotosOf(tx, userId)
        const row = await deletePhoto(tx, userId, id)
        if (!row) throw new NotFoundError(PHOTO_TEXTS.notFound)
        if (row.isPrimary) {
          const [next] = await listPhotosOf(tx, userId)
          if (next) await markPrimary(tx, userId, next.id)
          await setProfilePicture(tx, userId, next ? variantKey(next.baseKey, PICTURE_VARIANT) : null)
          await announceProfileChange(tx, userId)
        }
        return row
      })
      // after the commit: a failure here leaves orphans the media sweep removes, never a row without files
      await removeFiles(removed.baseKey)
      return list(userId)
    },

    /**
     * A rendition of a stored photo, for the public picture route: its size and its bytes, or null when `file` names
     * no rendition, or the photo is gone (only renditions of a photo that still exists are served).
     */
    async picture(owner: string, file: string): Promise<{ size: number; read: () => Readable } | null> {
      const match = PICTURE_FILE.exec(file)
      if (!match || !(await isPhotoBase(db, `${owner}/${match[1]}`))) return null
      const key = `${owner}/${file}`
      const size = await storage.size(key)
      return size === null ? null : { size, read: () => storage.read(key) }
    },
  }
}

export type PhotosService = ReturnType<typeof createPhotosService>
