import { z } from 'zod/mini'

/** Every photo text of the catalogue (docs/product/settings.md): a toast shows the title with its description. */
export const PHOTO_TEXTS = {
  uploadFailed: 'Upload failed',
  deleteFailed: 'Delete failed',
  updateFailed: 'Update failed',
  authRequired: 'Authentication required',
  limitTitle: 'Photo limit reached',
  limit: 'You can only have up to 10 photos',
  invalidTypeTitle: 'Invalid file type',
  invalidType: 'Please select an image file',
  tooLargeTitle: 'File too large',
  tooLarge: 'Please select an image smaller than 5MB',
  empty: 'Please select an image file',
  notFound: 'Photo not found',
  orderMismatch: 'The new order must list each of your photos once',
} as const

/**
 * The stored renditions of a photo (docs/product/settings.md, decision 55): the avatar presets square at quality 85,
 * the tile presets at 80, and the 3x renditions at 70. Each is a WebP (decision 56).
 */
export const PHOTO_VARIANTS = {
  avatar40: { width: 40, height: 40, quality: 85 },
  avatar80: { width: 80, height: 80, quality: 85 },
  avatar160: { width: 160, height: 160, quality: 85 },
  avatar320: { width: 320, height: 320, quality: 85 },
  avatar480: { width: 480, height: 480, quality: 70 },
  tile: { width: 400, height: 300, quality: 80 },
  card: { width: 600, height: 400, quality: 80 },
  hero: { width: 800, height: 600, quality: 80 },
  hero3x: { width: 1200, height: 900, quality: 70 },
} as const
export type PhotoVariant = keyof typeof PHOTO_VARIANTS
export const PHOTO_VARIANT_NAMES = Object.keys(PHOTO_VARIANTS) as PhotoVariant[]

/** The variant a person's picture URL names; the web derives the others' URLs from it (see `pictureVariantUrl`). */
export const PICTURE_VARIANT: PhotoVariant = 'avatar320'

export const photoSchema = z.object({
  id: z.uuid(),
  display_order: z.int(),
  is_primary: z.boolean(),
  /** one public, immutable URL per variant */
  urls: z.record(z.enum(PHOTO_VARIANT_NAMES as [PhotoVariant, ...PhotoVariant[]]), z.string()),
  created_at: z.string(),
})
export type Photo = z.infer<typeof photoSchema>
export const photoListSchema = z.array(photoSchema)

export const photoIdParamsSchema = z.object({ id: z.uuid() })
export const photoOrderSchema = z.strictObject({ ids: z.array(z.uuid()).check(z.minLength(1), z.maxLength(10)) })

/** `/api/pictures/{owner}/{base}-avatar320.webp` -> the same photo's `variant`; null stays null. */
export function pictureVariantUrl(url: string | null, variant: PhotoVariant): string | null {
  if (!url) return null
  return url.replace(new RegExp(`-${PICTURE_VARIANT}\\.webp$`), `-${variant}.webp`)
}
