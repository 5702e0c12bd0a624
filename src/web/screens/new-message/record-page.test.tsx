import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGE_TEXTS } from '#shared/messages-texts.ts'
import { FakeMediaRecorder, installFakeMediaRecorder, installFakeXhr, type FakeXhr } from '#web/test/fakes.ts'
import { testContact, testMessage } from '#web/test/fixtures.ts'

vi.mock('#web/lib/use-auth.ts', () => ({ useAuth: () => ({ user: { id: 'me' }, loading: false }) }))

const { RecordPage } = await import('./record-page.tsx')

const contact = testContact()

const UPLOAD_ID = '0b6f1f8e-6a59-4a43-9d37-2a3d4a1a9c11'
const REPLY_ID = '5d1c3f3e-2b7a-4c1e-8f3a-9e6b2d4c7a10'
const upload = { upload_id: UPLOAD_ID, mime_type: 'audio/webm', bytes: 5, duration_seconds: 2, waveform: [] }
const message = testMessage({ sender_id: 'me', receiver_id: 'u1' })
const original = testMessage({
  id: REPLY_ID,
  sender_id: 'u1',
  receiver_id: 'me',
  transcription: 'Shall we plan the trip to Lisbon?',
  topics: ['travel', 'plans', 'money', 'outdoors'],
})

// --- fake microphone and recorder -------------------------------------------------------------------------------

const track = { stop: vi.fn() }
let getUserMedia: ReturnType<typeof vi.fn>
let permissionState: string

// --- fake upload (XMLHttpRequest) -------------------------------------------------------------------------------

type XhrAnswer = { status: number; body?: unknown } | 'network'
let xhrAnswers: XhrAnswer[]
let xhrCount: number
/** live transcript requests (POST /api/speech/preview) and their answers, apart from uploads */
let previewUrls: string[]
let previewAnswers: { text: string; until: number }[]

/** Live transcript requests get the next preview answer; uploads the next upload answer (201 by default). */
function answerXhr(xhr: FakeXhr) {
  if (xhr.url.startsWith('/api/speech/preview')) {
    previewUrls.push(xhr.url)
    xhr.respond(200, previewAnswers.shift() ?? { text: '', until: 0 })
    return
  }
  xhrCount += 1
  const answer = xhrAnswers.shift() ?? { status: 201, body: upload }
  if (answer === 'network') return xhr.fail()
  xhr.progress(5, 5)
  xhr.respond(answer.status, answer.body)
}

// --- fake API (fetch) -------------------------------------------------------------------------------------------

let sendAnswers: { status: number; body: unknown }[]
let fetchMock: ReturnType<typeof vi.fn>

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function renderAt(url: string, contactAnswer: { status: number; body: unknown } = { status: 200, body: contact }) {
  fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input)
    if (path === '/api/messages' && init?.method === 'POST') {
      const answer = sendAnswers.shift() ?? { status: 201, body: message }
      return json(answer.status, answer.body)
    }
    if (path.startsWith('/api/contacts/')) return json(contactAnswer.status, contactAnswer.body)
    if (path === `/api/messages/${REPLY_ID}`) return json(200, original)
    return json(404, { error: { code: 'NOT_FOUND', message: 'nope' } })
  })
  vi.stubGlobal('fetch', fetchMock)
  const router = createMemoryRouter(
    [
      { path: '/record/:contactId', element: <RecordPage /> },
      { path: '/record/select', element: <p>select page</p> },
      { path: '/contacts/profile/:contactId', element: <p>contact profile page</p> },
      { path: '/contacts/:contactId', element: <p>conversation page</p> },
    ],
    { initialEntries: [url] },
  )
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

function sendCalls() {
  return fetchMock.mock.calls.filter(([path, init]) => path === '/api/messages' && (init as RequestInit | undefined)?.method === 'POST')
}

async function recordSomething() {
  fireEvent.click(await screen.findByRole('button', { name: "I'm ready to record" }))
  fireEvent.click(await screen.findByRole('button', { name: 'Tap to stop' }))
  return screen.findByRole('button', { name: 'Send' })
}

beforeEach(() => {
  permissionState = 'prompt'
  getUserMedia = vi.fn(async () => ({ getTracks: () => [track] }))
  xhrAnswers = []
  xhrCount = 0
  previewUrls = []
  previewAnswers = []
  sendAnswers = []
  track.stop.mockClear()
  installFakeMediaRecorder()
  installFakeXhr(answerXhr)
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } })
  Object.defineProperty(navigator, 'permissions', {
    configurable: true,
    value: { query: vi.fn(async () => Object.assign(new EventTarget(), { state: permissionState })) },
  })
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:recording')
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
})

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('RecordPage', () => {
  it('records, previews, uploads and sends, then goes to the contact', async () => {
    const router = renderAt('/record/c1')
    expect(await screen.findByRole('heading', { level: 1, name: 'Message for Maya Ortiz' })).toBeTruthy()
    expect(screen.getByText('You can record up to 10 minutes.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/contacts/c1')

    fireEvent.click(screen.getByRole('button', { name: "I'm ready to record" }))
    expect(await screen.findByRole('button', { name: 'Tap to stop' })).toBeTruthy()
    expect(screen.getByText('0:00')).toBeTruthy()
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: { sampleRate: 44100, channelCount: 1, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    })
    expect(FakeMediaRecorder.last?.options).toEqual({ mimeType: 'audio/webm;codecs=opus', audioBitsPerSecond: 64000 })

    fireEvent.click(screen.getByRole('button', { name: 'Tap to stop' }))
    const sendButton = await screen.findByRole('button', { name: 'Send' })
    expect(track.stop).toHaveBeenCalled()
    expect(screen.getByRole('group', { name: 'Recording preview' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Play your recording' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Discard' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Re-record' })).toBeTruthy()

    fireEvent.click(sendButton)
    expect(await screen.findByText('contact profile page')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/contacts/profile/c1')
    expect(xhrCount).toBe(1)
    expect(JSON.parse(String((sendCalls()[0]?.[1] as RequestInit).body))).toEqual({
      contact_id: 'c1',
      upload_id: UPLOAD_ID,
      reply_to_id: null,
    })
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:recording')
  })

  it('shows the limit text and disables Send at 3 unanswered messages', async () => {
    renderAt('/record/c1', { status: 200, body: { ...contact, consecutive_messages_sent: 3 } })
    expect(await screen.findByText(MESSAGE_TEXTS.limitReached('Maya Ortiz'))).toBeTruthy()
    const sendButton = (await recordSomething()) as HTMLButtonElement
    expect(sendButton.disabled).toBe(true)
  })

  it('says so and disables Send when the contact is not linked to a user', async () => {
    renderAt('/record/c1', { status: 200, body: { ...contact, contact_user_id: null } })
    expect(await screen.findByText(MESSAGE_TEXTS.notLinked)).toBeTruthy()
    expect(((await recordSomething()) as HTMLButtonElement).disabled).toBe(true)
  })

  it('explains how to allow the microphone after a refusal', async () => {
    getUserMedia.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'))
    renderAt('/record/c1')
    fireEvent.click(await screen.findByRole('button', { name: "I'm ready to record" }))
    expect(await screen.findByRole('heading', { name: 'Microphone Access Required' })).toBeTruthy()
    expect(screen.getByText('Safari')).toBeTruthy()
    expect(screen.getByText('Chrome')).toBeTruthy()
    expect(screen.getByText('Firefox')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy()
  })

  it('shows the card at once when the browser already blocks the microphone', async () => {
    permissionState = 'denied'
    renderAt('/record/c1')
    expect(await screen.findByRole('heading', { name: 'Microphone Access Required' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: "I'm ready to record" })).toBeNull()
  })

  it('says when there is no microphone', async () => {
    getUserMedia.mockRejectedValue(new DOMException('Requested device not found', 'NotFoundError'))
    renderAt('/record/c1')
    fireEvent.click(await screen.findByRole('button', { name: "I'm ready to record" }))
    expect(await screen.findByRole('heading', { name: 'No Microphone Found' })).toBeTruthy()
  })

  it('goes to /record/select for an unknown contact, replacing history', async () => {
    const router = renderAt('/record/nope', { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Contact not found.' } } })
    expect(await screen.findByText('select page')).toBeTruthy()
    expect(router.state.historyAction).toBe('REPLACE')
  })

  it('shows the message being answered with up to 3 of its topics, goes back to it, and once sent returns to the conversation', async () => {
    const router = renderAt(`/record/c1?replyTo=${REPLY_ID}`)
    expect(await screen.findByText(`Replying to ${contact.name}`)).toBeTruthy()
    expect(await screen.findByText('Shall we plan the trip to Lisbon?')).toBeTruthy()
    const suggested = screen.getByRole('list', { name: 'Suggested topics' })
    expect(Array.from(suggested.querySelectorAll('li')).map((li) => li.textContent)).toEqual(['#travel', '#plans', '#money'])
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(`/playback/${REPLY_ID}`)
    fireEvent.click(await recordSomething())
    // a reply lands back in the conversation, under what it answers
    expect(await screen.findByText('conversation page')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/contacts/c1')
    expect(JSON.parse(String((sendCalls()[0]?.[1] as RequestInit).body))).toMatchObject({ reply_to_id: REPLY_ID })
  })

  it('retries the upload twice with back-off, then offers Retry Upload with the recording kept', async () => {
    xhrAnswers = ['network', { status: 503, body: { error: { code: 'INTERNAL_ERROR', message: 'Storage is asleep' } } }, 'network']
    renderAt('/record/c1')
    const sendButton = await recordSomething()
    vi.useFakeTimers()
    fireEvent.click(sendButton)
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(xhrCount).toBe(1)
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(1000))
    expect(xhrCount).toBe(2)
    expect(screen.getByText(/attempt 2 of 3/)).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(2000))
    expect(xhrCount).toBe(3)
    expect(screen.getByRole('heading', { name: 'Upload Failed' })).toBeTruthy()
    expect(screen.getByText('Network error. Check your connection and try again.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Record Again' })).toBeTruthy()
    expect(screen.getByLabelText('Recording preview')).toBeTruthy()
    vi.useRealTimers()

    fireEvent.click(screen.getByRole('button', { name: 'Retry Upload' }))
    expect(await screen.findByText('contact profile page')).toBeTruthy()
    expect(xhrCount).toBe(4)
  })

  it('says calmly that the message waits while the server cannot reach its storage, and keeps it', async () => {
    const away = { status: 503, body: { error: { code: 'STORAGE_UNAVAILABLE', message: "Hearth can't reach its storage right now." } } }
    xhrAnswers = [away, away, away]
    renderAt('/record/c1')
    const sendButton = await recordSomething()
    vi.useFakeTimers()
    fireEvent.click(sendButton)
    await act(() => vi.advanceTimersByTimeAsync(3500))
    vi.useRealTimers()
    expect(xhrCount).toBe(3)
    expect(await screen.findByText("Hearth can't reach its storage right now; your message will be sent when it's back.")).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Upload Failed' })).toBeNull()

    // the store is back: it goes, with nothing recorded again
    fireEvent.click(screen.getByRole('button', { name: 'Try now' }))
    expect(await screen.findByText('contact profile page')).toBeTruthy()
    expect(xhrCount).toBe(4)
  })

  it('shows a refused upload without retrying', async () => {
    xhrAnswers = [{ status: 413, body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'Audio file is too large (max 50MB)' } } }]
    renderAt('/record/c1')
    fireEvent.click(await recordSomething())
    expect(await screen.findByRole('heading', { name: 'Upload Failed' })).toBeTruthy()
    expect(screen.getByText('Audio file is too large (max 50MB)')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Retry Upload' })).toBeNull()
    expect(xhrCount).toBe(1)
  })

  it('sends again with the same upload after a failed send', async () => {
    sendAnswers = [{ status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Database is asleep' } } }]
    renderAt('/record/c1')
    fireEvent.click(await recordSomething())
    expect(await screen.findByRole('heading', { name: 'Failed to send message' })).toBeTruthy()
    expect(screen.getByText('Database is asleep')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Record new' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Try sending again' }))
    expect(await screen.findByText('contact profile page')).toBeTruthy()
    expect(xhrCount).toBe(1)
    expect(sendCalls()).toHaveLength(2)
    expect(JSON.parse(String((sendCalls()[1]?.[1] as RequestInit).body))).toMatchObject({ upload_id: UPLOAD_ID })
  })

  it('shows the server text for a refused send and offers no retry', async () => {
    sendAnswers = [{ status: 409, body: { error: { code: 'MESSAGE_LIMIT', message: MESSAGE_TEXTS.limitReached('Maya Ortiz') } } }]
    renderAt('/record/c1')
    fireEvent.click(await recordSomething())
    expect(await screen.findByRole('heading', { name: 'Failed to send message' })).toBeTruthy()
    expect(screen.getAllByText(MESSAGE_TEXTS.limitReached('Maya Ortiz')).length).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: 'Try sending again' })).toBeNull()
  })

  it('tells the sender plainly when the other person archived them (decision 41)', async () => {
    sendAnswers = [{ status: 409, body: { error: { code: 'CONTACT_ARCHIVED', message: MESSAGE_TEXTS.archivedByThem('Maya Ortiz') } } }]
    renderAt('/record/c1')
    fireEvent.click(await recordSomething())
    expect(await screen.findByRole('heading', { name: 'Failed to send message' })).toBeTruthy()
    expect(screen.getAllByText(MESSAGE_TEXTS.archivedByThem('Maya Ortiz')).length).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: 'Try sending again' })).toBeNull()
  })

  it('shows the words of a reply while it is recorded, asking only for what is new', async () => {
    previewAnswers = [
      { text: 'I miss', until: 2.1 },
      { text: 'you too', until: 4.2 },
    ]
    renderAt(`/record/c1?replyTo=${REPLY_ID}`)
    fireEvent.click(await screen.findByRole('button', { name: "I'm ready to record" }))
    await screen.findByRole('button', { name: 'Tap to stop' })
    expect(screen.getByText('Listening...')).toBeTruthy()
    // real time: the refresh runs every 2 s
    expect(await screen.findByText('I miss', {}, { timeout: 3000 })).toBeTruthy()
    expect(previewUrls).toEqual(['/api/speech/preview?from=0'])
    expect(await screen.findByText('I miss you too', {}, { timeout: 3000 })).toBeTruthy()
    expect(previewUrls[1]).toBe('/api/speech/preview?from=2.1')
  }, 10_000)

  it('shows no live transcript for a message that is not a reply', { timeout: 10_000 }, async () => {
    renderAt('/record/c1')
    fireEvent.click(await screen.findByRole('button', { name: "I'm ready to record" }))
    await screen.findByRole('button', { name: 'Tap to stop' })
    await act(() => new Promise((resolve) => setTimeout(resolve, 2500)))
    expect(previewUrls).toEqual([])
    expect(screen.queryByText('Live transcript')).toBeNull()
  })
})
