export function SupportPage() {
  return <h1>Support</h1>;
}
