import { randomBytes } from 'node:crypto'
import fs from 'node:fs/promises'
import { PHOTO_VARIANT_NAMES, PHOTO_VARIANTS, type PhotoVariant } from '#shared/photo-variants.ts'

/** Formats a photo may arrive in, recognised by sharp from the bytes, never from a name or a declared type. */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])
/** Refuses decompression bombs: a 5 MB file may not unpack into more than 50 megapixels. */
const MAX_INPUT_PIXELS = 50_000_000

/** sharp (its native library) is loaded on the first photo, not at start: a start that handles no photo never needs it. */
const loadSharp = async () => (await import('sharp')).default

export const variantKey = (baseKey: string, variant: PhotoVariant) => `${baseKey}-${variant}.webp`
export const variantKeys = (baseKey: string) => PHOTO_VARIANT_NAMES.map((variant) => variantKey(baseKey, variant))

/** Whether the file at `filePath` is an image sharp can read; answers its format, or null. */
export async function imageFormat(filePath: string): Promise<string | null> {
  const sharp = await loadSharp()
  try {
    const { format } = await sharp(filePath, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()
    return format && IMAGE_FORMATS.has(format) ? format : null
  } catch {
    return null
  }
}

/**
 * Renders every variant of the image at `filePath` into `outDir`: turned upright by its EXIF orientation, cropped
 * to cover the preset, re-encoded as WebP. sharp writes no metadata unless told to (no withMetadata/keepExif), so
 * EXIF (GPS included), XMP, IPTC and ICC blocks of the original never reach a stored file. Answers a base name of
 * 128 random bits (32 hex digits): never reused, so its files may be cached for good, and a photo the page does not
 * show cannot be found by guessing its address (decision 124).
 */
export async function renderVariants(filePath: string, outDir: string): Promise<{ base: string; files: Map<PhotoVariant, string> }> {
  const sharp = await loadSharp()
  const input = await fs.readFile(filePath)
  const base = randomBytes(16).toString('hex')
  const files = new Map<PhotoVariant, string>()
  for (const variant of PHOTO_VARIANT_NAMES) {
    const { width, height, quality } = PHOTO_VARIANTS[variant]
    const out = `${outDir}/${base}-${variant}.webp`
    await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(width, height, { fit: 'cover' })
      .webp({ quality })
      .toFile(out)
    files.set(variant, out)
  }
  return { base, files }
}
