import fs from 'node:fs/promises'
import { createRequire } from 'node:module'
import { seededRandom } from './seeded-random.ts'

/**
 * Writes a whisper.cpp model in the real ggml file format (the layout whisper.cpp's own
 * `convert-pt-to-ggml.py` writes and `whisper_model_load` reads), with small dimensions and random weights.
 * Its words are nonsense, but it loads and runs through the whole whisper.cpp pipeline (mel spectrogram,
 * encoder, decoder, 30-second windows, token timestamps) in well under a second per window, so the
 * whisper engine is tested for real where no published model can be downloaded.
 *
 * The encoder is all random. The decoder is random too, but wired so that decoding is short and the same
 * every time (with random weights whisper.cpp decodes hundreds of tokens per window at six temperatures,
 * minutes per clip): its attention and MLP outputs are zero, so each position's prediction comes from its
 * positional embedding alone, pointing at one token of the script below. Each 30-second window therefore
 * reads `<|0.00|> ggml tiny model <|30.00|> <|endoftext|>`: three words, then whisper.cpp moves to the
 * next window, as it does with real speech.
 *
 * Layout: magic `ggml`; eleven int32 hyper-parameters; the mel filter bank (n_mel, n_fft, floats); the
 * vocabulary (count, then length-prefixed bytes); then every tensor as n_dims, name length, type, the
 * dimensions in ggml order (innermost first), the name and the data (type 0 F32, 1 F16).
 */

/** Whether whisper.cpp's native binding loads here: it ships for Linux x64 glibc and macOS; elsewhere the tests that
 * run the model skip. */
export const whisperBindingLoads = (() => {
  try {
    createRequire(import.meta.url)('@napi-rs/whisper')
    return true
  } catch {
    return false
  }
})()

export type TinyWhisperOptions = {
  seed?: number
  /**
   * `f16` (default) is how whisper.cpp's conversion script writes models: matrices and convolution kernels in
   * half precision, vectors and positional embeddings in F32. `f32` writes every tensor in F32 (ftype 0): the
   * file loads, but the CPU convolution of the whisper.cpp inside @napi-rs/whisper 0.0.4 only takes F16
   * kernels and aborts the process (GGML_ASSERT) at the first recording, which makes it a faithful native crash.
   */
  precision?: 'f16' | 'f32'
}

const N_AUDIO_CTX = 1500 // 30 s of mel frames after the stride-2 convolution: whisper.cpp's window
const N_TEXT_CTX = 448
const N_MELS = 80
const N_FFT = 201 // 1 + 400 / 2
const STATE = 16
const HEADS = 2
const LAYERS = 1
/** the regular GPT-2 tokens; whisper.cpp adds the special ones (end of text, timestamps, languages) itself */
const REGULAR_TOKENS = 50_256
const SPACE_TOKEN = 220
// whisper.cpp's ids for an English-only model (51864 tokens)
const N_VOCAB = 51_864
const TOKEN_EOT = 50_256
const TOKEN_BEG = 50_363 // <|0.00|>; <|0.00|> + i is i × 20 ms
/** the words each window reads, as vocabulary entries with GPT-2's leading space */
export const TINY_WHISPER_WORDS = ['ggml', 'tiny', 'model'] as const
const WORD_TOKENS = [1000, 1001, 1002]
/** what position p (0: after <|startoftranscript|>) predicts */
const SCRIPT = [TOKEN_BEG, ...WORD_TOKENS, TOKEN_BEG + 1500, TOKEN_EOT]

/** `fill(index)` gives the value at a flat index (innermost dimension first); random weights otherwise */
type Tensor = { name: string; ne: number[]; fill?: 'ones' | 'zeros' | ((index: number) => number) }

function layerTensors(prefix: string, state: number, decoder: boolean): Tensor[] {
  // the decoder's blocks add nothing to the residual stream (see the file's comment)
  const out = decoder ? { fill: 'zeros' as const } : {}
  const cross = decoder
  const norm = (name: string): Tensor[] => [
    { name: `${prefix}.${name}.weight`, ne: [state], fill: 'ones' },
    { name: `${prefix}.${name}.bias`, ne: [state], fill: 'zeros' },
  ]
  const attention = (name: string): Tensor[] => [
    { name: `${prefix}.${name}.query.weight`, ne: [state, state] },
    { name: `${prefix}.${name}.query.bias`, ne: [state] },
    { name: `${prefix}.${name}.key.weight`, ne: [state, state] },
    { name: `${prefix}.${name}.value.weight`, ne: [state, state] },
    { name: `${prefix}.${name}.value.bias`, ne: [state] },
    { name: `${prefix}.${name}.out.weight`, ne: [state, state], ...out },
    { name: `${prefix}.${name}.out.bias`, ne: [state], ...out },
  ]
  return [
    ...norm('mlp_ln'),
    { name: `${prefix}.mlp.0.weight`, ne: [state, 4 * state] },
    { name: `${prefix}.mlp.0.bias`, ne: [4 * state] },
    { name: `${prefix}.mlp.2.weight`, ne: [4 * state, state], ...out },
    { name: `${prefix}.mlp.2.bias`, ne: [state], ...out },
    ...norm('attn_ln'),
    ...attention('attn'),
    ...(cross ? [...norm('cross_attn_ln'), ...attention('cross_attn')] : []),
  ]
}

/**
 * Token t's embedding (also the output projection): 10 on dimension k for the k-th token of the script,
 * small random values for every other token. Positional embedding p: 100 on dimension p, so after the
 * final layer norm position p scores the script's p-th token about 38 and everything else below 2.
 */
function tokenEmbedding(random: () => number): (index: number) => number {
  return (index) => {
    const token = Math.floor(index / STATE)
    const k = SCRIPT.indexOf(token)
    if (k >= 0) return index % STATE === k ? 10 : 0
    return (random() - 0.5) * 0.04
  }
}

function positionalEmbedding(random: () => number): (index: number) => number {
  return (index) => {
    const position = Math.floor(index / STATE)
    if (position < SCRIPT.length) return index % STATE === position ? 100 : 0
    return (random() - 0.5) * 0.04
  }
}

function tensors(nVocab: number, next: () => number): Tensor[] {
  const list: Tensor[] = [
    { name: 'encoder.positional_embedding', ne: [STATE, N_AUDIO_CTX] },
    { name: 'encoder.conv1.weight', ne: [3, N_MELS, STATE] },
    { name: 'encoder.conv1.bias', ne: [1, STATE] },
    { name: 'encoder.conv2.weight', ne: [3, STATE, STATE] },
    { name: 'encoder.conv2.bias', ne: [1, STATE] },
    { name: 'encoder.ln_post.weight', ne: [STATE], fill: 'ones' },
    { name: 'encoder.ln_post.bias', ne: [STATE], fill: 'zeros' },
    { name: 'decoder.positional_embedding', ne: [STATE, N_TEXT_CTX], fill: positionalEmbedding(next) },
    { name: 'decoder.token_embedding.weight', ne: [STATE, nVocab], fill: tokenEmbedding(next) },
    { name: 'decoder.ln.weight', ne: [STATE], fill: 'ones' },
    { name: 'decoder.ln.bias', ne: [STATE], fill: 'zeros' },
  ]
  for (let layer = 0; layer < LAYERS; layer++) {
    list.push(...layerTensors(`encoder.blocks.${layer}`, STATE, false))
    list.push(...layerTensors(`decoder.blocks.${layer}`, STATE, true))
  }
  return list
}

const int32 = (...values: number[]) => {
  const buffer = Buffer.alloc(values.length * 4)
  values.forEach((value, index) => buffer.writeInt32LE(value, index * 4))
  return buffer
}

function floats(count: number, next: (index: number) => number): Buffer {
  const values = new Float32Array(count)
  for (let i = 0; i < count; i++) values[i] = next(i)
  return Buffer.from(values.buffer)
}

/** IEEE half precision, enough for weights of magnitude under 1 (no infinities or NaN to carry). */
function halves(count: number, next: (index: number) => number): Buffer {
  const buffer = Buffer.alloc(count * 2)
  const f32 = new Float32Array(1)
  const u32 = new Uint32Array(f32.buffer)
  for (let i = 0; i < count; i++) {
    f32[0] = next(i)
    const bits = u32[0]!
    const sign = (bits >>> 16) & 0x8000
    const exponent = ((bits >>> 23) & 0xff) - 127 + 15
    const mantissa = (bits >>> 13) & 0x3ff
    // values too small for a normal half become zero, which random weights can spare
    buffer.writeUInt16LE(exponent <= 0 ? sign : sign | (Math.min(exponent, 30) << 10) | mantissa, i * 2)
  }
  return buffer
}

/** Short pronounceable words, so whatever the random decoder picks reads as text. */
function vocabulary(): Buffer[] {
  const syllables = ['ka', 'lo', 'mi', 're', 'tu', 'sa', 'ne', 'po', 'di', 'ha', 'vo', 'ze']
  const parts: Buffer[] = [int32(REGULAR_TOKENS)]
  for (let id = 0; id < REGULAR_TOKENS; id++) {
    const a = syllables[id % 12]!
    const b = syllables[Math.floor(id / 12) % 12]!
    const c = syllables[Math.floor(id / 144) % 12]!
    // one token in two starts a new word, as GPT-2's do with a leading space
    // whisper.cpp looks up the lone space (GPT-2's token 220) by its text to keep it from starting a
    // transcript (`token_to_id.at(" ")`): without it, decoding throws out of the native call
    const scripted = WORD_TOKENS.indexOf(id)
    const text =
      id === SPACE_TOKEN
        ? ' '
        : scripted >= 0
          ? ` ${TINY_WHISPER_WORDS[scripted]}`
          : `${id % 2 === 0 ? ' ' : ''}${a}${b}${id >= 144 ? c : ''}`
    const word = Buffer.from(text)
    parts.push(int32(word.length), word)
  }
  return parts
}

/** The model's bytes; about 4 MB. */
export function tinyWhisperModel(options: TinyWhisperOptions = {}): Buffer {
  const nVocab = N_VOCAB
  const next = seededRandom(options.seed ?? 1)
  const weight = () => (next() - 0.5) * 0.4
  const half = (options.precision ?? 'f16') === 'f16'
  const parts: Buffer[] = [
    int32(0x67676d6c), // 'ggml'
    // n_vocab, n_audio_ctx, n_audio_state, n_audio_head, n_audio_layer, n_text_ctx, n_text_state, n_text_head,
    // n_text_layer, n_mels, ftype (0: every tensor F32)
    int32(nVocab, N_AUDIO_CTX, STATE, HEADS, LAYERS, N_TEXT_CTX, STATE, HEADS, LAYERS, N_MELS, half ? 1 : 0),
    int32(N_MELS, N_FFT),
    floats(N_MELS * N_FFT, () => next() * 0.02),
    ...vocabulary(),
  ]
  for (const tensor of tensors(nVocab, next)) {
    const name = Buffer.from(tensor.name)
    const count = tensor.ne.reduce((product, n) => product * n, 1)
    const fill: (index: number) => number = tensor.fill === 'ones' ? () => 1 : tensor.fill === 'zeros' ? () => 0 : (tensor.fill ?? weight)
    // as whisper.cpp allocates them: positional embeddings and the convolution biases ([1, state]) stay F32
    const f16 = half && tensor.ne.length >= 2 && !tensor.name.endsWith('positional_embedding') && !tensor.name.endsWith('.bias')
    parts.push(int32(tensor.ne.length, name.length, f16 ? 1 : 0), int32(...tensor.ne), name)
    parts.push(f16 ? halves(count, fill) : floats(count, fill))
  }
  return Buffer.concat(parts)
}

export async function writeTinyWhisperModel(filePath: string, options: TinyWhisperOptions = {}): Promise<string> {
  await fs.writeFile(filePath, tinyWhisperModel(options))
  return filePath
}

/** A 16 kHz mono 16-bit WAV of a warbling tone, the shape `decodeForSpeech` hands every engine. */
export async function writeToneWav(filePath: string, seconds: number): Promise<string> {
  const frames = Math.round(seconds * 16_000)
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + frames * 2, 4)
  header.write('WAVEfmt ', 8, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20) // PCM
  header.writeUInt16LE(1, 22) // mono
  header.writeUInt32LE(16_000, 24)
  header.writeUInt32LE(32_000, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(frames * 2, 40)
  const data = Buffer.alloc(frames * 2)
  for (let i = 0; i < frames; i++) data.writeInt16LE(Math.round(Math.sin(i / (8 + Math.sin(i / 4000) * 3)) * 8000), i * 2)
  await fs.writeFile(filePath, Buffer.concat([header, data]))
  return filePath
}
