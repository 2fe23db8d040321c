export function PurchaseCancelPage() {
  return <h1>Purchase Cancelled</h1>;
}
