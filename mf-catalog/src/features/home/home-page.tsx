import { CategoryCards } from './category-cards';
import { FeaturedProducts } from './featured-products';
import { Hero } from './hero';
import { StatsStrip } from './stats-strip';

export function HomePage() {
  return (
    <>
      <Hero />
      <StatsStrip />
      <CategoryCards />
      <FeaturedProducts />
    </>
  );
}
