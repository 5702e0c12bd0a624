import { describe, expect, it } from 'vitest'
import { parsePocketsphinxOutput } from './pocketsphinx.ts'

// trimmed from a real run of pocketsphinx_continuous -time yes on two utterances
const OUTPUT = `do you really need you
<s> 0.000 0.020 0.999600
do 0.030 0.270 0.747416
you 0.280 0.390 0.999700
<sil> 0.400 0.900 0.999700
really(2) 0.910 1.230 0.944304
[NOISE] 1.240 1.300 0.141901
need 1.310 1.510 0.072614
you 1.520 1.700 0.922646
</s> 1.710 2.130 0.999600
so excited for you
<s> 6.040 6.160 0.999900
so 6.170 6.360 0.983634
excited 6.370 7.050 0.697298
++BREATH++ 7.050 7.060 0.5
for 7.060 7.260 1.000000
you 7.270 7.420 1.000000
</s> 7.430 7.870 1.000000
`

describe('parsePocketsphinxOutput', () => {
  it('keeps the words with their times, without fillers or pronunciation variants', () => {
    const transcript = parsePocketsphinxOutput(OUTPUT)
    expect(transcript.text).toBe('do you really need you so excited for you')
    expect(transcript.language).toBe('en')
    expect(transcript.words.map((w) => w.word)).toEqual(['do', 'you', 'really', 'need', 'you', 'so', 'excited', 'for', 'you'])
    expect(transcript.words[2]).toEqual({ word: 'really', start: 0.91, end: 1.23, confidence: 0.944 })
    expect(transcript.words.at(-1)).toEqual({ word: 'you', start: 7.27, end: 7.42, confidence: 1 })
  })

  it("reads each word's posterior as its confidence and their mean as the transcript's", () => {
    const transcript = parsePocketsphinxOutput(OUTPUT)
    expect(transcript.words.map((w) => w.confidence)).toEqual([0.747, 1, 0.944, 0.073, 0.923, 0.984, 0.697, 1, 1])
    // the mean of the nine posteriors above (fillers and <s> left out), clamped to 0..1 first
    expect(transcript.confidence).toBe(0.819)
    expect(parsePocketsphinxOutput('hi 0.1 0.3 1.000100\n').words[0]?.confidence).toBe(1)
  })

  it('falls back to the hypothesis lines when there are no word lines', () => {
    expect(parsePocketsphinxOutput('hello there\ngeneral kenobi\n')).toEqual({
      text: 'hello there general kenobi',
      words: [],
      language: 'en',
      confidence: null,
    })
  })

  it('gives an empty transcript for silence', () => {
    expect(parsePocketsphinxOutput('')).toEqual({ text: '', words: [], language: 'en', confidence: null })
  })
})
