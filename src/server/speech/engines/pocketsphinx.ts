import fs from 'node:fs/promises'
import path from 'node:path'
import { ENGLISH_ONLY, SpeechEngineError, type SpeechEngine, type Transcript, type TranscriptWord } from '#server/speech/engine.ts'
import { clampConfidence, meanWordConfidence } from '#shared/transcript-confidence.ts'
import { runProcess } from '#server/speech/run-process.ts'

/** Where Debian's `pocketsphinx` and `pocketsphinx-en-us` packages put the program and the English model. */
export const POCKETSPHINX_BINARY = '/usr/bin/pocketsphinx_continuous'
export const POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us'

export type PocketsphinxOptions = {
  binary?: string
  /** holds `en-us/` (acoustic model), `en-us.lm.bin` and `cmudict-en-us.dict` */
  modelDir?: string
  /** default: 60 s plus 4 × the audio's duration (it runs at about real time on a busy machine) */
  timeoutMs?: number
}

function modelFiles(modelDir: string) {
  return { hmm: path.join(modelDir, 'en-us'), lm: path.join(modelDir, 'en-us.lm.bin'), dict: path.join(modelDir, 'cmudict-en-us.dict') }
}

/** Whether the program and all three model parts are on disk. */
export async function pocketsphinxAvailable(options: Pick<PocketsphinxOptions, 'binary' | 'modelDir'> = {}): Promise<boolean> {
  const { hmm, lm, dict } = modelFiles(options.modelDir ?? POCKETSPHINX_MODEL_DIR)
  const checks = [
    fs.access(options.binary ?? POCKETSPHINX_BINARY, fs.constants.X_OK),
    fs.access(path.join(hmm, 'mdef')),
    fs.access(lm),
    fs.access(dict),
  ]
  return Promise.all(checks).then(
    () => true,
    () => false,
  )
}

/**
 * Offline English transcription with CMU pocketsphinx 0.8 (`pocketsphinx_continuous`), one child process
 * per recording. Lower accuracy than whisper, but needs nothing beyond two Debian packages.
 */
export function createPocketsphinxEngine(options: PocketsphinxOptions = {}): SpeechEngine {
  const binary = options.binary ?? POCKETSPHINX_BINARY
  const { hmm, lm, dict } = modelFiles(options.modelDir ?? POCKETSPHINX_MODEL_DIR)
  return {
    name: 'pocketsphinx',
    model: 'en-us',
    languages: ENGLISH_ONLY,
    async transcribe({ wavPath, durationSeconds, signal }) {
      const timeoutMs = options.timeoutMs ?? 60_000 + durationSeconds * 4_000
      // -logfn /dev/null: its log is hundreds of lines per run on stderr, useless to us
      const args = ['-infile', wavPath, '-time', 'yes', '-logfn', '/dev/null', '-hmm', hmm, '-lm', lm, '-dict', dict]
      const { code, stdout, stderr } = await runProcess(binary, args, { what: 'pocketsphinx', timeoutMs, signal, keepStdout: true })
      if (code !== 0) throw new SpeechEngineError(`pocketsphinx exited with code ${code}${stderr.trim() ? `: ${stderr.trim()}` : ''}`)
      return parsePocketsphinxOutput(stdout)
    },
  }
}

const WORD_LINE = /^(\S+) (-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?) (-?\d+(?:\.\d+)?)$/

/** `<s>`, `</s>`, `<sil>`, and noise words such as `[NOISE]`, `[SPEECH]` or `++NOISE++` */
function isFiller(word: string): boolean {
  return /^<.*>$/.test(word) || /^\[.*\]$/.test(word) || /^\+\+.*\+\+$/.test(word)
}

/**
 * With `-time yes` each utterance prints its hypothesis on one line, then one `word start end posterior`
 * line per word, times in seconds from the start of the file; the posterior is the word's probability given
 * the audio (0..1, printed as 1.000100 at times, so clamped). Fillers are dropped and alternate
 * pronunciations (`really(2)`) lose their suffix; the text is the kept words joined, so text and words
 * always agree. The transcript's confidence is the mean of its words' posteriors.
 */
export function parsePocketsphinxOutput(stdout: string): Transcript {
  const words: TranscriptWord[] = []
  const hypotheses: string[] = []
  for (const raw of stdout.split('\n')) {
    const line = raw.trim()
    if (!line) continue
    const match = WORD_LINE.exec(line)
    if (!match) {
      hypotheses.push(line)
      continue
    }
    const word = match[1]!.replace(/\(\d+\)$/, '')
    if (isFiller(word)) continue
    const confidence = clampConfidence(Number(match[4]))
    words.push({ word, start: Number(match[2]), end: Number(match[3]), ...(confidence !== null && { confidence }) })
  }
  words.sort((a, b) => a.start - b.start)
  // without word lines (an older build that ignores -time) the hypotheses are still the transcript
  const text = words.length > 0 ? words.map((w) => w.word).join(' ') : hypotheses.join(' ')
  return { text, words, language: 'en', confidence: meanWordConfidence(words) }
}
