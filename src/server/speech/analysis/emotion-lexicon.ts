/**
 * The emotion lexicon of the offline analyser: which words and short phrases in a transcript suggest
 * which feeling.
 *
 * How labels were chosen: a label is one short lowercase ADJECTIVE describing how the speaker feels
 * ("happy", "excited", "grateful", "stressed", "tired", "determined"), because the UI shows labels as
 * chips that read as "feeling ___", and because the speech fixtures use that style. Nouns for the same
 * feeling ("joy", "gratitude", "stress"), near synonyms ("thankful", "worried") and "love" map to a label
 * through EMOTION_SYNONYMS; `canonicalEmotion` applies that map, so labels from the OpenAI model and from
 * tests use the same vocabulary. "love" becomes "loving": the adjective for the affection of a close
 * contact ("I miss you", "love you"), which is what people express in these messages.
 *
 * How terms match (see offline-analyzer.ts):
 * - A single word matches a token when it equals the token's lowercase text or its lemma, so "stress"
 *   covers "stressed" and "stressing". A word may end in `/POS` (a universal part-of-speech tag such as
 *   `miss/VERB`) to count only with that part of speech.
 * - A term with spaces is a phrase; it is tokenised by the same model, so "can't wait" also matches
 *   "cannot wait", and it matches token by token on text or lemma. A token used by an emotion phrase is
 *   not counted again by single emotion words ("cry happy tears" is happy, not sad).
 * - Weights: `strong` terms name the feeling (2), `cues` usually carry it (1), `hints` often do (0.5).
 *   "so", "really", "very" and similar just before a term multiply it by 1.5; an exclamation mark in the
 *   sentence by 1.25.
 * - A term in the scope of a negation ("not happy", "never worried", "don't feel stressed") does not
 *   count. Phrases that contain their own negation ("can't wait", "not give up") are written with it.
 * - `valence` (-1..1) is how positive the feeling is; the analyser blends it into the sentiment score.
 */

export type EmotionEntry = {
  label: string
  valence: number
  strong: readonly string[]
  cues: readonly string[]
  hints?: readonly string[]
}

export const EMOTION_LEXICON: readonly EmotionEntry[] = [
  {
    label: 'happy',
    valence: 1,
    strong: ['happy', 'happiness', 'joy', 'joyful', 'glad', 'delighted', 'overjoyed', 'cheerful', 'ecstatic', 'elated'],
    cues: [
      'great news', 'good news', 'best day', 'made my day', 'happy tears', 'cry happy tears', 'tears of joy',
      'wonderful', 'fantastic', 'amazing', 'awesome', 'brilliant', 'smile', 'yay', 'hooray', 'so good', 'feel good',
      'lovely', 'beautiful', 'perfect', 'blessed', 'content',
    ],
    hints: ['fun', 'nice', 'good time', 'enjoy', 'laugh'],
  },
  {
    label: 'loving',
    valence: 1,
    strong: ['love/VERB', 'love/NOUN', 'adore', 'affection', 'i love you', 'love you'],
    cues: [
      'miss you', 'missing you', 'miss her', 'miss him', 'miss them', 'miss us', 'miss your', 'hug', 'hugs', 'kiss', 'kisses', 'xoxo', 'sweetheart', 'darling', 'honey/NOUN',
      'in my life', 'mean the world', 'means the world', 'thinking of you', 'thinking about you', 'my heart',
      'cherish', 'dear',
    ],
    // "miss" alone is only a hint: the tagger calls "Miss Jones" and "miss the bus" verbs too
    hints: ['miss/VERB', 'sweet', 'close to you', 'with you'],
  },
  {
    label: 'grateful',
    valence: 1,
    strong: ['grateful', 'gratitude', 'thankful', 'thank you', 'thanks', 'appreciate', 'appreciative'],
    cues: ['thank', 'so kind of you', 'you are the best', "you're the best", 'means a lot', 'lucky to have you', 'blessed to have'],
  },
  {
    label: 'excited',
    valence: 0.9,
    strong: ['excited', 'excitement', 'thrilled', 'exciting', 'pumped', 'stoked', "can't wait", 'cannot wait'],
    cues: ['looking forward', 'look forward', 'eager', 'psyched', 'woohoo', 'guess what', 'big news', 'wow'],
    hints: ['finally', 'soon'],
  },
  {
    label: 'calm',
    valence: 0.6,
    strong: ['calm', 'peaceful', 'relaxed', 'serene', 'at peace', 'relieved', 'relief'],
    cues: ['relax', 'relaxing', 'quiet', 'chill', 'rest/VERB', 'unwind', 'slow morning', 'deep breath', 'take it easy', 'no rush'],
    hints: ['cozy', 'gentle', 'easy'],
  },
  {
    label: 'hopeful',
    valence: 0.7,
    strong: ['hopeful', 'optimistic', 'fingers crossed'],
    cues: ['hope/VERB', 'hope/NOUN', 'wish/VERB', 'looking up', 'things will get better', 'better days', 'will be fine', 'will be okay'],
  },
  {
    label: 'proud',
    valence: 0.9,
    strong: ['proud', 'pride', 'so proud'],
    cues: ['accomplish', 'accomplishment', 'achievement', 'achieve', 'well done', 'you did it', 'we did it', 'nailed it', 'congratulations', 'congrats'],
  },
  {
    label: 'determined',
    valence: 0.4,
    strong: ['determined', 'determination', 'resolve', 'resolved', 'committed', 'dedicated', 'never give up', 'not give up'],
    cues: [
      'motivated', 'focused', 'persevere', 'persist', 'keep going', 'push through', 'make it happen', 'get it done',
      'you can do it', 'we can do this', 'we can do it', 'i can do this', 'what you can do',
      'we must', 'we shall', 'no matter what',
    ],
    hints: ['can do', 'challenge', 'goal', 'try harder'],
  },
  {
    label: 'amused',
    valence: 0.8,
    strong: ['amused', 'hilarious', 'lol', 'haha', 'hahaha', 'laughing'],
    cues: ['funny', 'joke', 'laughed', 'cracked me up', 'so funny', 'lmao'],
  },
  {
    label: 'caring',
    valence: 0.6,
    strong: ['here for you', 'take care', 'feel better', 'get well', 'sorry for your loss', 'thinking of you'],
    cues: ['look after', 'check on you', 'checking in', 'let me know if you need', 'worried about you', 'be gentle with yourself'],
    hints: ['help', 'care', 'support', 'how are you'],
  },
  {
    label: 'surprised',
    valence: 0.2,
    strong: ['surprised', 'surprise', 'shocked', 'astonished', 'amazed', "can't believe", 'cannot believe'],
    cues: ['no way', 'out of nowhere', 'unexpected', 'unexpectedly', 'oh my god', 'omg', 'believe it'],
  },
  {
    label: 'sad',
    valence: -1,
    strong: ['sad', 'sadness', 'unhappy', 'heartbroken', 'depressed', 'miserable', 'devastated', 'grief', 'grieve', 'sorrow'],
    cues: ['cry', 'crying', 'tears', 'tear/NOUN', 'upset', 'hurt', 'hurts', 'broke my heart', 'passed away', 'loss', 'bad news', 'gloomy', 'feeling down', 'feel down'],
    hints: ['wish you were here', 'hard day', 'sigh', 'lost'],
  },
  {
    label: 'lonely',
    valence: -0.8,
    strong: ['lonely', 'loneliness', 'alone', 'isolated'],
    cues: ['by myself', 'nobody', 'no one to talk', 'left out', 'on my own', 'empty house'],
  },
  {
    label: 'stressed',
    valence: -0.8,
    strong: ['stressed', 'stress', 'stressful', 'overwhelmed', 'overwhelming', 'burnt out', 'burned out', 'burnout'],
    cues: [
      'pressure', 'deadline', 'deadlines', 'rough', 'hectic', 'chaotic', 'crazy busy', 'so busy', 'too much', 'swamped',
      'struggling', 'struggle', 'hard week', 'tough week', 'rough week', 'long week', 'tough', 'difficult',
    ],
    hints: ['busy', 'rushed', 'hard', 'mess'],
  },
  {
    label: 'anxious',
    valence: -0.8,
    strong: ['anxious', 'anxiety', 'worried', 'worry', 'nervous', 'afraid', 'scared', 'fear', 'panic', 'dread'],
    cues: ['uneasy', 'on edge', 'freaking out', 'freak out', 'tense', 'concerned', 'what if', "can't stop thinking"],
    hints: ['unsure', 'uncertain', 'nervously'],
  },
  {
    label: 'angry',
    valence: -1,
    strong: ['angry', 'anger', 'furious', 'mad', 'livid', 'rage', 'hate', 'pissed'],
    cues: ['outraged', 'unacceptable', 'how dare', 'sick of', 'fed up', 'mean/ADJ'],
    hints: ['awful', 'terrible', 'horrible'],
  },
  {
    label: 'frustrated',
    valence: -0.8,
    strong: ['frustrated', 'frustrating', 'frustration', 'annoyed', 'annoying', 'irritated', 'irritating'],
    cues: ['ugh', 'again and again', 'keeps happening', 'not working', "doesn't work", 'waste of time', 'stuck', 'fed up with'],
  },
  {
    label: 'tired',
    valence: -0.5,
    strong: ['tired', 'exhausted', 'exhaustion', 'fatigue', 'sleepy', 'weary', 'worn out', 'drained', 'wiped out'],
    cues: [
      'barely slept', 'barely sleep', 'no sleep', "didn't sleep", "couldn't sleep", "can't sleep", 'not enough sleep',
      'little sleep', 'up all night', 'long day', 'need a nap', 'need some rest', 'could use a break', 'yawn',
    ],
    hints: ['nap', 'could use'],
  },
  {
    label: 'nostalgic',
    valence: 0.1,
    strong: ['nostalgic', 'nostalgia', 'reminisce', 'memories', 'good old days'],
    cues: ['remember when', 'do you remember', 'back then', 'back in the day', 'old times', 'when we were kids', 'when we were young', 'childhood'],
    hints: ['remember', 'memory', 'years ago', 'used to'],
  },
  {
    label: 'apologetic',
    valence: -0.3,
    strong: ['apologize', 'apologise', 'apology', 'i am sorry', "i'm sorry", 'so sorry', 'forgive me'],
    cues: ['sorry', 'my fault', 'my bad', 'regret', 'should have called', "shouldn't have"],
  },
]

/** Every label the lexicon can give, in the order of the lexicon. */
export const EMOTION_LABELS: readonly string[] = EMOTION_LEXICON.map((e) => e.label)

/**
 * Other names for a label: nouns, near synonyms and the labels of the brief and the speech fixtures.
 * Labels from any source (lexicon, OpenAI model, test expectations) go through `canonicalEmotion`.
 */
export const EMOTION_SYNONYMS: Readonly<Record<string, string>> = {
  joy: 'happy', joyful: 'happy', happiness: 'happy', glad: 'happy', cheerful: 'happy', delighted: 'happy', content: 'happy', contentment: 'happy', elated: 'happy',
  love: 'loving', affection: 'loving', affectionate: 'loving', romantic: 'loving', tender: 'loving', longing: 'loving', 'missing you': 'loving',
  gratitude: 'grateful', thankful: 'grateful', thankfulness: 'grateful', appreciative: 'grateful', appreciation: 'grateful',
  excitement: 'excited', thrilled: 'excited', eager: 'excited', enthusiastic: 'excited', enthusiasm: 'excited', anticipation: 'excited',
  calmness: 'calm', peaceful: 'calm', peace: 'calm', relaxed: 'calm', relief: 'calm', relieved: 'calm', serene: 'calm',
  hope: 'hopeful', optimistic: 'hopeful', optimism: 'hopeful',
  pride: 'proud',
  determination: 'determined', resolve: 'determined', resolute: 'determined', motivated: 'determined', motivation: 'determined', inspired: 'determined', patriotic: 'determined',
  amusement: 'amused', funny: 'amused', playful: 'amused', humor: 'amused', humour: 'amused',
  care: 'caring', compassion: 'caring', compassionate: 'caring', supportive: 'caring', support: 'caring', sympathy: 'caring', sympathetic: 'caring', empathy: 'caring', concern: 'caring',
  surprise: 'surprised', shocked: 'surprised', amazed: 'surprised', astonished: 'surprised',
  sadness: 'sad', unhappy: 'sad', sorrow: 'sad', grief: 'sad', heartbroken: 'sad', upset: 'sad', melancholy: 'sad', disappointed: 'sad', disappointment: 'sad',
  loneliness: 'lonely', alone: 'lonely', isolated: 'lonely',
  stress: 'stressed', overwhelmed: 'stressed', pressured: 'stressed', 'under pressure': 'stressed', 'burned out': 'stressed', 'burnt out': 'stressed',
  anxiety: 'anxious', worry: 'anxious', worried: 'anxious', nervous: 'anxious', fear: 'anxious', fearful: 'anxious', afraid: 'anxious', scared: 'anxious', uneasy: 'anxious',
  anger: 'angry', mad: 'angry', furious: 'angry', rage: 'angry',
  frustration: 'frustrated', annoyed: 'frustrated', annoyance: 'frustrated', irritated: 'frustrated', irritation: 'frustrated',
  tiredness: 'tired', exhausted: 'tired', exhaustion: 'tired', fatigue: 'tired', fatigued: 'tired', sleepy: 'tired', weary: 'tired', drained: 'tired',
  nostalgia: 'nostalgic', wistful: 'nostalgic', reminiscent: 'nostalgic', sentimental: 'nostalgic',
  apology: 'apologetic', sorry: 'apologetic', regret: 'apologetic', regretful: 'apologetic', remorse: 'apologetic',
}

/** The vocabulary's label for an emotion name, or the name itself (lowercase, trimmed) when it has none. */
export function canonicalEmotion(label: string): string {
  const key = label.trim().toLowerCase().replace(/\s+/g, ' ')
  return EMOTION_SYNONYMS[key] ?? key
}
