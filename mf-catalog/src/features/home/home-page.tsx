export function HomePage() {
  return (
    <section>
      <p>Premium Digital Marketplace</p>
      <h1>Discover Amazing Digital Creations</h1>
    </section>
  );
}
