import { z } from 'zod/mini'
import { PHOTO_VARIANT_NAMES, type PhotoVariant } from './photo-variants.ts'

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
