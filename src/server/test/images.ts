import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { expect } from 'vitest'
import type { Photo } from '#shared/photos.ts'
import { TEST_ORIGIN } from './test-app.ts'

/**
 * A JPEG that carries what a phone writes: EXIF with a GPS position and a camera, and an orientation of 6
 * (stored on its side, shown upright after a quarter turn). `width` x `height` are the stored pixels.
 */
export async function makeJpeg({ width = 900, height = 600, gps = true } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'HearthPhone', Model: 'Test Camera' },
      ...(gps && {
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 700/100' },
      }),
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

/** Uploads an image as the signed-in person through POST /api/photos; fails the test when it is refused. */
export async function uploadPhoto(app: FastifyInstance, cookie: string, image?: Buffer): Promise<Photo> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/photos',
    payload: image ?? (await makeJpeg({ gps: false })),
    headers: { origin: TEST_ORIGIN, cookie, 'content-type': 'image/jpeg' },
  })
  expect(response.statusCode, response.body).toBe(201)
  return response.json() as Photo
}
