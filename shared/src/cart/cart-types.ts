/** Computed by the client from the cart and the coupon (computeTotals): no api answer. */
export interface CartTotals {
  subtotal: number;
  total: number;
}
