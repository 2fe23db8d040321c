export function FaqPage() {
  return <h1>FAQ</h1>;
}
