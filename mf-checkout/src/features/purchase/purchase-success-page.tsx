export function PurchaseSuccessPage() {
  return <h1>Purchase Successful!</h1>;
}
