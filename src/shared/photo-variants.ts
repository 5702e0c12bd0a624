// Apart from the schemas so that the signed-in home's first screen reads it without loading zod (docs/performance.md).
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

/** `/api/pictures/{owner}/{base}-avatar320.webp` -> the same photo's `variant`; null stays null. */
export function pictureVariantUrl(url: string | null, variant: PhotoVariant): string | null {
  if (!url) return null
  return url.replace(new RegExp(`-${PICTURE_VARIANT}\\.webp$`), `-${variant}.webp`)
}
