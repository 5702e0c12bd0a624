/**
 * Records a few seconds from Chromium's fake microphone with MediaRecorder and writes the WebM it makes to
 * src/server/test/fixtures/chromium-mediarecorder.webm: the integration tests check that Hearth gives such a file
 * a duration and makes it seekable (browser WebM carries neither). Run: node scripts/mediarecorder-fixture.ts
 */
import fs from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { chromium } from '@playwright/test'

const OUT = 'src/server/test/fixtures/chromium-mediarecorder.webm'
const SECONDS = 3

// getUserMedia needs a secure context: localhost is one
const server = http.createServer((_, response) => response.end('<!doctype html><title>recorder</title>'))
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
})
try {
  const page = await browser.newPage()
  await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/`)
  const bytes = await page.evaluate(async (seconds) => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm;codecs=opus' })
    const chunks: Blob[] = []
    recorder.ondataavailable = (event) => chunks.push(event.data)
    const stopped = new Promise((resolve) => (recorder.onstop = resolve))
    // timeslices, as Hearth's recorder uses: the file is a stream of clusters with no duration in its header
    recorder.start(250)
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
    recorder.stop()
    await stopped
    return [...new Uint8Array(await new Blob(chunks).arrayBuffer())]
  }, SECONDS)
  await fs.writeFile(OUT, Buffer.from(bytes))
  console.log(`wrote ${OUT} (${bytes.length} bytes)`)
} finally {
  await browser.close()
  server.close()
}
