export function Footer() {
  return <h1>footer</h1>;
}
