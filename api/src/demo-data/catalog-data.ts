export interface SeedDropdownItem {
  name: string;
  displayName: string;
  icon: string;
}

export type SeedFileKind = 'svg' | 'png' | 'obj' | 'txt' | 'csv' | 'wav' | 'json';

export interface SeedProduct {
  slug: string;
  name: string;
  description: string;
  price: number;
  category: string;
  assetType: string;
  featured?: boolean;
  file: SeedFileKind;
}

// The icons have images in shell/public/category.
export const SEED_CATEGORIES: SeedDropdownItem[] = [
  { name: 'digital-art', displayName: 'Digital Art', icon: 'digital-art' },
  { name: 'photography', displayName: 'Photography', icon: 'photography' },
  { name: '3d-models', displayName: '3D Models', icon: '3d-models' },
  { name: 'fonts', displayName: 'Fonts', icon: 'fonts' },
  { name: 'templates', displayName: 'Templates', icon: 'templates' },
  { name: 'audio', displayName: 'Audio & Music', icon: 'audio' },
  { name: 'software', displayName: 'Software & Tools', icon: 'software' },
  { name: 'ui-kits', displayName: 'UI Kits', icon: 'ui-kits' },
];

export const SEED_ASSET_TYPES: SeedDropdownItem[] = [
  { name: 'image', displayName: 'Image', icon: 'image' },
  { name: 'vector', displayName: 'Vector Graphics', icon: 'vector' },
  { name: 'archive', displayName: 'ZIP Archive', icon: 'archive' },
  { name: 'audio', displayName: 'Audio File', icon: 'audio' },
];

export const SEED_PRODUCTS: SeedProduct[] = [
  {
    slug: 'neon-dreams-poster-pack',
    name: 'Neon Dreams Poster Pack',
    description:
      'Twelve synthwave-inspired poster designs with glowing gradients, ready to print up to A2.',
    price: 24.99,
    category: 'digital-art',
    assetType: 'vector',
    featured: true,
    file: 'svg',
  },
  {
    slug: 'abstract-fluid-backgrounds',
    name: 'Abstract Fluid Backgrounds',
    description:
      'Thirty high-resolution fluid art backgrounds for wallpapers, slides and social media posts.',
    price: 14.99,
    category: 'digital-art',
    assetType: 'image',
    file: 'png',
  },
  {
    slug: 'botanical-line-illustrations',
    name: 'Botanical Line Illustrations',
    description:
      'Hand-drawn botanical line art: 40 leaves, flowers and branches as editable vectors.',
    price: 19.0,
    category: 'digital-art',
    assetType: 'vector',
    file: 'svg',
  },
  {
    slug: 'alpine-sunrise-collection',
    name: 'Alpine Sunrise Collection',
    description:
      'Twenty-four landscape photographs of the Alps at first light, shot in RAW and edited by hand.',
    price: 39.0,
    category: 'photography',
    assetType: 'image',
    featured: true,
    file: 'png',
  },
  {
    slug: 'urban-street-life-bundle',
    name: 'Urban Street Life Bundle',
    description:
      'Candid street photography from Tokyo, Lisbon and New York with a full commercial licence.',
    price: 29.99,
    category: 'photography',
    assetType: 'image',
    file: 'png',
  },
  {
    slug: 'minimal-flat-lay-stock',
    name: 'Minimal Flat Lay Stock Photos',
    description:
      'Bright, airy flat lay photos of desks, coffee and stationery for blogs and shops.',
    price: 9.99,
    category: 'photography',
    assetType: 'image',
    file: 'png',
  },
  {
    slug: 'low-poly-forest-kit',
    name: 'Low Poly Forest Kit',
    description:
      'Sixty game-ready low poly trees, rocks and plants with shared materials and LOD variants.',
    price: 49.99,
    category: '3d-models',
    assetType: 'archive',
    featured: true,
    file: 'obj',
  },
  {
    slug: 'sci-fi-vehicle-pack',
    name: 'Sci-Fi Vehicle Pack',
    description:
      'Eight detailed hover vehicles with PBR textures, rigged wheels and interior cockpits.',
    price: 129.0,
    category: '3d-models',
    assetType: 'archive',
    file: 'obj',
  },
  {
    slug: 'modern-furniture-set',
    name: 'Modern Furniture Set',
    description:
      'Scandinavian chairs, tables and lamps modelled to real-world scale for interior renders.',
    price: 59.0,
    category: '3d-models',
    assetType: 'archive',
    file: 'obj',
  },
  {
    slug: 'aurora-sans-font-family',
    name: 'Aurora Sans Font Family',
    description:
      'A geometric sans serif in nine weights with italics, ligatures and extended Latin support.',
    price: 45.0,
    category: 'fonts',
    assetType: 'archive',
    file: 'txt',
  },
  {
    slug: 'vintage-script-typeface',
    name: 'Vintage Script Typeface',
    description: 'A flowing retro script with swashes and alternates for logos and labels.',
    price: 18.5,
    category: 'fonts',
    assetType: 'archive',
    file: 'txt',
  },
  {
    slug: 'mono-code-font',
    name: 'Mono Code Font',
    description:
      'A monospaced coding font with clear zero, programming ligatures and powerline glyphs.',
    price: 12.0,
    category: 'fonts',
    assetType: 'archive',
    file: 'txt',
  },
  {
    slug: 'startup-pitch-deck',
    name: 'Startup Pitch Deck Template',
    description:
      'Forty slides of investor-ready layouts with charts, team pages and editable icons.',
    price: 34.0,
    category: 'templates',
    assetType: 'archive',
    featured: true,
    file: 'csv',
  },
  {
    slug: 'freelance-invoice-kit',
    name: 'Freelance Invoice Kit',
    description: 'Invoice, quote and receipt templates with automatic totals and tax columns.',
    price: 7.99,
    category: 'templates',
    assetType: 'archive',
    file: 'csv',
  },
  {
    slug: 'social-media-content-planner',
    name: 'Social Media Content Planner',
    description: 'A year of post planning with hashtag sets, a calendar and analytics sheets.',
    price: 11.5,
    category: 'templates',
    assetType: 'archive',
    file: 'csv',
  },
  {
    slug: 'lofi-beats-sample-library',
    name: 'Lo-Fi Beats Sample Library',
    description: 'Two hundred royalty-free drum loops, vinyl textures and chord stems at 90 BPM.',
    price: 27.0,
    category: 'audio',
    assetType: 'audio',
    featured: true,
    file: 'wav',
  },
  {
    slug: 'cinematic-ambience-pack',
    name: 'Cinematic Ambience Pack',
    description:
      'Evolving drones, risers and atmospheres for film trailers, recorded at 24-bit 96 kHz.',
    price: 64.0,
    category: 'audio',
    assetType: 'audio',
    file: 'wav',
  },
  {
    slug: 'ui-sound-effects',
    name: 'UI Sound Effects',
    description: 'Clicks, toggles, notifications and success chimes tuned for apps and games.',
    price: 4.99,
    category: 'audio',
    assetType: 'audio',
    file: 'wav',
  },
  {
    slug: 'pixel-perfect-screenshot-tool',
    name: 'Pixel Perfect Screenshot Tool',
    description: 'A cross-platform capture tool with annotations, blur and one-click sharing.',
    price: 22.0,
    category: 'software',
    assetType: 'archive',
    file: 'json',
  },
  {
    slug: 'color-palette-generator',
    name: 'Color Palette Generator',
    description: 'Generate accessible colour palettes and export them to CSS, Figma and Sketch.',
    price: 15.0,
    category: 'software',
    assetType: 'archive',
    file: 'json',
  },
  {
    slug: 'developer-productivity-suite',
    name: 'Developer Productivity Suite',
    description:
      'Snippets manager, API client and log viewer in one licence, with a year of updates.',
    price: 249.0,
    category: 'software',
    assetType: 'archive',
    file: 'json',
  },
  {
    slug: 'dashboard-ui-kit-pro',
    name: 'Dashboard UI Kit Pro',
    description: 'Four hundred dashboard components and sixty screens in light and dark themes.',
    price: 79.0,
    category: 'ui-kits',
    assetType: 'vector',
    featured: true,
    file: 'svg',
  },
  {
    slug: 'mobile-banking-app-kit',
    name: 'Mobile Banking App Kit',
    description:
      'A complete iOS and Android banking flow: onboarding, cards, transfers and charts.',
    price: 54.0,
    category: 'ui-kits',
    assetType: 'vector',
    file: 'svg',
  },
  {
    slug: 'ecommerce-wireframe-kit',
    name: 'E-commerce Wireframe Kit',
    description: 'Low-fidelity wireframes for product pages, carts and checkouts to plan fast.',
    price: 16.0,
    category: 'ui-kits',
    assetType: 'vector',
    file: 'svg',
  },
];
