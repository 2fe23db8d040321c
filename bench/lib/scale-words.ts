/**
 * Words of the scale catalog (`scale-seed.ts`): product names are an adjective and a noun and a
 * kind ("Crimson Mountain Pack"), descriptions draw from FILLER, ADJECTIVES and NOUNS with the
 * first words far more often than the last, as a real catalog's words are.
 */

const words = (text: string) => text.trim().split(/\s+/);

export const ADJECTIVES = words(`
  crimson azure golden silver velvet misty silent electric ancient hidden frozen burning gentle
  wild lucky brave quiet bright hollow lunar solar cosmic urban rustic vintage modern retro
  neon pastel amber emerald ivory obsidian scarlet cobalt copper bronze marble granite crystal
  paper wooden iron glass liquid smoky dusty sunny rainy stormy windy snowy foggy cloudy starry
  midnight morning evening autumn winter spring summer tropical arctic coastal alpine
  nordic royal humble noble swift lazy happy sleepy grumpy curious clever fierce calm restless
  dreamy mystic magic savage tiny giant little grand mighty fragile sturdy soft rough smooth
  sharp blunt round square curved twisted broken perfect simple complex abstract organic
  geometric minimal elegant playful serious vivid muted faded glossy matte shiny woven knitted
  painted inked sketched carved molded folded layered striped dotted checkered spotted floral
  leafy grassy sandy rocky muddy salty sweet bitter sour spicy fresh stale early late distant
  nearby northern southern eastern western upper lower inner outer central lonely friendly
  hungry thirsty gloomy cheerful radiant dim pale deep shallow heavy hot cold warm cool
  frosty icy fiery stony silky woolly furry feathered scaled horned winged rapid slow loud
  hushed secret open closed endless infinite brief timeless eternal fleeting wandering sleeping
  dancing singing flying falling rising glowing shimmering flickering roaring whispering
  crumbling blooming
`);

export const NOUNS = words(`
  mountain river forest ocean desert valley canyon island meadow glacier volcano harbor
  lighthouse castle tower bridge garden orchard vineyard village city street alley market
  station tunnel cathedral temple palace cottage cabin barn mill fountain statue monument
  lantern candle mirror window door staircase balcony rooftop chimney fence gate path road
  trail compass anchor sail ship boat canoe raft wagon train rocket comet planet moon star
  galaxy nebula meteor eclipse horizon sunrise sunset twilight dawn dusk storm thunder
  lightning rainbow cloud breeze wave tide reef shell pearl coral kelp whale dolphin shark
  turtle octopus falcon eagle owl raven sparrow swan heron crane fox wolf bear deer rabbit
  otter badger lynx tiger lion panther leopard elephant giraffe zebra camel horse pony
  dragon phoenix griffin unicorn serpent beetle butterfly moth spider ant bee hornet firefly
  lotus orchid tulip rose daisy lily fern moss oak pine maple willow birch cedar cactus
  bamboo ivy clover thistle acorn seed root branch leaf petal blossom berry apple cherry
  lemon peach plum melon grape fig olive honey bread cheese coffee tea cocoa cookie cake
  pie jam sugar salt pepper spice ember flame ash smoke spark crown sword shield arrow bow
  hammer anvil forge scroll book journal letter map atlas clock bell drum flute violin harp
  piano guitar trumpet echo melody rhythm chorus ballad sonnet riddle puzzle dream vision
  memory shadow ghost spirit
`);

/** The most frequent description words; PACK_WORD also ends many names. */
export const FILLER = words(`
  pack set collection bundle kit series edition design style texture pattern layer color
  shape detail frame scene print poster card icon badge sticker brush stroke line curve
  outline shade tone light contrast mood theme motif element asset file format layout
  template mockup preview sample variant version update license project studio creator
  artist maker crafted handmade ready editable scalable printable seamless royalty free
  commercial personal digital high resolution vector raster photo render model sound font
  interface screen mobile desktop web social media banner cover header background wallpaper
  overlay gradient palette grid
`);

/** The name endings; "Pack" is shared with three demo products, so a search finds both. */
export const KINDS = words(`
  pack set collection bundle kit series edition studio library toolkit
`);

/** Each appears in the descriptions of exactly RARE_EACH products: the rare searches. */
export const RARE_WORDS = words(`
  quokka axolotl narwhal pangolin okapi tardigrade capybara wombat kinkajou fossa
`);
export const RARE_EACH = 5;

/** Search terms the scale section asks for: common, rare, and a misspelling of a noun. */
export const SEARCH_TERMS = {
  common: 'pack',
  rare: RARE_WORDS[0]!,
  misspelt: 'mountian',
} as const;

const title = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

export const titled = (list: readonly string[]) => list.map(title);

/** Descriptions draw from this list: filler first, then adjectives, then nouns. */
export const VOCABULARY = [...FILLER, ...ADJECTIVES, ...NOUNS];
