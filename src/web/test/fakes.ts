import { vi } from 'vitest'

// Browser parts happy-dom does not have, faked once for every web test (test doubles only in
// tests). Each `install*` stubs the global; the test's `vi.unstubAllGlobals()` puts the original back.

/**
 * A scriptable XMLHttpRequest, as apiUpload uses it: the test ends each request with `respond`, `fail` or `abort`,
 * either by hand (`FakeXhr.last`) or from the `onSend` handler given to `installFakeXhr`.
 */
export class FakeXhr {
  static last: FakeXhr | undefined
  static onSend: ((xhr: FakeXhr) => void) | undefined
  readonly upload = new EventTarget()
  private readonly events = new EventTarget()
  method = ''
  url = ''
  headers: Record<string, string> = {}
  body: unknown = undefined
  status = 0
  responseText = ''
  aborted = false

  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value
  }
  send(body: unknown) {
    this.body = body
    const onSend = FakeXhr.onSend
    // a real request ends later, never inside send()
    if (onSend) queueMicrotask(() => onSend(this))
  }
  abort() {
    this.aborted = true
    this.events.dispatchEvent(new Event('abort'))
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener)
  }
  /** Upload progress of `loaded` out of `total` bytes. */
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { loaded, total, lengthComputable: true }))
  }
  respond(status: number, body?: unknown) {
    this.status = status
    this.responseText = body === undefined ? '' : JSON.stringify(body)
    this.events.dispatchEvent(new Event('load'))
  }
  /** The network failed. */
  fail() {
    this.events.dispatchEvent(new Event('error'))
  }
}

/** Installs FakeXhr; returns the last request made (throws when there is none). */
export function installFakeXhr(onSend?: (xhr: FakeXhr) => void): () => FakeXhr {
  FakeXhr.last = undefined
  FakeXhr.onSend = onSend
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return () => {
    if (!FakeXhr.last) throw new Error('no request was made')
    return FakeXhr.last
  }
}

type FakeMediaRecorderOptions = {
  /** The one type `MediaRecorder.isTypeSupported` accepts. */
  supportedType?: string
  /**
   * When the recorder hands over its chunk: 'start' is a browser recording with a timeslice (data arrives while it
   * records, as the live transcript needs), 'stop' one without (the whole recording arrives at the end).
   */
  dataOn?: 'start' | 'stop'
}

/** A MediaRecorder that records one small chunk of 'voice'. */
export class FakeMediaRecorder extends EventTarget {
  static supportedType = 'audio/webm;codecs=opus'
  static dataOn: 'start' | 'stop' = 'start'
  static last: FakeMediaRecorder | undefined
  static isTypeSupported = (type: string) => type === FakeMediaRecorder.supportedType
  state: 'inactive' | 'recording' | 'paused' = 'inactive'
  readonly mimeType: string
  readonly options: MediaRecorderOptions | undefined

  constructor(_stream: unknown, options?: MediaRecorderOptions) {
    super()
    this.mimeType = options?.mimeType ?? ''
    this.options = options
    FakeMediaRecorder.last = this
  }
  start() {
    this.state = 'recording'
    if (FakeMediaRecorder.dataOn === 'start') this.emitData()
  }
  pause() {
    this.state = 'paused'
  }
  resume() {
    this.state = 'recording'
  }
  stop() {
    this.state = 'inactive'
    if (FakeMediaRecorder.dataOn === 'stop') this.emitData()
    this.dispatchEvent(new Event('stop'))
  }
  private emitData() {
    this.dispatchEvent(Object.assign(new Event('dataavailable'), { data: new Blob(['voice'], { type: this.mimeType }) }))
  }
}

export function installFakeMediaRecorder({ supportedType = 'audio/webm;codecs=opus', dataOn = 'start' }: FakeMediaRecorderOptions = {}) {
  FakeMediaRecorder.supportedType = supportedType
  FakeMediaRecorder.dataOn = dataOn
  FakeMediaRecorder.last = undefined
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder)
}
