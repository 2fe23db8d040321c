export function Navbar() {
  return <h1>nav</h1>;
}
