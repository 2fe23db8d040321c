export function OrdersPage() {
  return <h1>My Account</h1>;
}
