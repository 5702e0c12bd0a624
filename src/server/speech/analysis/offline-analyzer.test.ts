import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { canonicalEmotion, EMOTION_LABELS } from './emotion-lexicon.ts'
import { createOfflineAnalyzer } from './offline-analyzer.ts'
import { canonicalTopic, TOPIC_LABELS } from './topic-map.ts'

// The shared speech fixtures live outside the project (docs/testing.md); without them those tests skip.
const CLIPS_PATH = new URL('../../../../../shared/fixtures/speech/clips.json', import.meta.url)
type Clip = { file: string; text: string; emotions: string[]; topics: string[] }
const clips: Clip[] = fs.existsSync(CLIPS_PATH) ? (JSON.parse(fs.readFileSync(CLIPS_PATH, 'utf8')) as { clips: Clip[] }).clips : []

const analyzer = createOfflineAnalyzer()

describe.skipIf(clips.length === 0)('offline analyser on the speech fixtures', () => {
  it('finds an expected emotion and an expected topic in at least 4 of 5 clips', async () => {
    let emotionHits = 0
    let topicHits = 0
    for (const clip of clips) {
      const result = await analyzer.analyze(clip.text)
      // A fixture label counts when it, or the label it is a synonym of ("love" → "loving"), appears.
      if (clip.emotions.some((e) => result.emotions.includes(canonicalEmotion(e)))) emotionHits++
      if (clip.topics.some((t) => result.topics.includes(canonicalTopic(t)))) topicHits++
    }
    const needed = Math.ceil(clips.length * 0.8)
    expect(emotionHits).toBeGreaterThanOrEqual(needed)
    expect(topicHits).toBeGreaterThanOrEqual(needed)
  })

  it('finds most of the listed labels over all clips', async () => {
    let expected = 0
    let found = 0
    for (const clip of clips) {
      const result = await analyzer.analyze(clip.text)
      for (const e of clip.emotions) {
        expected++
        if (result.emotions.includes(canonicalEmotion(e))) found++
      }
      for (const t of clip.topics) {
        expected++
        if (result.topics.includes(canonicalTopic(t))) found++
      }
    }
    expect(found / expected).toBeGreaterThanOrEqual(0.75)
  })

  it('gives every clip a sentiment in -1..1 and only labels from the vocabulary', async () => {
    for (const clip of clips) {
      const result = await analyzer.analyze(clip.text)
      expect(result.sentiment).toBeGreaterThanOrEqual(-1)
      expect(result.sentiment).toBeLessThanOrEqual(1)
      for (const e of result.emotions) expect(EMOTION_LABELS).toContain(e)
      for (const t of result.topics) expect(TOPIC_LABELS).toContain(t)
    }
  })
})

describe('offline analyser', () => {
  it('answers empty lists and a neutral sentiment for empty or blank text', async () => {
    expect(await analyzer.analyze('')).toEqual({ emotions: [], topics: [], sentiment: 0 })
    expect(await analyzer.analyze('  \n ')).toEqual({ emotions: [], topics: [], sentiment: 0 })
  })

  it('does not count a negated emotion', async () => {
    expect((await analyzer.analyze('I am not happy about this.')).emotions).not.toContain('happy')
    expect((await analyzer.analyze("I don't feel stressed at all, and I was never worried.")).emotions).toEqual([])
    // the negation ends at the clause: the second feeling still counts
    const mixed = await analyzer.analyze('I am not angry, but I am so excited.')
    expect(mixed.emotions).toContain('excited')
    expect(mixed.emotions).not.toContain('angry')
  })

  it('keeps phrases that carry their own negation', async () => {
    expect((await analyzer.analyze("I can't wait to see you!")).emotions).toContain('excited')
    expect((await analyzer.analyze("We won't give up.")).emotions).toContain('determined')
  })

  it('gives clearly positive messages a positive sentiment and clearly negative ones a negative one', async () => {
    expect((await analyzer.analyze('What a wonderful day, I am so happy and proud of you!')).sentiment).toBeGreaterThan(0.3)
    expect((await analyzer.analyze('I love you so much!')).sentiment).toBeGreaterThan(0.3)
    expect((await analyzer.analyze('I hate this, it was awful.')).sentiment).toBeLessThan(-0.3)
    expect((await analyzer.analyze('I am so sad and lonely. Everything went wrong today.')).sentiment).toBeLessThan(-0.3)
    expect((await analyzer.analyze('I am not happy about this.')).sentiment).toBeLessThan(0)
  })

  it('orders labels by strength', async () => {
    // grateful: a strong "thank you", "grateful" and "appreciate"; happy: one strong word
    const result = await analyzer.analyze('Thank you so much, I am really grateful and I appreciate it. I am happy.')
    expect(result.emotions.slice(0, 2)).toEqual(['grateful', 'happy'])
    // three work words against one mention of the dog
    const topics = await analyzer.analyze('My boss moved the deadline and the meeting ran late at the office. The dog was waiting.')
    expect(topics.topics[0]).toBe('work')
    expect(topics.topics).toContain('pets')
  })

  it('reads a longer phrase as one emotion instead of its parts', async () => {
    const result = await analyzer.analyze('It made me cry happy tears.')
    expect(result.emotions).toContain('happy')
    expect(result.emotions).not.toContain('sad')
  })

  it('uses parts of speech where a word has two meanings', async () => {
    // "rest" counts for calm and sleep only as a verb
    const verb = await analyzer.analyze('I just need to rest.')
    expect(verb.emotions).toContain('calm')
    expect(verb.topics).toContain('sleep')
    const noun = await analyzer.analyze('Take the rest of the cake home.')
    expect(noun.emotions).not.toContain('calm')
    expect(noun.topics).not.toContain('sleep')
    expect(noun.topics).toContain('food')
  })

  it('does not read loving into every "miss"', async () => {
    expect((await analyzer.analyze('I miss you every day.')).emotions).toContain('loving')
    expect((await analyzer.analyze('Miss Jones called about the meeting.')).emotions).toEqual([])
    expect((await analyzer.analyze('Did you miss the bus?')).emotions).toEqual([])
  })

  it('caps the lists at 5 emotions and 8 topics', async () => {
    const result = await analyzer.analyze(
      'I am happy, excited, grateful, proud, calm, hopeful and so tired. ' +
        'We talked about work, school, money, family, friends, travel, coffee, music, football, the dog and the weather.',
    )
    expect(result.emotions).toHaveLength(5)
    expect(result.topics).toHaveLength(8)
  })

  it('stops when the caller aborts', async () => {
    await expect(analyzer.analyze('Hello there', AbortSignal.abort())).rejects.toThrow()
  })
})

describe('label vocabulary', () => {
  it('uses short lowercase labels and maps synonyms onto labels that exist', () => {
    for (const label of [...EMOTION_LABELS, ...TOPIC_LABELS]) expect(label).toMatch(/^[a-z]{2,16}$/)
    expect(new Set(EMOTION_LABELS).size).toBe(EMOTION_LABELS.length)
    expect(new Set(TOPIC_LABELS).size).toBe(TOPIC_LABELS.length)
    for (const name of ['joy', 'love', 'gratitude', 'excitement', 'calm', 'sadness', 'stress', 'anxiety', 'anger', 'nostalgia']) {
      expect(EMOTION_LABELS).toContain(canonicalEmotion(name))
    }
    for (const name of ['happy', 'excited', 'grateful', 'stressed', 'tired', 'determined']) expect(EMOTION_LABELS).toContain(name)
    expect(canonicalEmotion(' Love ')).toBe('loving')
    expect(canonicalTopic('Job')).toBe('work')
    expect(canonicalTopic('something else')).toBe('something else')
  })
})
